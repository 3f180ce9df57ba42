/**
 * A Solana address shortened for tight places: the first and last `edge` characters around an
 * ellipsis (`7xKX…sAsU`). Short strings come back unchanged.
 */
export function shortenAddress(address: string, edge = 4): string {
  const text = address.trim();
  if (edge < 1 || text.length <= edge * 2 + 1) return text;
  return `${text.slice(0, edge)}…${text.slice(-edge)}`;
}
