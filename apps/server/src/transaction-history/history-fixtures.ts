// Test helper: operations and their transactions written through the ledger's own repository
// functions, each transaction stepped through core's state machine to the state a test wants.

import {
  plannedTransaction,
  transition,
  type Lamports,
  type LedgerTransaction,
  type OperationKindName,
  type TransactionEvent,
  type TransactionState,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import { randomUUID } from 'node:crypto';
import { createOperation, recordTransaction, savePlan } from '../ledger/ledger-repository';
import { newTestKeypair } from '../testing/keypairs';

export interface FixtureTransaction {
  /** Indexes into the operation's items. */
  readonly items: readonly number[];
  readonly state: TransactionState;
  readonly failureReason?: string;
  readonly setupStep?: number;
}

export interface FixtureItem {
  readonly from: string;
  readonly to: string;
  readonly lamports: bigint;
  /** A token item: its leg, owner wallet, mint and raw amount (a SOL transfer by default). */
  readonly token?: {
    readonly leg: 'close' | 'burn' | 'tokenTransfer';
    readonly walletId: string | null;
    readonly mint: string;
    readonly tokenAmount: bigint | null;
  };
}

export interface FixtureOperation {
  readonly kind: OperationKindName;
  readonly items: readonly FixtureItem[];
  readonly transactions: readonly FixtureTransaction[];
  readonly now: Date;
}

export interface WrittenOperation {
  readonly operationId: string;
  readonly transactions: readonly LedgerTransaction[];
}

function step(tx: LedgerTransaction, event: TransactionEvent): LedgerTransaction {
  const result = transition(tx, event);
  if (!result.ok) throw result.error;
  return result.value;
}

/** The events that take a planned transaction to `state`. */
function eventsTo(state: TransactionState, failureReason: string): TransactionEvent[] {
  const signed: TransactionEvent = {
    type: 'signed',
    signature: `${newTestKeypair().address}sig`,
    lastValidBlockHeight: 100n,
  };
  const sent: TransactionEvent = { type: 'broadcast', at: 1 };
  switch (state) {
    case 'planned':
      return [];
    case 'signed':
      return [signed];
    case 'sent':
      return [signed, sent];
    case 'confirmed':
      return [signed, sent, { type: 'statusSeen', status: { kind: 'confirmed' } }];
    case 'failed':
      return [
        signed,
        sent,
        { type: 'statusSeen', status: { kind: 'failed', reason: failureReason } },
      ];
    case 'expired':
      return [
        signed,
        sent,
        { type: 'blockHeightNow', height: 101n },
        { type: 'statusSeen', status: { kind: 'notFound' } },
      ];
  }
}

/** An operation of the tenant with its items and transactions in the states asked for. */
export async function writeOperation(
  db: FleetDatabase,
  tenantId: string,
  input: FixtureOperation,
): Promise<WrittenOperation> {
  return withTenant(db, tenantId, async (tx) => {
    const planId = await savePlan(tx, tenantId, {
      kind: input.kind,
      plan: { unique: randomUUID() },
      createdBy: null,
      now: input.now,
    });
    const operation = await createOperation(tx, {
      tenantId,
      kind: input.kind,
      createdBy: null,
      planId,
      parameters: {},
      items: input.items.map((item) => ({
        leg: item.token?.leg ?? ('direct' as const),
        walletId: item.token?.walletId ?? null,
        from: item.from,
        to: item.to,
        lamports: item.lamports as Lamports,
        ...(item.token
          ? {
              mint: item.token.mint,
              program: 'token' as const,
              tokenAmount: item.token.tokenAmount,
            }
          : {}),
      })),
      now: input.now,
    });
    const written: LedgerTransaction[] = [];
    for (const wanted of input.transactions) {
      const itemIds = wanted.items.map((index) => {
        const item = operation.items[index];
        if (!item) throw new RangeError(`no item ${index}`);
        return item.id;
      });
      let current = await recordTransaction(tx, {
        tenantId,
        next: plannedTransaction(randomUUID(), operation.id, itemIds),
        expected: null,
        ...(wanted.setupStep === undefined ? {} : { setupStep: wanted.setupStep }),
        now: input.now,
      });
      for (const event of eventsTo(wanted.state, wanted.failureReason ?? 'InstructionError')) {
        const next = step(current, event);
        current = await recordTransaction(tx, {
          tenantId,
          next,
          expected: current,
          ...(event.type === 'signed' ? { wireBase64: 'AA==' } : {}),
          now: input.now,
        });
      }
      written.push(current);
    }
    return { operationId: operation.id, transactions: written };
  });
}

/** `count` fresh addresses. */
export function addresses(count: number): string[] {
  return Array.from({ length: count }, () => newTestKeypair().address);
}
