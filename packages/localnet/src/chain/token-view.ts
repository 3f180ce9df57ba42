// The chain's token accounts as the RPC reads them: who owns or is delegated which account (an
// index kept as accounts change), each mint's decimals (cached until the mint is written), and
// the token balances of a transaction's accounts for its metadata.

import type { TokenBalance } from '../history/transaction-record.js';
import type { AccountState } from './account-state.js';
import { isTokenProgram } from './program-ids.js';
import { parseMint, parseTokenAccount, uiTokenAmount } from './token-layout.js';
import { TokenOwnerIndex } from './token-owner-index.js';

const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const;

export class TokenView {
  readonly index = new TokenOwnerIndex();
  private readonly decimalsOf = new Map<string, number>();

  constructor(private readonly getAccount: (address: string) => AccountState | null) {}

  /** Indexes every token account of both token programs (after a restart). */
  rebuild(
    programAccounts: (program: string) => { address: string; account: AccountState }[],
  ): void {
    for (const program of TOKEN_PROGRAMS) {
      for (const { address, account } of programAccounts(program))
        this.indexAccount(address, account);
    }
  }

  mintDecimals(mint: string): number | null {
    const cached = this.decimalsOf.get(mint);
    if (cached !== undefined) return cached;
    const account = this.getAccount(mint);
    if (account === null || !isTokenProgram(account.owner)) return null;
    const parsed = parseMint(account.data);
    if (parsed === null) return null;
    this.decimalsOf.set(mint, parsed.decimals);
    return parsed.decimals;
  }

  /** An account written directly (not by a transaction): its cached decimals may be stale too. */
  accountWritten(address: string): void {
    this.decimalsOf.delete(address);
    this.indexAccount(address, this.getAccount(address));
  }

  indexAccount(address: string, account: AccountState | null): void {
    if (account === null || !isTokenProgram(account.owner)) {
      this.index.update(address, null);
      return;
    }
    const parsed = parseTokenAccount(account.data);
    this.index.update(
      address,
      parsed && { owner: parsed.owner, delegate: parsed.delegate, mint: parsed.mint },
    );
  }

  balances(accounts: readonly (AccountState | null)[]): TokenBalance[] {
    const balances: TokenBalance[] = [];
    accounts.forEach((account, accountIndex) => {
      if (account === null || !isTokenProgram(account.owner)) return;
      const parsed = parseTokenAccount(account.data);
      if (parsed === null) return;
      const decimals = this.mintDecimals(parsed.mint) ?? 0;
      balances.push({
        accountIndex,
        mint: parsed.mint,
        owner: parsed.owner,
        programId: account.owner,
        uiTokenAmount: uiTokenAmount(parsed.amount, decimals),
      });
    });
    return balances;
  }
}
