import { LiteSvm } from 'litesvm/dist/internal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { decodeBase58 } from '../codec/base58.js';
import { createLocalnet, type Localnet } from '../index.js';
import {
  closeLookupTable,
  deactivateLookupTable,
  ownerOf,
  sendCreateLookupTable,
  sendInstruction,
} from '../testing/lookup-tables.js';
import { generateKeypair, rpcResult } from '../testing/raw-rpc.js';
import type { Keypair } from './keypair.js';
import { LocalChain } from './local-chain.js';
import { ADDRESS_LOOKUP_TABLE_PROGRAM } from './program-ids.js';
import { MAX_SLOT_HASHES, SLOT_HASHES_SYSVAR } from './slot-hashes.js';

const SLOT_HASHES_KEY = decodeBase58(SLOT_HASHES_SYSVAR);

function slotHashesOf(chain: LocalChain): { slot: bigint; hash: string }[] {
  return chain.svm.getSlotHashes().map(({ slot, hash }) => ({ slot, hash }));
}

function sysvarData(chain: LocalChain): Uint8Array {
  const account = chain.svm.getAccount(SLOT_HASHES_KEY);
  if (account === null) throw new Error('the SlotHashes sysvar account is missing');
  return account.data();
}

describe('the SlotHashes sysvar', () => {
  it('holds every slot up to the current one, newest first, each with its blockhash', () => {
    const chain = new LocalChain({ seed: 'slot-hashes', slot: 10n });
    expect(slotHashesOf(chain)).toEqual(
      Array.from({ length: 11 }, (_, i) => {
        const slot = 10n - BigInt(i);
        return { slot, hash: chain.blockhashOf(slot) };
      }),
    );
  });

  it('keeps the 512 most recent slots as the clock moves, one slot at a time or in jumps', () => {
    const chain = new LocalChain({ seed: 'slot-hashes', slot: 0n });
    for (let i = 0; i < 600; i++) chain.advanceSlots(1n);
    chain.advanceSlots(37n);
    chain.advanceSlots(5_000n);
    chain.advanceSlots(3n);
    const hashes = slotHashesOf(chain);
    expect(hashes).toHaveLength(MAX_SLOT_HASHES);
    expect(hashes[0]?.slot).toBe(chain.slot);
    expect(hashes.at(-1)?.slot).toBe(chain.slot - BigInt(MAX_SLOT_HASHES - 1));
    hashes.forEach(({ slot, hash }, i) => {
      expect(slot).toBe(chain.slot - BigInt(i));
      expect(hash).toBe(chain.blockhashOf(slot));
    });
    // A chain that starts at this slot (a restart) has the same sysvar, byte for byte.
    const restarted = new LocalChain({ seed: 'slot-hashes', slot: chain.slot });
    expect(sysvarData(restarted)).toEqual(sysvarData(chain));
  });

  it('is written in the layout LiteSVM itself gives the sysvar', () => {
    for (const slot of [4n, 2_000n]) {
      const chain = new LocalChain({ seed: 'slot-hashes', slot });
      const reference = new LiteSvm();
      reference.setSlotHashes(slotHashesOf(chain));
      expect(sysvarData(chain)).toEqual(reference.getAccount(SLOT_HASHES_KEY)?.data());
    }
  });
});

describe('address lookup tables at recent slots', () => {
  let localnet: Localnet;
  let authority: Keypair;

  beforeAll(async () => {
    localnet = await createLocalnet({ slotIntervalMs: 0 });
    authority = generateKeypair();
    await localnet.admin.fund(authority.address, 10_000_000_000n);
  });
  afterAll(async () => {
    await localnet.close();
  });

  const sendCreate = (recentSlot: bigint) =>
    sendCreateLookupTable(localnet.url, authority, recentSlot);
  const tableOwner = (table: string) => ownerOf(localnet.url, table);

  it('creates tables for one authority at slots read from getSlot, at any commitment', async () => {
    const tables = new Set<string>();
    for (const commitment of ['finalized', 'confirmed', 'processed']) {
      const slot = BigInt(await rpcResult<number>(localnet.url, 'getSlot', [{ commitment }]));
      const { reply, table } = await sendCreate(slot);
      expect(reply.error).toBeUndefined();
      expect(await tableOwner(table)).toBe(ADDRESS_LOOKUP_TABLE_PROGRAM);
      tables.add(table);
    }
    // Each landing closed its slot (the clock is stopped), so every table has its own address.
    expect(tables.size).toBe(3);
  });

  it('refuses a slot SlotHashes does not hold: a future one, or one more than 512 slots old', async () => {
    const slot = BigInt(await rpcResult<number>(localnet.url, 'getSlot'));
    const future = await sendCreate(slot + 1n);
    expect(future.reply.error?.code).toBe(-32002);
    expect(JSON.stringify(future.reply.error?.data)).toContain(`${slot + 1n} is not a recent slot`);
    expect(await tableOwner(future.table)).toBeNull();

    localnet.admin.advanceSlots(MAX_SLOT_HASHES);
    const old = await sendCreate(slot);
    expect(old.reply.error?.code).toBe(-32002);
    expect(JSON.stringify(old.reply.error?.data)).toContain(`${slot} is not a recent slot`);
    expect(await tableOwner(old.table)).toBeNull();
  });

  it('closes a deactivated table only once its deactivation slot has left SlotHashes', async () => {
    const slot = BigInt(await rpcResult<number>(localnet.url, 'getSlot'));
    const { reply, table } = await sendCreate(slot);
    expect(reply.error).toBeUndefined();
    const deactivated = await sendInstruction(
      localnet.url,
      authority,
      deactivateLookupTable(table, authority.address),
    );
    expect(deactivated.error).toBeUndefined();
    // The deactivation landed in the slot before this one (each landing closes its slot).
    const deactivationSlot = BigInt(await rpcResult<number>(localnet.url, 'getSlot')) - 1n;
    const close = () =>
      sendInstruction(localnet.url, authority, closeLookupTable(table, authority.address));

    localnet.admin.setClock({ slot: deactivationSlot + BigInt(MAX_SLOT_HASHES) - 1n });
    const early = await close();
    expect(JSON.stringify(early.error?.data)).toContain('Table cannot be closed until it');
    expect(await tableOwner(table)).toBe(ADDRESS_LOOKUP_TABLE_PROGRAM);

    localnet.admin.advanceSlots(1);
    expect((await close()).error).toBeUndefined();
    expect(await tableOwner(table)).toBeNull();
  });
});
