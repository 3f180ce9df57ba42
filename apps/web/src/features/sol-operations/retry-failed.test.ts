import { distributePlanRequestSchema, parseSolAmount, type OperationDetail } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { canRetryFailed, failedItems, retryRequest } from './retry-failed';

type Item = OperationDetail['items'][number];

const FINISHED = '2025-01-01T00:00:00.000Z';

let next = 0;
const uuid = () => `00000000-0000-4000-8000-${(next++).toString().padStart(12, '0')}`;

function item(fields: Partial<Item> & Pick<Item, 'to' | 'status'>): Item {
  return {
    id: uuid(),
    leg: 'direct',
    walletId: null,
    from: 'Master',
    lamports: '1000000000',
    retryOf: null,
    failureReason: fields.status === 'failed' ? 'insufficient funds for rent' : null,
    ...fields,
  };
}

function operation(
  kind: OperationDetail['kind'],
  items: readonly Item[],
  fields: Partial<Pick<OperationDetail, 'finishedAt' | 'feeStrategy' | 'retriedBy'>> = {},
): Pick<OperationDetail, 'id' | 'kind' | 'items' | 'finishedAt' | 'feeStrategy' | 'retriedBy'> {
  return {
    id: OPERATION_ID,
    kind,
    items: [...items],
    finishedAt: FINISHED,
    feeStrategy: null,
    retriedBy: null,
    ...fields,
  };
}

const OPERATION_ID = '0b9c1f52-2c1e-4d4b-9a0f-3f1e6f0c2a11';

describe('Retry failed of a distribution', () => {
  it('sends the same amounts to the failed recipients alone, by wallet id or else address', () => {
    const walletId = uuid();
    const retry = retryRequest(
      operation('sol.distribute', [
        item({ to: 'Paid', status: 'confirmed' }),
        item({ to: 'ById', walletId, status: 'failed', lamports: '1500000000' }),
        item({ to: 'ByAddress', status: 'failed', lamports: '1' }),
        item({ to: 'Open', status: 'sent' }),
      ]),
    );
    expect(retry).toEqual({
      kind: 'sol.distribute',
      wallets: 2,
      request: {
        recipients: [
          { walletId, amountSol: '1.5' },
          { address: 'ByAddress', amountSol: '0.000000001' },
        ],
        retryOf: OPERATION_ID,
      },
    });
  });

  it('writes amounts the plan route reads back to the same lamports', () => {
    const lamports = ['1', '999999999', '1000000000000', '18446744073709551615'];
    const retry = retryRequest(
      operation(
        'sol.distribute',
        lamports.map((text) =>
          item({ to: 'W', walletId: uuid(), status: 'failed', lamports: text }),
        ),
      ),
    );
    if (retry?.kind !== 'sol.distribute') throw new Error('expected a distribution retry');
    const parsed = distributePlanRequestSchema.parse(retry.request);
    expect(parsed.recipients.map((recipient) => recipient.amountSol.toString())).toEqual(lamports);
    for (const recipient of retry.request.recipients) {
      expect(parseSolAmount(recipient.amountSol).ok).toBe(true);
    }
  });

  it('leaves out an item another item already retries', () => {
    const original = item({ to: 'W1', status: 'failed' });
    const retried = item({ to: 'W1', status: 'failed', retryOf: original.id, lamports: '2' });
    const failed = failedItems(operation('sol.distribute', [original, retried]));
    expect(failed).toEqual([retried]);
  });

  it('has nothing to retry when every recipient was paid', () => {
    expect(
      retryRequest(operation('sol.distribute', [item({ to: 'W', status: 'confirmed' })])),
    ).toBeNull();
  });
});

describe('Retry failed of a withdrawal', () => {
  const source = (status: Item['status'], walletId: string | null) =>
    item({ from: `S${next}`, to: 'Master', walletId, status });

  it('sweeps the failed sources with the fee strategy the withdrawal ran with', () => {
    const a = uuid();
    const b = uuid();
    const retry = retryRequest(
      operation(
        'sol.aggregate',
        [source('failed', a), source('confirmed', uuid()), source('failed', b)],
        { feeStrategy: 'child' },
      ),
    );
    expect(retry).toEqual({
      kind: 'sol.aggregate',
      wallets: 2,
      request: { walletIds: [a, b], feeStrategy: 'child', retryOf: OPERATION_ID },
    });
  });

  it('lets the master pay when the strategy is not known', () => {
    const retry = retryRequest(operation('sol.aggregate', [source('failed', uuid())]));
    expect(retry?.request).toMatchObject({ feeStrategy: 'master' });
  });

  it('names the sources by address when one of them has no wallet id', () => {
    const failed = [source('failed', uuid()), source('failed', null)];
    const retry = retryRequest(operation('sol.aggregate', failed, { feeStrategy: 'mixed' }));
    expect(retry?.request).toEqual({
      addresses: failed.map((f) => f.from),
      feeStrategy: 'mixed',
      retryOf: OPERATION_ID,
    });
  });
});

describe('Retry failed of a two-hop distribution', () => {
  function route(destination: string, first: Item['status'], second: Item['status']) {
    const middleman = `M-${destination}`;
    return [
      item({ leg: 'firstHop', to: middleman, status: first, lamports: '1000005000' }),
      item({
        leg: 'secondHop',
        from: middleman,
        to: destination,
        status: second,
        lamports: '1000000000',
      }),
    ];
  }

  it('pays the failed destinations their amounts, whichever leg failed', () => {
    const retry = retryRequest(
      operation('sol.double_distribution', [
        ...route('Forwarded', 'forwarded', 'confirmed'),
        ...route('FirstFailed', 'failed', 'pending'),
        ...route('SecondFailed', 'forwarded', 'failed'),
        ...route('Pending', 'forwarded', 'sent'),
      ]),
    );
    expect(retry).toEqual({
      kind: 'sol.double_distribution',
      wallets: 2,
      request: {
        recipients: [
          { destination: 'FirstFailed', amountLamports: '1000000000' },
          { destination: 'SecondFailed', amountLamports: '1000000000' },
        ],
        retryOf: OPERATION_ID,
      },
    });
  });
});

describe('when a report offers Retry failed', () => {
  const failed = [item({ to: 'W', status: 'failed' })];

  it('never once the operation was retried: its failures are the newer operation to retry', () => {
    const retried = operation('sol.distribute', failed, { retriedBy: uuid() });
    expect(canRetryFailed(retried, true)).toBe(false);
    expect(canRetryFailed(operation('sol.distribute', failed), true)).toBe(true);
  });

  it('offers it once the operation is over and some wallet failed', () => {
    expect(canRetryFailed(operation('sol.distribute', failed), false)).toBe(true);
    expect(canRetryFailed(operation('sol.aggregate', failed), true)).toBe(true);
  });

  it('waits while the operation still runs, unless its job is done (a cancelled run)', () => {
    const running = operation('sol.distribute', failed, { finishedAt: null });
    expect(canRetryFailed(running, false)).toBe(false);
    expect(canRetryFailed(running, true)).toBe(true);
  });

  it('does not offer it when nothing failed', () => {
    const paid = operation('sol.distribute', [item({ to: 'W', status: 'confirmed' })]);
    expect(canRetryFailed(paid, true)).toBe(false);
  });
});
