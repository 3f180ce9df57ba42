import { formatSolExact } from '../format/lamports';
import { sumLamports } from './sum-lamports';

/**
 * What a set of wallets holds, as the archive and permanent-delete confirmations warn about it and
 * as the server checks a permanent delete. "Funded" means SOL or a token account with a balance
 * at the last scan; a wallet never scanned is counted apart, because it may hold anything.
 */
export interface WalletFunds {
  /** Lamports at the last scan, or null when the wallet has never been scanned. */
  readonly lamports: string | null;
  readonly tokenAccountsWithBalance: number;
}

export interface FundsSummary {
  readonly wallets: number;
  /** Wallets with SOL or a token balance. */
  readonly funded: number;
  /** Wallets never scanned: their holdings are unknown. */
  readonly unscanned: number;
  /** Lamports held by all of them together, as a decimal string. */
  readonly lamports: string;
  readonly tokenAccountsWithBalance: number;
}

export function holdsFunds(wallet: WalletFunds): boolean {
  return (
    (wallet.lamports !== null && /[1-9]/.test(wallet.lamports)) ||
    wallet.tokenAccountsWithBalance > 0
  );
}

export function summarizeFunds(wallets: readonly WalletFunds[]): FundsSummary {
  let funded = 0;
  let unscanned = 0;
  let tokenAccountsWithBalance = 0;
  for (const wallet of wallets) {
    if (holdsFunds(wallet)) funded += 1;
    else if (wallet.lamports === null) unscanned += 1;
    tokenAccountsWithBalance += Math.max(0, wallet.tokenAccountsWithBalance);
  }
  return {
    wallets: wallets.length,
    funded,
    unscanned,
    lamports: sumLamports(wallets.map((wallet) => wallet.lamports)).toString(),
    tokenAccountsWithBalance,
  };
}

/** Whether destroying these wallets' keys must be confirmed with their count. */
export function fundsNeedConfirmation(summary: FundsSummary): boolean {
  return summary.funded > 0 || summary.unscanned > 0;
}

/**
 * The warning with totals ("3 of 10 wallets hold 4.2 SOL and 5 token accounts with a balance."),
 * plus a sentence for wallets never scanned; null when every wallet is known to be empty.
 */
export function fundsWarning(summary: FundsSummary): string | null {
  const sentences: string[] = [];
  if (summary.funded > 0) {
    const holdings: string[] = [];
    const lamports = BigInt(summary.lamports);
    if (lamports > 0n) holdings.push(`${formatSolExact(lamports)} SOL`);
    if (summary.tokenAccountsWithBalance > 0) {
      holdings.push(
        `${summary.tokenAccountsWithBalance} token ${summary.tokenAccountsWithBalance === 1 ? 'account' : 'accounts'} with a balance`,
      );
    }
    sentences.push(
      `${summary.funded} of ${summary.wallets} ${summary.wallets === 1 ? 'wallet' : 'wallets'} ${summary.funded === 1 ? 'holds' : 'hold'} ${holdings.join(' and ')}.`,
    );
  }
  if (summary.unscanned > 0) {
    sentences.push(
      `${summary.unscanned} ${summary.unscanned === 1 ? 'wallet has' : 'wallets have'} never been scanned and may hold funds.`,
    );
  }
  return sentences.length > 0 ? sentences.join(' ') : null;
}
