import { buildSignedInstructions, driveTransaction, type EndpointPool } from '@fleet/chain';
import {
  FleetError,
  closeAccountInstruction,
  plannedTransaction,
  transition,
  type Address,
  type Clock,
  type LedgerItem,
  type LedgerTransaction,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  recordTokenAccountCloses,
  type TokenAccountCloseRow,
} from '../close-history/close-history-repository';
import type { JobContext, JobHandler } from '../jobs/job-handler';
import { createTransactionRecorder, loadTransactions } from '../ledger/ledger-repository';
import { loadOperation, writeOperationSummary } from '../ledger/operation-repository';
import { createChainPorts } from '../sol-operations/chain-ports';
import { errorText } from '../sol-operations/lanes';
import { createSigningKeys } from '../sol-operations/signing-keys';
import type { SecretKeyVault } from '../vault';
import { createCloseProgress } from './close-progress';
import { deleteClosedTokenAccounts } from './stored-token-accounts';
import { storedCloseBuildSchema, type StoredCloseBuild } from './stored-close-plan';

export const TOKEN_CLOSE_JOB_KIND = 'token.close';

const paramsSchema = z.object({ operationId: z.string().uuid() });
type Params = z.infer<typeof paramsSchema>;

interface Entry {
  tx: LedgerTransaction;
  wire: string | null;
}

/**
 * Closes a plan's token accounts through the ledger (issue 19, decision 022), one transaction at
 * a time in plan order: what the ledger holds as signed or sent is reconciled with the chain
 * before anything new is signed, a transaction is signed only from `planned` and stored with its
 * bytes before its first broadcast, and one that expired unseen is planned again (its accounts,
 * a new blockhash). A close that lands failed (an account gained a balance since the plan) is
 * reported and never retried here. Abort stops between transactions.
 */
export function createCloseTokensJob(deps: {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly vault: SecretKeyVault;
  readonly clock: Clock;
  readonly logger: FastifyBaseLogger;
}): JobHandler<Params, null> {
  return {
    kind: TOKEN_CLOSE_JOB_KIND,
    params: paramsSchema,
    run: (params, context) => runCloses(deps, params, context),
  };
}

async function runCloses(
  deps: Parameters<typeof createCloseTokensJob>[0],
  { operationId }: Params,
  context: JobContext<null>,
): Promise<void> {
  const { db, pool, clock } = deps;
  const { tenantId } = context;
  const bound = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(db, tenantId, work);
  const now = () => new Date(clock.now());

  // 1. the operation as the ledger has it
  const loaded = await bound(async (tx) => {
    const transactions = await loadTransactions(tx, operationId);
    const read = transactions.map((stored) => stored.transaction);
    return { operation: await loadOperation(tx, operationId, read), transactions };
  });
  if (!loaded.operation) throw new FleetError('OPERATION__NOT_FOUND', { operationId });
  const operation = loaded.operation;
  const build: StoredCloseBuild = storedCloseBuildSchema.parse(operation.parameters['build']);
  const positionOf = new Map(operation.items.map((item, index) => [item.id, index]));
  const closeOf = (item: LedgerItem) => {
    const close = build.items[positionOf.get(item.id) ?? -1];
    if (!close) throw new Error(`item ${item.id} is not in the stored plan`);
    return close;
  };
  const itemsById = new Map(operation.items.map((item) => [item.id, item]));
  const itemsOf = (tx: LedgerTransaction): LedgerItem[] =>
    tx.itemIds.map((id) => {
      const item = itemsById.get(id);
      if (!item) throw new Error(`transaction ${tx.id} names an item the operation lacks`);
      return item;
    });
  const entries = new Map<string, Entry>(
    loaded.transactions.map((stored) => [
      stored.transaction.id,
      { tx: stored.transaction, wire: stored.wireBase64 },
    ]),
  );

  const progress = createCloseProgress({
    build,
    ownerOf: (item) => closeOf(item).wallet,
    rentOf: (item) => item.amount,
  });
  for (const entry of entries.values()) {
    if (entry.tx.state === 'confirmed' || entry.tx.state === 'failed') {
      progress.final(entry.tx, itemsOf(entry.tx), feeOf(build, itemsOf(entry.tx), closeOf));
    }
  }
  const publish = async () => {
    await context.report(progress.report());
    await context.progress(progress.processedWallets(), progress.message());
  };
  await publish();

  const keys = createSigningKeys({ db, vault: deps.vault, tenantId });
  const ports = createChainPorts(pool, clock);
  const recorder = createTransactionRecorder({ db, tenantId });

  /** The rows a confirmed close leaves: its history, and the stored account gone. */
  const closedRows = (tx: LedgerTransaction): TokenAccountCloseRow[] =>
    itemsOf(tx).map((item) => {
      const close = closeOf(item);
      return {
        operationId,
        walletId: close.walletId,
        walletAddress: close.wallet,
        mint: close.mint,
        tokenAccount: close.tokenAccount,
        program: close.program,
        rentLamports: item.amount,
        feeLamports: BigInt(close.feeLamports),
        burnedRaw: null,
        signature: tx.signature ?? '',
        closedAt: now(),
      };
    });

  const sign = async (entry: Entry): Promise<Entry> => {
    const items = itemsOf(entry.tx);
    const signed = await buildSignedInstructions(
      {
        feePayer: build.master,
        instructions: items.map((item) => {
          const close = closeOf(item);
          return closeAccountInstruction({
            program: close.program,
            account: close.tokenAccount as Address,
            destination: close.destination as Address,
            owner: close.wallet as Address,
          });
        }),
        lifetime: await ports.lifetime(),
        computeBudget: {
          unitLimit: computeUnitLimitOf(build, items, closeOf),
          microLamportsPerUnit: BigInt(build.microLamportsPerUnit),
        },
      },
      (owner) => keys.signerFor(owner),
    );
    const next = transition(entry.tx, {
      type: 'signed',
      signature: signed.signature,
      lastValidBlockHeight: signed.lastValidBlockHeight,
    });
    if (!next.ok) throw next.error;
    return { tx: next.value, wire: signed.wireBase64 };
  };

  const drive = async (id: string): Promise<void> => {
    let entry = entries.get(id);
    if (!entry) return;
    const signedNow = entry.tx.state === 'planned';
    let current = entry.tx;
    if (signedNow) entry = await sign(entry);
    const wire = entry.wire;
    const outcome = await driveTransaction(entry.tx, {
      observe: (signature) => ports.observe(signature),
      broadcast: async () => {
        if (wire === null) throw new Error(`transaction ${id} has no stored bytes`);
        await ports.broadcast(wire);
      },
      record: async (next) => {
        // The first record of a transaction signed here carries its bytes: stored before the
        // first broadcast. A confirmation commits with its close history and the stored
        // accounts' removal, so the three never disagree.
        const first = current.state === 'planned';
        await recorder.record({
          next,
          expected: current,
          now: now(),
          ...(first && wire !== null ? { wireBase64: wire } : {}),
          ...(next.state === 'confirmed'
            ? {
                alongside: async (tx) => {
                  const rows = closedRows(next);
                  await recordTokenAccountCloses(tx, rows);
                  await deleteClosedTokenAccounts(
                    tx,
                    rows.map((row) => row.tokenAccount),
                  );
                },
              }
            : {}),
        });
        current = next;
        entries.set(id, { tx: next, wire });
      },
      clock,
      signal: context.signal,
      neverBroadcast: signedNow,
    });
    switch (outcome.kind) {
      case 'confirmed':
      case 'failed': {
        const items = itemsOf(outcome.tx);
        progress.final(outcome.tx, items, feeOf(build, items, closeOf));
        if (outcome.kind === 'failed') {
          await context.log(
            'error',
            `Close transaction ${outcome.tx.signature ?? ''} failed on chain (${outcome.tx.failureReason ?? 'failed'}); its ${items.length} account(s) stay open and are not retried: plan the close again`,
          );
        }
        return;
      }
      case 'expired': {
        // Expired unseen: the same accounts, a new transaction and blockhash, signed next.
        const fresh = plannedTransaction(randomUUID(), operationId, outcome.tx.itemIds);
        await recorder.record({ next: fresh, expected: null, now: now() });
        entries.set(fresh.id, { tx: fresh, wire: null });
        await context.log(
          'warn',
          `A close transaction expired unseen (${outcome.tx.signature ?? '-'}); its accounts are signed again with a new blockhash`,
        );
        return drive(fresh.id);
      }
      case 'refused':
        deps.logger.error({ err: outcome.error, operationId }, 'the ledger refused a chain answer');
        await context.log('error', outcome.error.message);
        return;
      case 'unsigned':
      case 'stepLimit':
        await context.log('warn', `Transaction ${id} did not finish in this run`);
        return;
    }
  };

  // 2. reconcile what may already be on chain, then the planned ones in plan order
  const order = [...entries.values()].sort((a, b) => rank(a.tx) - rank(b.tx));
  let cancelled = false;
  for (const { tx } of order) {
    if (tx.state === 'confirmed' || tx.state === 'failed') continue;
    if (tx.state === 'planned' || tx.state === 'expired') {
      cancelled = cancelled || (await context.isCancelRequested());
      if (cancelled) continue;
    }
    try {
      if (tx.state === 'expired') {
        const holders = [...entries.values()].filter(
          (other) =>
            other.tx.id !== tx.id &&
            other.tx.state !== 'expired' &&
            other.tx.itemIds.some((item) => tx.itemIds.includes(item)),
        );
        if (holders.length > 0) continue;
        const fresh = plannedTransaction(randomUUID(), operationId, tx.itemIds);
        await recorder.record({ next: fresh, expected: null, now: now() });
        entries.set(fresh.id, { tx: fresh, wire: null });
        await drive(fresh.id);
      } else {
        await drive(tx.id);
      }
    } catch (error) {
      // A chain or database failure mid-transaction: the job fails and its retry reconciles
      // from the ledger (nothing is signed twice: a signed row is only ever driven).
      await context.log('error', `A close transaction could not be driven: ${errorText(error)}`);
      throw error;
    }
    await publish();
  }

  // 3. how it ended
  progress.finish();
  await bound((tx) =>
    writeOperationSummary(
      tx,
      { ...operation, transactions: [...entries.values()].map((entry) => entry.tx) },
      { now: now(), final: true },
    ),
  );
  await context.report(progress.report());
  await context.progress(progress.processedWallets(), cancelled ? 'Cancelled' : 'Done');
}

/** Transactions that may be on chain first: they are reconciled before anything is signed. */
function rank(tx: LedgerTransaction): number {
  return tx.state === 'signed' || tx.state === 'sent' ? 0 : 1;
}

type CloseOf = (item: LedgerItem) => StoredCloseBuild['items'][number];

function computeUnitLimitOf(
  build: StoredCloseBuild,
  items: readonly LedgerItem[],
  closeOf: CloseOf,
) {
  const ids = new Set(items.map((item) => closeOf(item).tokenAccount));
  const planned = build.transactions.find(
    (spec) =>
      spec.items.length === ids.size &&
      spec.items.every((position) => ids.has(build.items[position]?.tokenAccount ?? '')),
  );
  if (!planned) throw new Error('a close transaction that is not in the plan');
  return planned.computeUnitLimit;
}

/** The fee a landed transaction of these closes paid: the plan's, which signed the same. */
function feeOf(build: StoredCloseBuild, items: readonly LedgerItem[], closeOf: CloseOf): bigint {
  return items.reduce((sum, item) => sum + BigInt(closeOf(item).feeLamports), 0n);
}
