// Solana's compact-u16 ("shortvec") length prefix: seven bits a byte, the high bit set on every
// byte but the last.

export function shortU16(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}
