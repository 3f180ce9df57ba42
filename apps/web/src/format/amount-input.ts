/**
 * The amount fields of spec 2 §5 and spec 3 §5 (SOL and token amounts alike): what the operator
 * types is kept to digits and one decimal point, leading zeros are stripped (a lone 0 before the
 * point stays), and nothing can go below 0 (a minus sign is not a digit). Decimals past
 * `maxDecimals` (a lamport, a mint's smallest unit) are dropped as they are typed; null keeps
 * them all (a mint whose decimals are not known yet).
 */
export function filterAmountInput(typed: string, maxDecimals: number | null): string {
  let whole = '';
  let fraction = '';
  let seenPoint = false;
  for (const char of typed) {
    if (char === '.' && !seenPoint) {
      seenPoint = true;
    } else if (char >= '0' && char <= '9') {
      if (seenPoint) fraction += char;
      else whole += char;
    }
  }
  whole = whole.replace(/^0+(?=\d)/, '');
  if (seenPoint && whole === '') whole = '0';
  if (!seenPoint) return whole;
  return `${whole}.${maxDecimals === null ? fraction : fraction.slice(0, maxDecimals)}`;
}
