import { FleetError, isAddress, type FeeStrategyName, type Lamports } from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { inArray as inArrayOf } from 'drizzle-orm';
import {
  findWalletsByAddress,
  listActiveWallets,
  requireActiveWallets,
} from '../wallets/repository';

// Who a SOL plan is about: recipients and sources as the request names them, resolved to this
// tenant's wallets (row-level security hides the others) before any balance is read.

export interface DistributeRecipientInput {
  readonly address?: string | undefined;
  readonly walletId?: string | undefined;
  readonly amountSol: Lamports;
}

export interface AggregateInput {
  readonly addresses?: readonly string[] | undefined;
  readonly walletIds?: readonly string[] | undefined;
  readonly feeStrategy: FeeStrategyName;
  readonly retryOf?: string | undefined;
}

export interface ResolvedRecipient {
  readonly address: string;
  readonly walletId: string | null;
  readonly amount: Lamports;
}

/** Recipients by id (this tenant's active wallets) or by address; each wallet at most once. */
export async function resolveRecipients(
  tx: TenantDatabase,
  recipients: readonly DistributeRecipientInput[],
): Promise<ResolvedRecipient[]> {
  const ids = recipients.flatMap((r) => (r.walletId ? [r.walletId] : []));
  const byId = new Map<string, string>();
  if (ids.length > 0) {
    await requireActiveWallets(tx, ids);
    for (const chunk of chunks(ids, 1_000)) {
      const rows = await tx
        .select({ id: schema.wallets.id, address: schema.wallets.publicAddress })
        .from(schema.wallets)
        .where(inIds(chunk));
      for (const row of rows) byId.set(row.id, row.address);
    }
  }
  const addresses = recipients.flatMap((r) => (r.address ? [r.address] : []));
  for (const address of addresses) {
    if (!isAddress(address)) throw new FleetError('ADDRESS__INVALID', { address });
  }
  const known = new Map(
    (await findWalletsByAddress(tx, addresses))
      .filter((w) => w.archivedAt === null)
      .map((w) => [w.address, w.id]),
  );
  const seen = new Set<string>();
  return recipients.map((r) => {
    const address = r.walletId ? (byId.get(r.walletId.toLowerCase()) ?? '') : (r.address ?? '');
    if (seen.has(address)) throw new FleetError('SOL_PLAN__DUPLICATE_RECIPIENT', { address });
    seen.add(address);
    const walletId = r.walletId ? r.walletId.toLowerCase() : (known.get(address) ?? null);
    return { address, walletId, amount: r.amountSol };
  });
}

export interface ResolvedSource {
  readonly address: string;
  readonly walletId: string | null;
  readonly hasKey: boolean;
}

export async function resolveSources(
  tx: TenantDatabase,
  tenantId: string,
  input: AggregateInput,
): Promise<ResolvedSource[]> {
  if (input.walletIds) {
    const ids = await requireActiveWallets(tx, input.walletIds);
    const rows: ResolvedSource[] = [];
    for (const chunk of chunks(ids, 1_000)) {
      const found = await tx
        .select({ id: schema.wallets.id, address: schema.wallets.publicAddress })
        .from(schema.wallets)
        .where(inIds(chunk));
      rows.push(...found.map((row) => ({ address: row.address, walletId: row.id, hasKey: true })));
    }
    return rows;
  }
  if (input.addresses) {
    const unique = [...new Set(input.addresses)];
    for (const address of unique) {
      if (!isAddress(address)) throw new FleetError('ADDRESS__INVALID', { address });
    }
    const known = new Map(
      (await findWalletsByAddress(tx, unique))
        .filter((w) => w.archivedAt === null)
        .map((w) => [w.address, w.id]),
    );
    return unique.map((address) => ({
      address,
      walletId: known.get(address) ?? null,
      hasKey: known.has(address),
    }));
  }
  const all = await listActiveWallets(tx, tenantId, { traderOnly: false });
  return all.map((w) => ({ address: w.address, walletId: w.id, hasKey: true }));
}

/** The plan's items (one per transfer, in order) and transactions as item positions. */

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}

function inIds(ids: readonly string[]) {
  return inArrayOf(schema.wallets.id, ids);
}
