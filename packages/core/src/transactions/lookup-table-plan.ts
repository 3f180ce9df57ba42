// What it costs to make a tenant's lookup tables hold a set of addresses: which addresses go into
// which existing table, how many new tables, and the create and extend transactions with their
// fees and rent. A planner compares this with plain packing; a table pays only when reused.

import type { Address } from '../primitives/address';
import { lamports, type Lamports } from '../primitives/lamports';
import { computeBudgetShapes } from './compute-budget';
import type { InstructionShape } from './instruction';
import {
  CREATE_LOOKUP_TABLE_DATA_LENGTH,
  LOOKUP_TABLE_MAX_ADDRESSES,
  LOOKUP_TABLE_PROGRAM_ADDRESS,
  extendLookupTableShape,
  lookupTableAddress,
  lookupTableRent,
} from './lookup-table';
import { fitsInOneTransaction, messageLayout, type MessageLayout } from './message-size';
import { transactionFee } from './transaction-fee';

/** A table the tenant already has, with its addresses in on-chain order. */
export interface ExistingLookupTable {
  readonly address: Address;
  readonly addresses: readonly Address[];
}

export interface LookupTableSetupInput {
  readonly tables: readonly ExistingLookupTable[];
  readonly wanted: readonly Address[];
  /** Signs every create and extend; usually the tenant's master wallet, which also pays. */
  readonly authority: Address;
  readonly payer: Address;
  /** The limit and price each setup transaction requests; absent: no compute-budget instructions. */
  readonly computeBudget?: {
    readonly unitLimit: bigint;
    readonly microLamportsPerUnit: bigint;
  };
}

/** Which table a setup transaction works on: one the tenant has, or the n-th new one. */
export type SetupTableRef = { readonly existing: Address } | { readonly newTable: number };

export type LookupTableSetupTransaction =
  | {
      readonly kind: 'create';
      readonly table: { readonly newTable: number };
      readonly size: number;
      readonly signatures: number;
      readonly fee: Lamports;
    }
  | {
      readonly kind: 'extend';
      readonly table: SetupTableRef;
      readonly addresses: readonly Address[];
      readonly size: number;
      readonly signatures: number;
      readonly fee: Lamports;
    };

export interface LookupTableSetupPlan {
  /** Addresses added to tables the tenant has, filling each up to 256 in the order given. */
  readonly fills: readonly { readonly table: Address; readonly addresses: readonly Address[] }[];
  /** Tables to create, each with the addresses it will hold. */
  readonly newTables: readonly { readonly addresses: readonly Address[] }[];
  /** Creates first (a table must exist before it is extended), then the extensions. */
  readonly transactions: readonly LookupTableSetupTransaction[];
  readonly transactionCount: number;
  /** The most addresses one extend transaction carries within 1232 bytes. */
  readonly addressesPerExtend: number;
  readonly fees: Lamports;
  /** Rent deposited: new tables' whole rent, existing tables' growth. Recoverable on close. */
  readonly rent: Lamports;
}

/**
 * Plans the setup of lookup tables so that every wanted address sits in one of them. Addresses
 * already held are left alone; the rest fill existing tables, then new ones of up to 256 each.
 * Each extension carries as many addresses as fit one legacy transaction by exact size (30, or 29
 * with the compute budget), so the sizes here are the sizes the sender will build.
 */
export function planLookupTableSetup(input: LookupTableSetupInput): LookupTableSetupPlan {
  const held = new Set(input.tables.flatMap((table) => table.addresses));
  const missing = [...new Set(input.wanted)].filter((entry) => !held.has(entry));

  const fills: { table: Address; addresses: Address[] }[] = [];
  let next = 0;
  for (const table of input.tables) {
    const room = LOOKUP_TABLE_MAX_ADDRESSES - new Set(table.addresses).size;
    if (room <= 0 || next >= missing.length) continue;
    fills.push({ table: table.address, addresses: missing.slice(next, next + room) });
    next += room;
  }
  const newTables: { addresses: Address[] }[] = [];
  for (; next < missing.length; next += LOOKUP_TABLE_MAX_ADDRESSES) {
    newTables.push({ addresses: missing.slice(next, next + LOOKUP_TABLE_MAX_ADDRESSES) });
  }

  const prefix: readonly InstructionShape[] =
    input.computeBudget === undefined ? [] : computeBudgetShapes();
  // Any table address weighs the same; the PDA of slot 0 stands in for tables not yet created.
  const standIn = lookupTableAddress(input.authority, 0n).address;
  const measure = (instruction: InstructionShape): MessageLayout =>
    messageLayout({
      feePayer: input.payer,
      format: 'legacy',
      instructions: [...prefix, instruction],
    });
  const extendLayout = (count: number): MessageLayout =>
    measure(
      extendLookupTableShape({
        table: standIn,
        authority: input.authority,
        payer: input.payer,
        count,
      }),
    );
  let addressesPerExtend = 0;
  while (
    addressesPerExtend < LOOKUP_TABLE_MAX_ADDRESSES &&
    fitsInOneTransaction(extendLayout(addressesPerExtend + 1))
  ) {
    addressesPerExtend++;
  }
  const feeOf = (layout: MessageLayout): Lamports =>
    transactionFee({
      signatures: layout.signers.length,
      computeUnitLimit: input.computeBudget?.unitLimit ?? 0n,
      microLamportsPerComputeUnit: input.computeBudget?.microLamportsPerUnit ?? 0n,
    });

  const transactions: LookupTableSetupTransaction[] = [];
  const createLayout = measure({
    programAddress: LOOKUP_TABLE_PROGRAM_ADDRESS,
    accounts: extendLookupTableShape({
      table: standIn,
      authority: input.authority,
      payer: input.payer,
      count: 0,
    }).accounts,
    dataLength: CREATE_LOOKUP_TABLE_DATA_LENGTH,
  });
  newTables.forEach((_, index) => {
    transactions.push(
      Object.freeze({
        kind: 'create' as const,
        table: Object.freeze({ newTable: index }),
        size: createLayout.size,
        signatures: createLayout.signers.length,
        fee: feeOf(createLayout),
      }),
    );
  });
  const extend = (table: SetupTableRef, addresses: readonly Address[]): void => {
    for (let start = 0; start < addresses.length; start += addressesPerExtend) {
      const chunk = Object.freeze(addresses.slice(start, start + addressesPerExtend));
      const layout = extendLayout(chunk.length);
      transactions.push(
        Object.freeze({
          kind: 'extend' as const,
          table: Object.freeze(table),
          addresses: chunk,
          size: layout.size,
          signatures: layout.signers.length,
          fee: feeOf(layout),
        }),
      );
    }
  };
  for (const fill of fills) extend({ existing: fill.table }, fill.addresses);
  newTables.forEach((table, index) => extend({ newTable: index }, table.addresses));

  let rent = 0n;
  for (const fill of fills) {
    const before = new Set(input.tables.find((t) => t.address === fill.table)?.addresses).size;
    rent += lookupTableRent(before + fill.addresses.length) - lookupTableRent(before);
  }
  for (const table of newTables) rent += lookupTableRent(table.addresses.length);

  return Object.freeze({
    fills: Object.freeze(
      fills.map((fill) =>
        Object.freeze({ table: fill.table, addresses: Object.freeze(fill.addresses) }),
      ),
    ),
    newTables: Object.freeze(
      newTables.map((table) => Object.freeze({ addresses: Object.freeze(table.addresses) })),
    ),
    transactions: Object.freeze(transactions),
    transactionCount: transactions.length,
    addressesPerExtend,
    fees: lamports(transactions.reduce((sum, tx) => sum + tx.fee, 0n)),
    rent: lamports(rent),
  });
}
