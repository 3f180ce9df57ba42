// What a Final Truth Scan has stored, as the dead server left it: its data directory's PGlite
// opened directly (as the owner, so row-level security hides no tenant's rows), as
// `crash-ledger.ts` reads a ledger. Only while no server runs on that directory.

import { databaseLocationFor, openDatabase } from '@fleet/db';
import type { WalletHoldings } from './scan-fleet';

export interface StoredJob {
  readonly status: string;
  readonly processedItems: number;
  /** The checkpoint's next wallet: every wallet before it is recorded as scanned; null: none. */
  readonly nextIndex: number | null;
}

export interface StoredFleet {
  /** Each active wallet of those asked for, by address; a wallet missing here is lost. */
  readonly wallets: ReadonlyMap<string, WalletHoldings>;
  /** The scan's job, when one was named. */
  readonly job: StoredJob | null;
}

export async function readStoredFleet(
  dataDir: string,
  addresses: readonly string[],
  jobId?: string,
): Promise<StoredFleet> {
  const database = await openDatabase(databaseLocationFor({ dataDir }));
  try {
    const query = async <T>(text: string, values: readonly unknown[]): Promise<T[]> =>
      (await database.executeSql(text, values)).rows as T[];
    const asked = [...addresses];
    const rows = await query<{ address: string; lamports: string | null }>(
      `select public_address as address, lamports::text as lamports from wallets
        where archived_at is null and public_address in (select unnest($1::text[]))`,
      [asked],
    );
    const accounts = await query<{ address: string; account: string; amount: string }>(
      `select w.public_address as address, t.token_account as account, t.amount::text as amount
        from wallet_token_accounts t join wallets w on w.id = t.wallet_id
        where w.archived_at is null and w.public_address in (select unnest($1::text[]))`,
      [asked],
    );
    const held = new Map<string, Map<string, bigint>>();
    for (const row of accounts) {
      const of = held.get(row.address) ?? new Map<string, bigint>();
      of.set(row.account, BigInt(row.amount));
      held.set(row.address, of);
    }
    const wallets = new Map(
      rows.map((row) => [
        row.address,
        {
          lamports: row.lamports === null ? null : BigInt(row.lamports),
          accounts: held.get(row.address) ?? new Map<string, bigint>(),
        },
      ]),
    );
    if (jobId === undefined) return { wallets, job: null };
    const [job] = await query<{
      status: string;
      processed_items: number;
      next_index: number | null;
    }>(
      `select status, processed_items, (checkpoint->>'nextIndex')::int as next_index
        from jobs where id = $1::uuid`,
      [jobId],
    );
    if (!job) throw new Error(`job ${jobId} is not in the database`);
    return {
      wallets,
      job: { status: job.status, processedItems: job.processed_items, nextIndex: job.next_index },
    };
  } finally {
    await database.close();
  }
}
