import { randomBytes } from 'node:crypto';

import {
  address as fleetAddress,
  nextStep,
  nothingObserved,
  plannedTransaction,
  REBROADCAST_INTERVAL_MS,
  transactionFee,
} from '@fleet/core';
import { getBase58Decoder, generateKeyPairSigner, signature } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEndpointPool } from '../pool/endpoint-pool';
import { randomAddress } from '../testing/fixtures';
import {
  buildSignedTransaction,
  type OnChainLookupTable,
  type SignedTransfer,
} from './build-transaction';
import { broadcastTransaction } from './broadcast-transaction';
import { FIRST_LOOK_MS } from './drive-transaction';
import { observeSignatures, MAX_SIGNATURES_PER_STATUS_CALL } from './observe-signatures';
import { createAndExtendLookupTable } from '../testing/lookup-table';
import { simulateComputeUnits } from './simulate-transaction';
import { createSendTestBed, type SendTestBed } from '../testing/send-test-bed';

const PRICE = 10_000n; // micro-lamports per compute unit
const SOL = 1_000_000_000n;

describe('sending planned transfers on the localnet', () => {
  let bed: SendTestBed;
  beforeAll(async () => {
    bed = await createSendTestBed();
  });
  afterAll(async () => {
    await bed.close();
  });

  it('pays 20 wallets from the master in one legacy transaction: CU from simulation, balances exact, the fee predicted', async () => {
    const master = await bed.fundedMaster(10n * SOL);
    const wallets = Array.from({ length: 20 }, () => randomAddress());
    const amount = (i: number): bigint => 1_000_000n + BigInt(i) * 7_919n;
    const [planned, ...rest] = bed.plan({
      feePayer: fleetAddress(master.address),
      transfers: bed.transfersTo(master.address, wallets, amount),
      version: 'legacy',
      computeBudget: true,
    });
    if (planned === undefined) throw new Error('no bed.plan');
    expect(rest).toEqual([]);
    expect(planned.transfers).toHaveLength(20);

    const life = await bed.lifetime();
    const simulated = await simulateComputeUnits(bed.observer.rpc, {
      planned,
      lifetime: life,
      microLamportsPerUnit: PRICE,
    });
    if (!simulated.ok) throw simulated.error;
    const { unitsConsumed, computeUnitLimit } = simulated.value;
    expect(unitsConsumed).toBeGreaterThan(0n);
    expect(computeUnitLimit).toBeGreaterThanOrEqual(unitsConsumed);
    expect(computeUnitLimit * 10n).toBeLessThanOrEqual(unitsConsumed * 12n);

    const signed = await buildSignedTransaction(
      {
        planned,
        lifetime: life,
        computeBudget: { unitLimit: Number(computeUnitLimit), microLamportsPerUnit: PRICE },
      },
      () => Promise.resolve(master),
    );
    expect(Buffer.from(signed.wireBase64, 'base64')).toHaveLength(planned.size);
    expect(signed.lastValidBlockHeight).toBe(life.lastValidBlockHeight);

    const before = await bed.balance(master.address);
    const { outcome, recorded, broadcasts } = await bed.drive(
      bed.signedRecord(signed, planned),
      signed,
    );
    expect(outcome.kind).toBe('confirmed');
    expect(outcome.tx.broadcasts).toBe(1);
    expect(broadcasts).toEqual([{ kind: 'accepted', signature: signed.signature }]);
    expect(recorded.map((r) => r.state)).toEqual(['sent', 'confirmed']);

    const fee = transactionFee({
      signatures: planned.signatures,
      computeUnitLimit,
      microLamportsPerComputeUnit: PRICE,
    });
    for (const [i, wallet] of wallets.entries()) expect(await bed.balance(wallet)).toBe(amount(i));
    expect(before - (await bed.balance(master.address))).toBe(planned.lamports + fee);
    const landed = await bed.observer.rpc
      .getTransaction(signature(signed.signature), {
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send();
    expect(landed?.meta?.fee).toBe(fee);
    expect(landed?.meta?.computeUnitsConsumed).toBe(unitsConsumed);
    console.info(
      `legacy 20 transfers: ${planned.size} bytes, consumed ${unitsConsumed} CU, limit ${computeUnitLimit}, fee ${fee} lamports`,
    );
  });

  it('pays 54 wallets in one v0 transaction through a lookup table created and extended on chain, the same way', async () => {
    const master = await bed.fundedMaster(10n * SOL);
    const wallets = Array.from({ length: 54 }, () => randomAddress());
    // Created and extended by real transactions to the lookup-table program: 1 + 2 of them.
    const created = await createAndExtendLookupTable(bed.observer.rpc, master, wallets);
    expect(created.signatures).toHaveLength(3);
    const tableAddress = created.tableAddress;
    const onChain = await bed.observer.rpc
      .getAccountInfo(tableAddress, { encoding: 'base64' })
      .send();
    // 56 bytes of metadata, then the 54 addresses in order.
    expect(Buffer.from(onChain.value?.data[0] ?? '', 'base64')).toHaveLength(56 + 54 * 32);
    const table: OnChainLookupTable = { tableAddress, addresses: wallets };
    const amount = (i: number): bigint => 2_000_000n + BigInt(i);
    const [planned, ...rest] = bed.plan({
      feePayer: fleetAddress(master.address),
      transfers: bed.transfersTo(master.address, wallets, amount),
      version: {
        v0: { tableAddress: fleetAddress(tableAddress), addresses: wallets.map(fleetAddress) },
      },
      computeBudget: true,
    });
    if (planned === undefined) throw new Error('no bed.plan');
    expect(rest).toEqual([]);
    expect(planned.version).toBe('v0');

    const life = await bed.lifetime();
    const simulated = await simulateComputeUnits(bed.observer.rpc, {
      planned,
      lifetime: life,
      lookupTables: [table],
      microLamportsPerUnit: PRICE,
    });
    if (!simulated.ok) throw simulated.error;
    const { unitsConsumed, computeUnitLimit } = simulated.value;
    const signed = await buildSignedTransaction(
      {
        planned,
        lifetime: life,
        lookupTables: [table],
        computeBudget: { unitLimit: Number(computeUnitLimit), microLamportsPerUnit: PRICE },
      },
      () => Promise.resolve(master),
    );
    const before = await bed.balance(master.address);
    const { outcome } = await bed.drive(bed.signedRecord(signed, planned), signed);
    expect(outcome.kind).toBe('confirmed');
    const fee = transactionFee({
      signatures: 1,
      computeUnitLimit,
      microLamportsPerComputeUnit: PRICE,
    });
    for (const [i, wallet] of wallets.entries()) expect(await bed.balance(wallet)).toBe(amount(i));
    expect(before - (await bed.balance(master.address))).toBe(planned.lamports + fee);
    console.info(
      `v0 54 transfers: ${planned.size} bytes, consumed ${unitsConsumed} CU, limit ${computeUnitLimit}, fee ${fee} lamports`,
    );
  });

  it('rebroadcasts the same bytes after dropped sends until they land, and pays once', async () => {
    const master = await bed.fundedMaster(SOL);
    const wallet = randomAddress();
    const [planned] = bed.plan({
      feePayer: fleetAddress(master.address),
      transfers: bed.transfersTo(master.address, [wallet], () => 5_000_000n),
      version: 'legacy',
      computeBudget: false,
    });
    if (planned === undefined) throw new Error('no bed.plan');
    const signed = await buildSignedTransaction({ planned, lifetime: await bed.lifetime() }, () =>
      Promise.resolve(master),
    );
    bed.localnet.admin.resetCounters('drop');
    const dropping = createEndpointPool({ endpoints: [bed.endpointUrl('drop')] });
    const before = await bed.balance(master.address);
    const { outcome, broadcasts } = await bed.drive(
      bed.signedRecord(signed, planned),
      signed,
      (n) => (n < 3 ? dropping : bed.sender),
    );
    expect(outcome.kind).toBe('confirmed');
    expect(outcome.tx.broadcasts).toBe(4);
    // Every broadcast carried the same signature: the same bytes, never a new transaction.
    expect(broadcasts).toEqual(
      Array.from({ length: 4 }, () => ({ kind: 'accepted', signature: signed.signature })),
    );
    expect(bed.localnet.admin.counters('drop').droppedSends).toBe(3);
    expect(await bed.balance(wallet)).toBe(5_000_000n);
    expect(before - (await bed.balance(master.address))).toBe(5_000_000n + 5_000n);
  });

  it('sends what it has just signed without asking first, and looks for it a poll later', async () => {
    const master = await bed.fundedMaster(SOL);
    const wallet = randomAddress();
    const [planned] = bed.plan({
      feePayer: fleetAddress(master.address),
      transfers: bed.transfersTo(master.address, [wallet], () => 6_000_000n),
      version: 'legacy',
      computeBudget: false,
    });
    if (planned === undefined) throw new Error('no bed.plan');
    const signed = await buildSignedTransaction({ planned, lifetime: await bed.lifetime() }, () =>
      Promise.resolve(master),
    );
    const { outcome, recorded, looks, sentAt } = await bed.drive(
      bed.signedRecord(signed, planned),
      signed,
      () => bed.sender,
      () => undefined,
      { neverBroadcast: true },
    );
    expect(outcome.kind).toBe('confirmed');
    expect(recorded.map((r) => r.state)).toEqual(['sent', 'confirmed']);
    // One question, FIRST_LOOK_MS after the bytes left: none before the send.
    expect(sentAt).toHaveLength(1);
    expect(looks).toEqual([(sentAt[0] ?? 0) + FIRST_LOOK_MS]);
    expect(await bed.balance(wallet)).toBe(6_000_000n);

    // A record that may have been broadcast (a resumed run) is asked about first, whatever it says.
    const again = await bed.drive(
      outcome.tx,
      signed,
      () => bed.sender,
      () => undefined,
      {
        neverBroadcast: true,
      },
    );
    expect(again.outcome.kind).toBe('confirmed');
    expect(again.broadcasts).toEqual([]);
  });

  it('rebroadcasts only a whole interval after the bytes left, however long the send waited', async () => {
    const master = await bed.fundedMaster(SOL);
    const [planned] = bed.plan({
      feePayer: fleetAddress(master.address),
      transfers: bed.transfersTo(master.address, [randomAddress()], () => 1_000_000n),
      version: 'legacy',
      computeBudget: false,
    });
    if (planned === undefined) throw new Error('no bed.plan');
    const signed = await buildSignedTransaction({ planned, lifetime: await bed.lifetime() }, () =>
      Promise.resolve(master),
    );
    const dropping = createEndpointPool({ endpoints: [bed.endpointUrl('drop')] });
    let waits = 0;
    const { outcome, looks, sentAt } = await bed.drive(
      bed.signedRecord(signed, planned),
      signed,
      () => dropping,
      () => {
        // Every send is dropped: after 20 waits the chain moves past the blockhash's life.
        waits++;
        if (waits === 20) bed.localnet.admin.advanceSlots(200);
      },
      // Each send waits 1.9 s for its budget: the record's time is 1.9 s older than the send.
      { neverBroadcast: true, budgetWaitMs: 1_900 },
    );
    expect(outcome.kind).toBe('expired');
    const gaps = sentAt.slice(1).map((at, i) => at - (sentAt[i] ?? 0));
    expect(gaps.length).toBeGreaterThan(1);
    // 1.9 s of budget wait plus the 2 s interval from the previous send's departure.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(REBROADCAST_INTERVAL_MS + 1_900);
    // Between two sends, always a status question.
    sentAt.slice(1).forEach((at, i) => {
      expect(looks.some((look) => look > (sentAt[i] ?? 0) && look < at)).toBe(true);
    });
  });

  it('finds a send whose acknowledgement was lost by its signature, and never sends it again', async () => {
    const master = await bed.fundedMaster(SOL);
    const wallet = randomAddress();
    const [planned] = bed.plan({
      feePayer: fleetAddress(master.address),
      transfers: bed.transfersTo(master.address, [wallet], () => 3_000_000n),
      version: 'legacy',
      computeBudget: false,
    });
    if (planned === undefined) throw new Error('no bed.plan');
    const signed = await buildSignedTransaction({ planned, lifetime: await bed.lifetime() }, () =>
      Promise.resolve(master),
    );
    bed.localnet.admin.resetCounters('slow');
    // The node runs the send, then answers after 1.5 s; the pool gives up after 250 ms.
    const slow = createEndpointPool({ endpoints: [bed.endpointUrl('slow')], timeoutMs: 250 });
    const before = await bed.balance(master.address);
    const { outcome, broadcasts } = await bed.drive(
      bed.signedRecord(signed, planned),
      signed,
      () => slow,
    );
    expect(broadcasts).toHaveLength(1);
    expect(broadcasts[0]?.kind).toBe('unknown');
    expect(outcome.kind).toBe('confirmed');
    expect(outcome.tx.broadcasts).toBe(1);
    expect(bed.localnet.admin.counters('slow').requestsByMethod['sendTransaction']).toBe(1);
    expect(await bed.balance(wallet)).toBe(3_000_000n);
    expect(before - (await bed.balance(master.address))).toBe(3_000_000n + 5_000n);
  });

  it('after a crash between the send and its record, finds the landing by signature and sends nothing', async () => {
    const master = await bed.fundedMaster(SOL);
    const wallet = randomAddress();
    const [planned] = bed.plan({
      feePayer: fleetAddress(master.address),
      transfers: bed.transfersTo(master.address, [wallet], () => 2_000_000n),
      version: 'legacy',
      computeBudget: false,
    });
    if (planned === undefined) throw new Error('no bed.plan');
    const signed = await buildSignedTransaction({ planned, lifetime: await bed.lifetime() }, () =>
      Promise.resolve(master),
    );
    // The worker sent the bytes and died before anything else was written: the ledger says `signed`.
    const sends = (): number =>
      bed.localnet.admin.counters().requestsByMethod['sendTransaction'] ?? 0;
    expect(await broadcastTransaction(bed.sender.rpc, signed.wireBase64)).toEqual({
      kind: 'accepted',
      signature: signed.signature,
    });
    const sentBefore = sends();
    expect(sentBefore).toBeGreaterThan(0);
    const { outcome, broadcasts, recorded } = await bed.drive(
      bed.signedRecord(signed, planned),
      signed,
    );
    expect(outcome.kind).toBe('confirmed');
    expect(broadcasts).toEqual([]);
    expect(sends()).toBe(sentBefore);
    expect(recorded.map((r) => r.state)).toEqual(['confirmed']);
    expect(await bed.balance(wallet)).toBe(2_000_000n);
  });

  it('records a transfer that lands with an error as failed with the reason, final', async () => {
    const poor = await bed.fundedMaster(10_000_000n);
    const wallet = randomAddress();
    const [planned] = bed.plan({
      feePayer: fleetAddress(poor.address),
      transfers: bed.transfersTo(poor.address, [wallet], () => SOL),
      version: 'legacy',
      computeBudget: true,
    });
    if (planned === undefined) throw new Error('no bed.plan');
    const life = await bed.lifetime();
    const simulated = await simulateComputeUnits(bed.observer.rpc, { planned, lifetime: life });
    expect(simulated.ok).toBe(false);
    if (simulated.ok) throw new Error('simulation passed');
    expect(simulated.error.code).toBe('TRANSFER__SIMULATION_FAILED');
    expect(simulated.error.context.reason).toContain('InstructionError');

    const signed = await buildSignedTransaction(
      { planned, lifetime: life, computeBudget: { unitLimit: 1_000, microLamportsPerUnit: 0n } },
      () => Promise.resolve(poor),
    );
    const { outcome } = await bed.drive(bed.signedRecord(signed, planned), signed);
    expect(outcome.kind).toBe('failed');
    expect(outcome.tx.state).toBe('failed');
    // The System program's ResultWithNegativeLamports (custom 1) in the third instruction.
    expect(outcome.tx.failureReason).toBe('{"InstructionError":[2,{"Custom":1}]}');
    expect(outcome.tx.broadcasts).toBe(1);
    // Final: driving it again asks nothing and sends nothing.
    const again = await bed.drive(outcome.tx, signed);
    expect(again.outcome.kind).toBe('failed');
    expect(again.broadcasts).toEqual([]);
    expect(nextStep(outcome.tx, nothingObserved(0))).toEqual({ kind: 'done' });
    expect(await bed.balance(wallet)).toBe(0n);
    expect(await bed.balance(poor.address)).toBe(10_000_000n - 5_000n);
    console.info(`failed transfer reason: ${outcome.tx.failureReason ?? ''}`);
  });

  it('expires a transaction that never lands once the height passes its last valid one', async () => {
    const master = await bed.fundedMaster(SOL);
    const wallet = randomAddress();
    const [planned] = bed.plan({
      feePayer: fleetAddress(master.address),
      transfers: bed.transfersTo(master.address, [wallet], () => 4_000_000n),
      version: 'legacy',
      computeBudget: false,
    });
    if (planned === undefined) throw new Error('no bed.plan');
    const life = await bed.lifetime();
    const signed = await buildSignedTransaction({ planned, lifetime: life }, () =>
      Promise.resolve(master),
    );
    const dropping = createEndpointPool({ endpoints: [bed.endpointUrl('drop')] });
    let waits = 0;
    const { outcome, recorded } = await bed.drive(
      bed.signedRecord(signed, planned),
      signed,
      () => dropping,
      () => {
        waits++;
        bed.localnet.admin.advanceSlots(20);
      },
    );
    expect(outcome.kind).toBe('expired');
    expect(outcome.tx.state).toBe('expired');
    expect(waits).toBe(8); // 200 ms after a send, then every 400 ms: 160 slots, past the 150 a blockhash lives
    expect(outcome.tx.broadcasts).toBe(2); // the same bytes again once 2 s have passed
    expect(recorded.at(-1)?.state).toBe('expired');
    const height = await bed.observer.rpc.getBlockHeight().send();
    expect(height).toBeGreaterThan(life.lastValidBlockHeight);
    expect(nextStep(outcome.tx, nothingObserved(0))).toEqual({
      kind: 'replanItems',
      itemIds: ['item-0'],
    });
    // The same bytes can no longer land: the chain refuses the expired blockhash.
    await broadcastTransaction(bed.sender.rpc, signed.wireBase64);
    expect(await bed.balance(wallet)).toBe(0n);
    expect(await bed.balance(master.address)).toBe(SOL);
  });

  it('reads statuses 256 at a time, each batch after a height from the same endpoint', async () => {
    const counting = createEndpointPool({ endpoints: [bed.endpointUrl('counted')] });
    bed.localnet.admin.resetCounters('counted');
    const unknown = Array.from({ length: MAX_SIGNATURES_PER_STATUS_CALL + 44 }, () =>
      getBase58Decoder().decode(randomBytes(64)),
    );
    const seen = await observeSignatures(counting.rpc, unknown);
    expect(seen).toHaveLength(300);
    expect(seen.every((s) => s.status.kind === 'notFound' && s.blockHeight !== null)).toBe(true);
    const calls = bed.localnet.admin.counters('counted').requestsByMethod;
    expect(calls['getBlockHeight']).toBe(2);
    expect(calls['getSignatureStatuses']).toBe(2);
  });

  it('refuses a key that is not the signer’s, and a driver never signs', async () => {
    const master = await bed.fundedMaster(SOL);
    const stranger = await generateKeyPairSigner();
    const [planned] = bed.plan({
      feePayer: fleetAddress(master.address),
      transfers: bed.transfersTo(master.address, [randomAddress()], () => 1_000_000n),
      version: 'legacy',
      computeBudget: false,
    });
    if (planned === undefined) throw new Error('no bed.plan');
    await expect(
      buildSignedTransaction({ planned, lifetime: await bed.lifetime() }, () =>
        Promise.resolve(stranger.keyPair),
      ),
    ).rejects.toMatchObject({ code: 'TRANSFER__SIGNER_MISMATCH' });
    const unsigned = plannedTransaction('tx-2', 'op-2', ['item-0']);
    const { outcome, broadcasts } = await bed.drive(unsigned, {
      signature: '',
      wireBase64: '' as SignedTransfer['wireBase64'],
      lastValidBlockHeight: 0n,
    });
    expect(outcome.kind).toBe('unsigned');
    expect(broadcasts).toEqual([]);
  });
});
