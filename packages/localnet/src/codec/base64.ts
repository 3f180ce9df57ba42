// Strict base64: Node's Buffer silently skips bad characters, but Agave refuses them with the
// `base64` crate's error, so the input is checked first.

const VALID = /^[A-Za-z0-9+/]*={0,2}$/;

export class Base64Error extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'Base64Error';
  }
}

export function decodeBase64(text: string): Uint8Array {
  if (!VALID.test(text) || text.length % 4 === 1) {
    const index = [...text].findIndex((c) => !/[A-Za-z0-9+/=]/.test(c));
    const at = index < 0 ? text.length - 1 : index;
    throw new Base64Error(`InvalidByte(${at}, ${text.charCodeAt(at) || 0})`);
  }
  const buffer = Buffer.from(text, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
