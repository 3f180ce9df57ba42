import { describe, expect, it } from 'vitest';
import type { Lamports } from '../primitives/lamports';
import {
  type ItemLeg,
  itemStatus,
  type LedgerItem,
  type LedgerOperation,
  operationReport,
  replannableItems,
  retryFailedItems,
  summarizeOperation,
} from './items';
import {
  type LedgerTransaction,
  plannedTransaction,
  type TransactionState,
} from './transaction-state';

function item(id: string, wallet: string, amount: bigint, leg: ItemLeg = 'direct'): LedgerItem {
  return {
    id,
    operationId: 'op1',
    wallet,
    leg,
    from: leg === 'secondHop' ? `hop-${wallet}` : 'master',
    to: leg === 'firstHop' ? `hop-${wallet}` : wallet,
    amount: amount as Lamports,
    retryOf: null,
  };
}

function tx(
  id: string,
  itemIds: string[],
  state: TransactionState,
  reason?: string,
): LedgerTransaction {
  const planned = plannedTransaction(id, 'op1', itemIds);
  if (state === 'planned') return planned;
  return {
    ...planned,
    state,
    signature: `sig-${id}`,
    lastValidBlockHeight: 100n,
    failureReason: state === 'failed' ? (reason ?? 'custom program error: 0x1') : null,
  };
}

function operation(
  items: LedgerItem[],
  transactions: LedgerTransaction[],
  kind: LedgerOperation['kind'] = 'distributeSol',
): LedgerOperation {
  return {
    id: 'op1',
    kind,
    tenantId: 'tenant-1',
    createdBy: 'user-1',
    parameters: { feeStrategy: 'master' },
    items,
    transactions,
  };
}

describe('an item’s status, derived from its transactions', () => {
  const a = item('a', 'W1', 1_000_000n);
  it.each([
    [[], 'pending'],
    [[tx('t1', ['a'], 'planned')], 'pending'],
    [[tx('t1', ['a'], 'signed')], 'sent'],
    [[tx('t1', ['a'], 'sent')], 'sent'],
    [[tx('t1', ['a'], 'expired')], 'pending'],
    [[tx('t1', ['a'], 'expired'), tx('t2', ['a'], 'sent')], 'sent'],
    [[tx('t1', ['a'], 'expired'), tx('t2', ['a'], 'confirmed')], 'confirmed'],
    [[tx('t1', ['a'], 'failed')], 'failed'],
    [[tx('t1', ['b'], 'confirmed')], 'pending'],
  ] as const)('%# → %s', (transactions, expected) => {
    expect(itemStatus(a, transactions).kind).toBe(expected);
  });

  it('reports a transaction that landed with an error as failed, with the chain’s reason', () => {
    expect(itemStatus(a, [tx('t1', ['a'], 'failed', 'insufficient funds for rent')])).toEqual({
      kind: 'failed',
      reason: 'insufficient funds for rent',
    });
  });

  it('calls a landed first hop forwarded: the money is at the intermediate wallet', () => {
    const hop = item('h1', 'W1', 5n, 'firstHop');
    expect(itemStatus(hop, [tx('t1', ['h1'], 'confirmed')]).kind).toBe('forwarded');
  });
});

describe('operation totals and status', () => {
  const items = [item('a', 'W1', 1_000n), item('b', 'W2', 2_000n), item('c', 'W3', 4_000n)];

  it('is planned before anything is signed, running while anything is open', () => {
    expect(
      summarizeOperation(operation(items, [tx('t1', ['a', 'b', 'c'], 'planned')])).status,
    ).toBe('planned');
    expect(summarizeOperation(operation(items, [tx('t1', ['a', 'b', 'c'], 'sent')])).status).toBe(
      'running',
    );
  });

  it('counts wallets and lamports by outcome', () => {
    const summary = summarizeOperation(
      operation(items, [
        tx('t1', ['a', 'b'], 'confirmed'),
        tx('t2', ['c'], 'failed', 'blockhash not found'),
      ]),
    );
    expect(summary).toEqual({
      status: 'partlyFailed',
      totals: {
        wallets: 3,
        pending: 0,
        sent: 0,
        forwarded: 0,
        succeeded: 2,
        failed: 1,
        plannedLamports: 7_000n,
        succeededLamports: 3_000n,
        failedLamports: 4_000n,
      },
    });
  });

  it('is succeeded when all succeeded, failed when none did', () => {
    expect(
      summarizeOperation(operation(items, [tx('t1', ['a', 'b', 'c'], 'confirmed')])).status,
    ).toBe('succeeded');
    expect(summarizeOperation(operation(items, [tx('t1', ['a', 'b', 'c'], 'failed')])).status).toBe(
      'failed',
    );
  });

  it('counts a two-hop recipient once, by its legs', () => {
    const legs = [item('h1', 'W1', 9n, 'firstHop'), item('s1', 'W1', 8n, 'secondHop')];
    const forwarded = summarizeOperation(
      operation(legs, [tx('t1', ['h1'], 'confirmed')], 'distributeSolTwoHop'),
    );
    expect(forwarded.totals).toMatchObject({ wallets: 1, forwarded: 1, plannedLamports: 8n });
    expect(forwarded.status).toBe('running');
    const paid = summarizeOperation(
      operation(legs, [tx('t1', ['h1'], 'confirmed'), tx('t2', ['s1'], 'confirmed')]),
    );
    expect(paid.totals).toMatchObject({ wallets: 1, succeeded: 1, succeededLamports: 8n });
  });

  it('writes the spec’s report lines', () => {
    const done = [tx('t1', ['a', 'b'], 'confirmed'), tx('t2', ['c'], 'failed')];
    expect(operationReport(operation(items, done))).toBe('2 out of 3 wallets succeeded');
    expect(operationReport(operation(items, done, 'aggregateSol'))).toBe(
      'Aggregated SOL: 2/3 succeeded',
    );
    expect(operationReport(operation(items, done, 'burnTokenAccounts'))).toBe(
      'Burned token accounts: 2/3 succeeded',
    );
    expect(operationReport(operation(items, done, 'withdrawTokens'))).toBe(
      'Withdrew SPL tokens: 2/3 succeeded',
    );
    expect(operationReport(operation(items, done, 'distributeTokens'))).toBe(
      '2 out of 3 wallets succeeded',
    );
  });
});

describe('Retry failed', () => {
  const items = [item('a', 'W1', 1_000n), item('b', 'W2', 2_000n), item('c', 'W3', 4_000n)];
  const done = [tx('t1', ['a'], 'confirmed'), tx('t2', ['b', 'c'], 'failed')];
  const newId = (original: LedgerItem) => `${original.id}-retry`;

  it('creates new items for the failed ones alone, linked to the originals', () => {
    const retries = retryFailedItems(operation(items, done), newId);
    expect(retries).toEqual([
      { ...items[1], id: 'b-retry', retryOf: 'b' },
      { ...items[2], id: 'c-retry', retryOf: 'c' },
    ]);
  });

  it('does not retry an item twice, and the report follows the retry', () => {
    const retries = retryFailedItems(operation(items, done), newId);
    const withRetries = operation(
      [...items, ...retries],
      [...done, tx('t3', ['b-retry', 'c-retry'], 'confirmed')],
    );
    expect(retryFailedItems(withRetries, newId)).toEqual([]);
    expect(summarizeOperation(withRetries).status).toBe('succeeded');
    expect(operationReport(withRetries)).toBe('3 out of 3 wallets succeeded');
  });

  it('retries a failed retry as a new item again', () => {
    const first = retryFailedItems(operation(items, done), newId);
    const again = operation([...items, ...first], [...done, tx('t3', ['b-retry'], 'failed')]);
    expect(retryFailedItems(again, newId).map((retry) => [retry.id, retry.retryOf])).toEqual([
      ['b-retry-retry', 'b-retry'],
    ]);
  });

  it('leaves pending, sent and confirmed items alone', () => {
    expect(
      retryFailedItems(
        operation(items, [tx('t1', ['a'], 'sent'), tx('t2', ['b'], 'expired')]),
        newId,
      ),
    ).toEqual([]);
  });
});

describe('which items may be re-planned', () => {
  it('only items whose every transaction expired, or that have none', () => {
    const items = [
      item('a', 'W1', 1n),
      item('b', 'W2', 1n),
      item('c', 'W3', 1n),
      item('d', 'W4', 1n),
    ];
    const op = operation(items, [
      tx('t1', ['a', 'b'], 'expired'),
      tx('t2', ['b'], 'sent'),
      tx('t3', ['c'], 'planned'),
    ]);
    expect(replannableItems(op).map((one) => one.id)).toEqual(['a', 'd']);
  });
});
