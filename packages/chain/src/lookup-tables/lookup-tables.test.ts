import {
  address as fleetAddress,
  createLookupTableInstruction,
  extendLookupTableInstruction,
  lamports,
  lookupTableRent,
  packTransfersWithTables,
  planLookupTableSetup,
  transactionFee,
  type Address as FleetAddress,
  type Instruction,
} from '@fleet/core';
import { createLocalnet, type Localnet } from '@fleet/localnet';
import {
  address,
  generateKeyPairSigner,
  getAddressEncoder,
  getProgramDerivedAddress,
  signature,
  type KeyPairSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEndpointPool, type EndpointPool } from '../pool/endpoint-pool';
import { buildSignedInstructions, buildSignedTransaction } from '../send/build-transaction';
import { simulateComputeUnits } from '../send/simulate-transaction';
import { randomAddress } from '../testing/fixtures';
import { decodeLookupTable, readLookupTable } from './read-lookup-table';
import { waitUntilUsable } from './wait-until-usable';

const PRICE = 1_000n; // micro-lamports per compute unit

describe('address lookup tables on the localnet', () => {
  let localnet: Localnet;
  let pool: EndpointPool;

  beforeAll(async () => {
    localnet = await createLocalnet({ slotIntervalMs: 50 });
    pool = createEndpointPool({ endpoints: [localnet.url] });
  });
  afterAll(async () => {
    await localnet.close();
  });

  async function sendAndConfirm(
    wireBase64: Parameters<typeof pool.rpc.sendTransaction>[0],
    sig: string,
  ) {
    await pool.rpc
      .sendTransaction(wireBase64, { encoding: 'base64', skipPreflight: true, maxRetries: 0n })
      .send();
    for (let i = 0; i < 100; i++) {
      const { value } = await pool.rpc.getSignatureStatuses([signature(sig)]).send();
      const status = value[0];
      if (status !== null && status !== undefined && status.confirmationStatus !== 'processed') {
        expect(status.err).toBeNull();
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${sig} was not confirmed`);
  }

  async function sendInstruction(payer: KeyPairSigner, instruction: Instruction) {
    const { value: lifetime } = await pool.rpc.getLatestBlockhash().send();
    const signed = await buildSignedInstructions(
      { feePayer: fleetAddress(payer.address), instructions: [instruction], lifetime },
      () => Promise.resolve(payer),
    );
    await sendAndConfirm(signed.wireBase64, signed.signature);
  }

  it('derives the same table address as kit', async () => {
    const authority = await generateKeyPairSigner();
    const slotBytes = new Uint8Array(8);
    new DataView(slotBytes.buffer).setBigUint64(0, 77n, true);
    const [kitAddress] = await getProgramDerivedAddress({
      programAddress: address('AddressLookupTab1e1111111111111111111111111'),
      seeds: [getAddressEncoder().encode(authority.address), slotBytes],
    });
    const { tableAddress } = createLookupTableInstruction({
      authority: fleetAddress(authority.address),
      payer: fleetAddress(authority.address),
      recentSlot: 77n,
    });
    expect(tableAddress).toBe(kitAddress);
  });

  it('creates a table, extends it with 60 addresses, and pays 54 transfers through it at the predicted fee', async () => {
    const master: KeyPairSigner = await generateKeyPairSigner();
    const me = fleetAddress(master.address);
    await localnet.admin.fund(master.address, 10_000_000_000n);
    const signerFor = () => Promise.resolve(master);
    const fleet = Array.from({ length: 60 }, () => fleetAddress(randomAddress()));

    const plan = planLookupTableSetup({ tables: [], wanted: fleet, authority: me, payer: me });
    expect(plan.transactions.map((tx) => tx.kind)).toEqual(['create', 'extend', 'extend']);
    expect(plan.addressesPerExtend).toBe(30);

    const before = (await pool.rpc.getBalance(address(master.address)).send()).value;
    // The table derives from a slot the SlotHashes sysvar holds: one read just before.
    const recentSlot = await pool.rpc.getSlot({ commitment: 'finalized' }).send();
    const { instruction: create, tableAddress } = createLookupTableInstruction({
      authority: me,
      payer: me,
      recentSlot,
    });
    for (const tx of plan.transactions) {
      const { value: lifetime } = await pool.rpc.getLatestBlockhash().send();
      const instruction =
        tx.kind === 'create'
          ? create
          : extendLookupTableInstruction({
              table: tableAddress,
              authority: me,
              payer: me,
              addresses: tx.addresses,
            });
      const signed = await buildSignedInstructions(
        { feePayer: me, instructions: [instruction], lifetime, plannedSize: tx.size },
        signerFor,
      );
      await sendAndConfirm(signed.wireBase64, signed.signature);
    }

    const table = await readLookupTable(pool.rpc, tableAddress);
    expect(table).not.toBeNull();
    if (table === null) return;
    expect(table.authority).toBe(master.address);
    expect(table.deactivationSlot).toBeNull();
    expect(table.addresses).toEqual(fleet);
    // 30 when the second extension landed in a later slot than the first, 0 in the same slot.
    expect([0, 30]).toContain(table.lastExtendedSlotStartIndex);
    // Real rent on the localnet: the table holds exactly its rent-exempt minimum.
    expect(table.lamports).toBe(lookupTableRent(60));
    const afterSetup = (await pool.rpc.getBalance(address(master.address)).send()).value;
    expect(before - afterSetup).toBe(plan.fees + plan.rent);

    await waitUntilUsable(pool.rpc, table, { pollMs: 20, maxWaitMs: 5_000 });

    const transfers = fleet.slice(0, 54).map((to, i) => ({
      itemId: `item-${i}`,
      from: me,
      to,
      lamports: lamports(1_000_000n + BigInt(i)),
    }));
    const packed = packTransfersWithTables({
      feePayer: me,
      transfers,
      tables: [{ tableAddress, addresses: table.addresses.map((entry) => fleetAddress(entry)) }],
      computeBudget: true,
    });
    if (!packed.ok) throw new Error(packed.error.message);
    expect(packed.value).toHaveLength(1);
    const [planned] = packed.value;
    if (planned === undefined) return;
    expect(planned.version).toBe('v0');
    const lookupTables = [{ tableAddress, addresses: table.addresses }];
    const { value: lifetime } = await pool.rpc.getLatestBlockhash().send();
    const simulated = await simulateComputeUnits(pool.rpc, {
      planned,
      lifetime,
      lookupTables,
      microLamportsPerUnit: PRICE,
    });
    if (!simulated.ok) throw simulated.error;
    const computeBudget = {
      unitLimit: Number(simulated.value.computeUnitLimit),
      microLamportsPerUnit: PRICE,
    };
    const signed = await buildSignedTransaction(
      { planned, lifetime, computeBudget, lookupTables },
      signerFor,
    );
    await sendAndConfirm(signed.wireBase64, signed.signature);

    const fee = transactionFee({
      signatures: planned.signatures,
      computeUnitLimit: simulated.value.computeUnitLimit,
      microLamportsPerComputeUnit: PRICE,
    });
    const afterSend = (await pool.rpc.getBalance(address(master.address)).send()).value;
    expect(afterSetup - afterSend).toBe(planned.lamports + fee);
    for (const transfer of transfers.slice(0, 3)) {
      expect((await pool.rpc.getBalance(address(transfer.to)).send()).value).toBe(
        transfer.lamports,
      );
    }
    console.info(
      `v0 through a table: ${planned.transfers.length} transfers, ${planned.size} bytes, ` +
        `${simulated.value.unitsConsumed} CU consumed, limit ${simulated.value.computeUnitLimit}, fee ${fee} lamports; ` +
        `setup ${plan.transactionCount} transactions, fees ${plan.fees}, rent ${plan.rent}; rent of 256: ${lookupTableRent(256)}`,
    );
  });

  it('gives one authority a table per recent slot: three tables at three slots read from getSlot, each extended and read back', async () => {
    const master = await generateKeyPairSigner();
    const me = fleetAddress(master.address);
    await localnet.admin.fund(master.address, 10_000_000_000n);
    const created: {
      tableAddress: FleetAddress;
      recentSlot: bigint;
      addresses: FleetAddress[];
    }[] = [];
    for (const commitment of ['finalized', 'confirmed', 'finalized'] as const) {
      let recentSlot = await pool.rpc.getSlot({ commitment }).send();
      // Slots pass every 50 ms; wait for one that no earlier table of this authority used.
      while (created.some((table) => table.recentSlot === recentSlot)) {
        await new Promise((r) => setTimeout(r, 20));
        recentSlot = await pool.rpc.getSlot({ commitment }).send();
      }
      const { instruction, tableAddress } = createLookupTableInstruction({
        authority: me,
        payer: me,
        recentSlot,
      });
      await sendInstruction(master, instruction);
      const addresses = Array.from({ length: 5 }, () => fleetAddress(randomAddress()));
      await sendInstruction(
        master,
        extendLookupTableInstruction({ table: tableAddress, authority: me, payer: me, addresses }),
      );
      created.push({ tableAddress, recentSlot, addresses });
    }

    expect(new Set(created.map((table) => table.tableAddress)).size).toBe(3);
    for (const { tableAddress, addresses } of created) {
      const table = await readLookupTable(pool.rpc, tableAddress);
      expect(table?.authority).toBe(master.address);
      expect(table?.deactivationSlot).toBeNull();
      expect(table?.addresses).toEqual(addresses);
      expect(table?.lamports).toBe(lookupTableRent(5));
    }
  });

  it('refuses an account that is not a table, and gives up waiting for a slot that does not come', async () => {
    const wallet = randomAddress();
    await localnet.admin.fund(wallet, 1_000_000_000n);
    await expect(readLookupTable(pool.rpc, wallet)).rejects.toThrow(
      `Account ${wallet} is not an address lookup table: owned by 11111111111111111111111111111111`,
    );
    expect(await readLookupTable(pool.rpc, randomAddress())).toBeNull();
    expect(() => decodeLookupTable(wallet, new Uint8Array(57), 0n)).toThrow('not whole addresses');
    expect(() => decodeLookupTable(wallet, new Uint8Array(56), 0n)).toThrow(
      'not an initialized table',
    );
    await expect(
      waitUntilUsable(
        pool.rpc,
        { tableAddress: wallet, lastExtendedSlot: 10n ** 12n },
        { pollMs: 10, maxWaitMs: 30 },
      ),
    ).rejects.toThrow(/was extended in slot 1000000000000 and the chain is still at slot \d+/);
  });
});
