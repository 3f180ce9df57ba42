// Numbers as the providers write them: decimal text without exponents (GeckoTerminal's
// "0.0000000171958095080056", DexScreener's "0.000004873"), and rounded JSON numbers.

/** `value` in plain decimal notation with at most `significant` significant digits. */
export function decimalText(value: number, significant = 15): string {
  if (!Number.isFinite(value)) return '0';
  if (value === 0) return '0';
  const [mantissa = '0', exponentText = '0'] = value.toExponential(significant - 1).split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '').replace(/0+$/, '') || '0';
  let text: string;
  if (exponent < 0) text = `0.${'0'.repeat(-exponent - 1)}${digits}`;
  else if (digits.length <= exponent + 1) text = digits + '0'.repeat(exponent + 1 - digits.length);
  else text = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  return negative ? `-${text}` : text;
}

/** Rounded to `places` decimals, as a JSON number. */
export function rounded(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
