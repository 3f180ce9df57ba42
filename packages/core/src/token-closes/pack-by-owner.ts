import { err, ok, type Result } from '../errors/result';
import type { Address } from '../primitives/address';
import { computeBudgetShapes } from '../transactions/compute-budget';
import type { InstructionShape } from '../transactions/instruction';
import {
  PACKET_DATA_SIZE,
  fitsInOneTransaction,
  messageLayout,
  type MessageLayout,
} from '../transactions/message-size';
import { itemDoesNotFit, type ItemDoesNotFit } from '../transactions/pack-instructions';

/** Work on one owner's token account: the owner signs, and the item lands whole in one transaction. */
export interface OwnedItem {
  readonly itemId: string;
  readonly owner: Address;
}

/**
 * Who pays the fee. `master` lets a wallet holding 0 SOL act on its accounts, at the price of a
 * second signature; `owner` gives each owner its own transactions and needs SOL in every wallet.
 */
export type OwnedFeePayer = 'master' | 'owner';

export interface PackByOwnerInput<T extends OwnedItem> {
  readonly master: Address;
  readonly items: readonly T[];
  readonly feePayer: OwnedFeePayer;
  /** The instructions of one item, after the compute budget's two. */
  readonly shapesOf: (item: T) => readonly InstructionShape[];
  /**
   * Bytes the smallest possible addition to a shared transaction takes (a new owner's address and
   * signature with one item): a transaction with less room left is not offered more owners.
   */
  readonly smallestAddition: number;
  /**
   * When the master pays: whether an owner whose items fit one transaction of its own but not one
   * the master pays for (the master's signature and address take 96 bytes) pays that one itself,
   * signing once instead of twice. Asked with that transaction; absent, the master pays for all.
   */
  readonly ownerPaysOwn?: (owner: Address, draft: OwnerPackDraft<T>) => boolean;
}

export interface OwnerPackDraft<T extends OwnedItem> {
  readonly items: readonly T[];
  readonly layout: MessageLayout;
}

/**
 * Packs owners' items into legacy transactions with the compute budget, by exact size (the close
 * and the burn-and-close share it): each owner's items together in one transaction when they fit,
 * an owner with more split over as few full transactions as the limit allows, and (when the master
 * pays) owners with few items sharing a transaction, largest first into the first transaction with
 * room, while an owner `ownerPaysOwn` lets pay fits in one transaction it signs alone. Every item
 * lands in exactly one transaction; the drafts come full ones first.
 */
export function packByOwner<T extends OwnedItem>(
  input: PackByOwnerInput<T>,
): Result<readonly OwnerPackDraft<T>[], ItemDoesNotFit> {
  const prefix = computeBudgetShapes();
  const measure = (feePayer: Address, items: readonly T[]): MessageLayout =>
    messageLayout({
      feePayer,
      format: 'legacy',
      instructions: [...prefix, ...items.flatMap((item) => input.shapesOf(item))],
    });
  const payerOf = (owner: Address): Address => (input.feePayer === 'master' ? input.master : owner);

  const full: { items: T[]; layout: MessageLayout }[] = [];
  const remainders: T[][] = [];
  for (const group of groupByOwner(input.items)) {
    const first = group[0];
    if (first === undefined) continue;
    const payer = payerOf(first.owner);
    const fullBefore = full.length;
    let open: T[] = [];
    let openLayout: MessageLayout | undefined;
    for (const item of group) {
      const grown = measure(payer, [...open, item]);
      if (fitsInOneTransaction(grown)) {
        open.push(item);
        openLayout = grown;
        continue;
      }
      if (openLayout === undefined) return err(itemDoesNotFit(item.itemId, grown));
      full.push({ items: open, layout: openLayout });
      const alone = measure(payer, [item]);
      if (!fitsInOneTransaction(alone)) return err(itemDoesNotFit(item.itemId, alone));
      open = [item];
      openLayout = alone;
    }
    if (openLayout === undefined) continue;
    if (input.feePayer === 'owner') {
      full.push({ items: open, layout: openLayout });
      continue;
    }
    if (open.length < group.length && input.ownerPaysOwn) {
      // Only an owner that would otherwise sign twice: an owner-paid transaction that expires
      // then goes back to the master, and the master's cuts of it never equal a planned one.
      const own = measure(first.owner, group);
      const draft = { items: group, layout: own };
      if (fitsInOneTransaction(own) && input.ownerPaysOwn(first.owner, draft)) {
        full.length = fullBefore;
        full.push({ items: [...group], layout: own });
        continue;
      }
    }
    remainders.push(open);
  }

  // First fit, largest first, over the transactions still open; one too full for the smallest
  // possible addition is closed for good, so the scan stays short.
  const shared: SharedDraft<T>[] = [];
  const openDrafts: SharedDraft<T>[] = [];
  const sorted = remainders
    .map((items, order) => ({ items, order }))
    .sort((a, b) => b.items.length - a.items.length || a.order - b.order);
  for (const { items } of sorted) {
    const shapes = items.flatMap((item) => input.shapesOf(item));
    const keys = keysOf(shapes);
    // A lower bound of what this owner adds to a draft: its signature, the addresses the draft
    // lacks and its instructions. Drafts short of it are passed over without measuring, which
    // keeps a fleet of small owners (some with a second token program) from measuring every
    // open draft for each of them.
    const instructionBytes = shapes.reduce((sum, shape) => sum + compiledSize(shape), 0);
    let placed: SharedDraft<T> | undefined;
    for (const draft of openDrafts) {
      let newKeys = 0;
      for (const key of keys) if (!draft.keys.has(key)) newKeys += 1;
      if (draft.layout.size + 64 + 32 * newKeys + instructionBytes > PACKET_DATA_SIZE) continue;
      const grown = measure(input.master, [...draft.items, ...items]);
      if (fitsInOneTransaction(grown)) {
        draft.items.push(...items);
        draft.layout = grown;
        for (const key of keys) draft.keys.add(key);
        placed = draft;
        break;
      }
    }
    if (!placed) {
      placed = {
        items: [...items],
        layout: measure(input.master, items),
        keys: new Set([input.master, ...keys]),
      };
      shared.push(placed);
      openDrafts.push(placed);
    }
    // Only the draft just grown can have become too full.
    if (placed.layout.size + input.smallestAddition > PACKET_DATA_SIZE) {
      openDrafts.splice(openDrafts.indexOf(placed), 1);
    }
  }

  return ok(
    Object.freeze(
      [...full, ...shared].map((draft) =>
        Object.freeze({ items: Object.freeze([...draft.items]), layout: draft.layout }),
      ),
    ),
  );
}

interface SharedDraft<T> {
  readonly items: T[];
  layout: MessageLayout;
  /** Every address in the draft's message, the compute budget's program aside. */
  readonly keys: Set<Address>;
}

/** The addresses instructions name: their programs and their accounts. */
function keysOf(shapes: readonly InstructionShape[]): Set<Address> {
  const keys = new Set<Address>();
  for (const shape of shapes) {
    keys.add(shape.programAddress);
    for (const account of shape.accounts) keys.add(account.address);
  }
  return keys;
}

/** An instruction's bytes in a compiled message: program index, account indexes, data. */
function compiledSize(shape: InstructionShape): number {
  return (
    1 +
    compactLength(shape.accounts.length) +
    shape.accounts.length +
    compactLength(shape.dataLength) +
    shape.dataLength
  );
}

/** The bytes of a compact-u16 length. */
function compactLength(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : 3;
}

function groupByOwner<T extends OwnedItem>(items: readonly T[]): T[][] {
  const groups = new Map<Address, T[]>();
  for (const item of items) {
    const group = groups.get(item.owner);
    if (group === undefined) groups.set(item.owner, [item]);
    else group.push(item);
  }
  return [...groups.values()];
}

/** The owners of a transaction's items, in order of their first item. */
export function ownersOf(items: readonly OwnedItem[]): readonly Address[] {
  const owners: Address[] = [];
  for (const item of items) if (!owners.includes(item.owner)) owners.push(item.owner);
  return Object.freeze(owners);
}
