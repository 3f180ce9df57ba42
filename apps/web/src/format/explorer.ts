/**
 * Block-explorer links. Only a base58 string becomes a link, so a stored value can never turn
 * into a `javascript:` or off-site URL of someone else's choosing.
 */
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,100}$/;

export function transactionExplorerUrl(signature: string): string | undefined {
  return BASE58.test(signature) ? `https://explorer.solana.com/tx/${signature}` : undefined;
}
