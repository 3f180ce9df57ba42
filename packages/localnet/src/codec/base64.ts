// Strict base64: Node's Buffer silently skips bad characters and missing padding, but Agave
// refuses them with the `base64` crate's errors, so the input is checked first.

const ALPHABET = /^[A-Za-z0-9+/]*$/;

export class Base64Error extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'Base64Error';
  }
}

export function decodeBase64(text: string): Uint8Array {
  const body = text.replace(/={1,2}$/, '');
  if (!ALPHABET.test(body)) {
    const index = [...body].findIndex((c) => !/[A-Za-z0-9+/]/.test(c));
    throw new Base64Error(`InvalidByte(${index}, ${body.charCodeAt(index)})`);
  }
  if (text.length % 4 !== 0) throw new Base64Error('InvalidPadding');
  const buffer = Buffer.from(text, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
