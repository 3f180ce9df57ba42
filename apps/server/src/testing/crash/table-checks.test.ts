import type { LookupTableAccount } from '@fleet/chain';
import { getAddressDecoder, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import type { LedgerRow, OperationLedger } from './crash-ledger';
import { checkTableDistribution } from './table-checks';

const decoder = getAddressDecoder();
const addr = (n: number): Address => decoder.decode(new Uint8Array(32).fill(n));
const RECIPIENTS = [addr(1), addr(2), addr(3), addr(4)];
const TABLE = addr(100);
const OTHER_TABLE = addr(101);
const RENT = 1_000_000n;

function row(id: string, state: string, extra: Partial<LedgerRow> = {}): LedgerRow {
  return { id, state, signature: `sig-${id}`, position: 0, setupStep: null, itemIds: [], ...extra };
}

function table(address: Address, addresses: readonly Address[]): LookupTableAccount {
  return {
    tableAddress: address,
    authority: addr(50),
    deactivationSlot: null,
    lastExtendedSlot: 1n,
    lastExtendedSlotStartIndex: 0,
    addresses,
    lamports: RENT,
  };
}

/** One new table: a create, two extensions of two addresses, one v0 transfer paying all four. */
function cleanRun(): { ledger: OperationLedger; chainTables: LookupTableAccount[] } {
  return {
    ledger: {
      setup: [
        { kind: 'create', newTable: 0 },
        { kind: 'extend', table: { newTable: 0 }, addresses: RECIPIENTS.slice(0, 2) },
        { kind: 'extend', table: { newTable: 0 }, addresses: RECIPIENTS.slice(2) },
      ],
      transactions: [
        row('c', 'confirmed', { setupStep: 0 }),
        row('e1', 'confirmed', { setupStep: 1 }),
        row('e2', 'confirmed', { setupStep: 2 }),
        row('t', 'confirmed', { itemIds: ['i1', 'i2', 'i3', 'i4'] }),
      ],
      tables: [{ address: TABLE, newTable: 0, createTransactionId: 'c' }],
    },
    chainTables: [table(TABLE, RECIPIENTS)],
  };
}

function check(run: ReturnType<typeof cleanRun>, landed: string[] = [], master: string[] = []) {
  return checkTableDistribution({
    ...run,
    tablesBefore: new Map(),
    landed: new Map(landed.map((s) => [s, {}])),
    masterSignatures: new Set(master),
  });
}

const CLEAN = {
  planned: 1,
  createdInLedger: 1,
  createdOnChain: 1,
  strayTables: 0,
  createsSigned: 1,
  wrongTables: 0,
  resignedEarly: 0,
  expiredButLanded: 0,
  unsettled: 0,
  unrecordedLandings: 0,
  landedOnChain: 4,
  landedInLedger: 4,
  rentLamports: RENT,
};

describe('the lookup-table checks of the crash scenario', () => {
  it('find nothing wrong in a run that created the table once and paid through it', () => {
    expect(check(cleanRun(), [], ['sig-c', 'sig-e1', 'sig-e2', 'sig-t'])).toEqual(CLEAN);
  });

  it('see a create signed again while the first one landed: a stray table, its rent unaccounted', () => {
    const run = cleanRun();
    run.ledger = {
      ...run.ledger,
      transactions: [row('c0', 'expired', { setupStep: 0 }), ...run.ledger.transactions],
      tables: [
        { address: OTHER_TABLE, newTable: 0, createTransactionId: 'c0' },
        ...run.ledger.tables,
      ],
    };
    run.chainTables.push(table(OTHER_TABLE, []));
    expect(check(run, ['sig-c0'], ['sig-c0', 'sig-c', 'sig-e1', 'sig-e2', 'sig-t'])).toEqual({
      ...CLEAN,
      createdOnChain: 2,
      strayTables: 1,
      createsSigned: 2,
      expiredButLanded: 1,
      unrecordedLandings: 1,
      landedOnChain: 5,
    });
  });

  it('see a step signed again before its transaction expired', () => {
    const run = cleanRun();
    run.ledger = {
      ...run.ledger,
      transactions: [row('e0', 'sent', { setupStep: 1 }), ...run.ledger.transactions],
    };
    expect(check(run)).toMatchObject({ resignedEarly: 1, unsettled: 1 });
  });

  it('see an extension landed twice: an address held twice', () => {
    const run = cleanRun();
    run.chainTables = [table(TABLE, [...RECIPIENTS, RECIPIENTS[0] as Address])];
    expect(check(run)).toMatchObject({ wrongTables: 1 });
  });

  it('see a table missing a planned address, and a planned table never created', () => {
    const missing = cleanRun();
    missing.chainTables = [table(TABLE, RECIPIENTS.slice(1))];
    expect(check(missing)).toMatchObject({ wrongTables: 1 });
    const never = cleanRun();
    never.chainTables = [];
    expect(check(never)).toMatchObject({ createdInLedger: 1, createdOnChain: 0, wrongTables: 1 });
  });

  it('see a payment signed again for an item already paid', () => {
    const run = cleanRun();
    run.ledger = {
      ...run.ledger,
      transactions: [...run.ledger.transactions, row('t2', 'confirmed', { itemIds: ['i2'] })],
    };
    expect(check(run)).toMatchObject({ resignedEarly: 1 });
  });
});
