import type { TenantDatabase } from '@fleet/db';

// A LOCAL STAND-IN so the token-closes branch compiles: the close-history module (its table
// `token_account_closes`, migration 0023) is written on another branch with this same contract,
// and the integrator keeps that version. This one records nothing and answers the row count.

export interface TokenAccountCloseRow {
  readonly operationId: string | null;
  readonly walletId: string | null;
  readonly walletAddress: string;
  readonly mint: string;
  readonly tokenAccount: string;
  readonly program: 'token' | 'token2022';
  readonly rentLamports: bigint;
  readonly feeLamports: bigint;
  readonly burnedRaw: bigint | null;
  readonly signature: string;
  readonly closedAt: Date;
}

export function recordTokenAccountCloses(
  tx: TenantDatabase,
  rows: readonly TokenAccountCloseRow[],
): Promise<number> {
  void tx;
  return Promise.resolve(rows.length);
}
