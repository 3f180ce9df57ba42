import type { WalletValues } from '../api/valuation';
import type { SlimWallet } from '../api/wallets';
import { lamportsAsSolNumber } from '../format/valuation-number';

/**
 * The wallet list with each wallet's token value from `GET /api/valuation/wallets` (the list
 * itself carries none: prices move without the wallets changing). A wallet the answer lists gets
 * its value (null when none of its tokens is priced); one holding no token balance is worth $0 in
 * tokens; one holding tokens the answer does not list (it predates them) stays unknown (null).
 * Without an answer yet, the list is returned as it is.
 */
export function withWalletValues(
  wallets: readonly SlimWallet[],
  values: WalletValues | undefined,
): readonly SlimWallet[] {
  if (values === undefined) return wallets;
  const { ids, tokensUsd } = values.wallets;
  const byId = new Map<string, number | null>();
  for (let index = 0; index < ids.length; index++) {
    byId.set(ids[index] ?? '', tokensUsd[index] ?? null);
  }
  return wallets.map((wallet) => {
    const found = byId.get(wallet.id);
    const tokensValueUsd =
      found !== undefined ? found : wallet.tokenStats.withBalance === 0 ? 0 : null;
    return tokensValueUsd === wallet.tokensValueUsd ? wallet : { ...wallet, tokensValueUsd };
  });
}

/**
 * A wallet's Total Value (spec 2 §2.1): its SOL at `solPriceUsd` plus its priced tokens, as the
 * Portfolio Overview adds them. Unknown (null) without a SOL price, before its first scan, or
 * while none of its tokens has a value: SOL alone would read as the whole.
 */
export function walletTotalUsd(
  wallet: Pick<SlimWallet, 'lamports' | 'tokensValueUsd' | 'tokenStats'>,
  solPriceUsd: number | null,
): number | null {
  if (solPriceUsd === null || wallet.lamports === null) return null;
  const tokens = wallet.tokenStats.withBalance === 0 ? 0 : wallet.tokensValueUsd;
  if (tokens === null) return null;
  return lamportsAsSolNumber(BigInt(wallet.lamports)) * solPriceUsd + tokens;
}

/** The SOL price a wallet values answer was made with, or null when it had none. */
export function walletValuesSolPrice(values: WalletValues | undefined): number | null {
  return values?.solPrice.status === 'known' ? values.solPrice.priceUsd : null;
}
