import { formatSolExact, holdsFunds, type WalletHolding, formatTokenAmount } from '@fleet/core';
import { shortenAddress } from '../../format/address';

/** One wallet as the archive and delete confirmations list it. */
export interface HoldingLine {
  readonly id: string;
  readonly address: string;
  readonly name: string | null;
  /** "1.5 SOL", "0 SOL" or "Never scanned". */
  readonly sol: string;
  /** "2 with a balance: USDC 1.5, BONK 7", or "None". */
  readonly tokens: string;
  readonly funded: boolean;
  readonly unscanned: boolean;
}

export const NEVER_SCANNED = 'Never scanned';

/**
 * The lines of a funds review: wallets holding funds first (most SOL first), then those never
 * scanned, then the empty ones, so what is at stake is at the top of a long list.
 */
export function holdingLines(wallets: readonly WalletHolding[]): HoldingLine[] {
  const ranked = wallets.map((wallet) => ({
    wallet,
    funded: holdsFunds(wallet),
    lamports: wallet.lamports === null ? -1n : BigInt(wallet.lamports),
  }));
  ranked.sort((left, right) => {
    const rank = (entry: (typeof ranked)[number]) =>
      entry.funded ? 0 : entry.wallet.lamports === null ? 1 : 2;
    const byRank = rank(left) - rank(right);
    if (byRank !== 0) return byRank;
    if (left.lamports !== right.lamports) return left.lamports > right.lamports ? -1 : 1;
    return right.wallet.tokenAccountsWithBalance - left.wallet.tokenAccountsWithBalance;
  });
  return ranked.map(({ wallet, funded }) => ({
    id: wallet.id,
    address: wallet.address,
    name: wallet.name,
    sol:
      wallet.lamports === null ? NEVER_SCANNED : `${formatSolExact(BigInt(wallet.lamports))} SOL`,
    tokens: tokensText(wallet),
    funded,
    unscanned: wallet.lamports === null,
  }));
}

function tokensText(wallet: WalletHolding): string {
  if (wallet.tokenAccountsWithBalance === 0) return 'None';
  const named = wallet.tokens
    .map(
      (token) =>
        `${token.symbol ?? shortenAddress(token.mint)} ${formatTokenAmount(token.amount, token.decimals)}`,
    )
    .join(', ');
  const more = wallet.tokenAccountsWithBalance - wallet.tokens.length;
  return `${wallet.tokenAccountsWithBalance} with a balance: ${named}${more > 0 ? `, ${more} more` : ''}`;
}
