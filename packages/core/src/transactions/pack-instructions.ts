import type { FleetErrorContextByCode } from '../errors/error-codes';
import { fleetErrorMessage } from '../errors/error-messages';
import { err, ok, type Result } from '../errors/result';
import type { Address } from '../primitives/address';
import type { InstructionShape } from './instruction';
import {
  LOOKUP_TABLE_MAX_ADDRESSES,
  fitsInOneTransaction,
  messageLayout,
  type AddressLookupTable,
  type MessageFormat,
  type MessageLayout,
} from './message-size';

/** One unit of work that must land whole in one transaction (a transfer, a close, a burn). */
export interface PackItem {
  readonly itemId: string;
  readonly instructions: readonly InstructionShape[];
}

/** A lookup table as a caller holds it: the table's address list, or a set of its addresses. */
export interface LookupTableInput {
  readonly tableAddress: Address;
  readonly addresses: ReadonlySet<Address> | readonly Address[];
}

/** Legacy, or v0 through one table or several (an account in several is loaded from the first). */
export type PackFormat = 'legacy' | { readonly v0: LookupTableInput | readonly LookupTableInput[] };

export interface PackInstructionsInput<T extends PackItem> {
  readonly feePayer: Address;
  readonly items: readonly T[];
  readonly format: PackFormat;
  /** Instructions every transaction starts with (the compute budget's limit and price). */
  readonly prefix: readonly InstructionShape[];
}

export interface PackedItems<T extends PackItem> {
  readonly items: readonly T[];
  readonly layout: MessageLayout;
}

/** The refusal of an item too large for a transaction of its own: nothing was packed. */
export interface ItemDoesNotFit {
  readonly code: 'TRANSACTION__ITEM_DOES_NOT_FIT';
  readonly message: string;
  readonly context: FleetErrorContextByCode['TRANSACTION__ITEM_DOES_NOT_FIT'];
}

/** The refusal of `itemId`, measured alone as `layout`. */
export function itemDoesNotFit(itemId: string, layout: MessageLayout): ItemDoesNotFit {
  const context = { itemId, size: layout.size, accountLocks: layout.accountLocks };
  return Object.freeze({
    code: 'TRANSACTION__ITEM_DOES_NOT_FIT' as const,
    message: fleetErrorMessage('TRANSACTION__ITEM_DOES_NOT_FIT', context),
    context: Object.freeze(context),
  });
}

/** The format with each table's addresses as a set, built once for all the measuring to come. */
export function messageFormatOf(format: PackFormat): MessageFormat {
  if (format === 'legacy') return 'legacy';
  const inputs: readonly LookupTableInput[] = isTableInputList(format.v0) ? format.v0 : [format.v0];
  const tables = inputs.map((input): AddressLookupTable => {
    const addresses = new Set(input.addresses);
    // An entry is loaded by a u8 index, so a table beyond 256 addresses cannot exist on chain.
    if (addresses.size > LOOKUP_TABLE_MAX_ADDRESSES) {
      throw new RangeError(
        `A lookup table holds at most ${LOOKUP_TABLE_MAX_ADDRESSES} addresses, got ${addresses.size}`,
      );
    }
    return { tableAddress: input.tableAddress, addresses };
  });
  return { v0: tables };
}

function isTableInputList(
  v0: LookupTableInput | readonly LookupTableInput[],
): v0 is readonly LookupTableInput[] {
  return Array.isArray(v0);
}

/**
 * Packs items into transactions greedily by exact size: an item joins the open transaction while
 * the serialized bytes (signatures and prefix included) stay within 1232 and the account locks
 * within 64, and otherwise opens the next one. Every item lands in exactly one transaction, in
 * order. An item that does not fit even alone refuses the whole plan, since a plan that silently
 * dropped it would send less than was asked.
 */
export function packInstructions<T extends PackItem>(
  input: PackInstructionsInput<T>,
): Result<readonly PackedItems<T>[], ItemDoesNotFit> {
  const format = messageFormatOf(input.format);
  const measure = (items: readonly T[]): MessageLayout =>
    messageLayout({
      feePayer: input.feePayer,
      format,
      instructions: [...input.prefix, ...items.flatMap((item) => item.instructions)],
    });

  const packed: PackedItems<T>[] = [];
  let open: T[] = [];
  let openLayout: MessageLayout | undefined;
  for (const item of input.items) {
    const grown = measure([...open, item]);
    if (fitsInOneTransaction(grown)) {
      open.push(item);
      openLayout = grown;
      continue;
    }
    if (openLayout !== undefined) {
      packed.push(Object.freeze({ items: Object.freeze(open), layout: openLayout }));
    }
    const alone = open.length === 0 ? grown : measure([item]);
    if (!fitsInOneTransaction(alone)) return err(itemDoesNotFit(item.itemId, alone));
    open = [item];
    openLayout = alone;
  }
  if (openLayout !== undefined) {
    packed.push(Object.freeze({ items: Object.freeze(open), layout: openLayout }));
  }
  return ok(Object.freeze(packed));
}
