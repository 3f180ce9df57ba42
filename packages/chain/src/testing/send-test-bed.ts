// The localnet and helpers the send tests share: a master funded on chain, transfers packed and
// signed as the server does, and a driver run on a manual clock (no test sleeps).

import {
  address as fleetAddress,
  createManualClock,
  lamports,
  packTransfers,
  plannedTransaction,
  transition,
  type LedgerTransaction,
  type PackTransfersInput,
  type PlannedTransaction,
} from '@fleet/core';
import { createLocalnet, type Localnet } from '@fleet/localnet';
import { address, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';

import { createEndpointPool, type EndpointPool } from '../pool/endpoint-pool';
import type { SignedTransfer } from '../send/build-transaction';
import { broadcastTransaction, type BroadcastOutcome } from '../send/broadcast-transaction';
import { driveTransaction, type DriveOutcome } from '../send/drive-transaction';
import { observeSignatures } from '../send/observe-signatures';

export interface Drive {
  readonly outcome: DriveOutcome;
  readonly recorded: LedgerTransaction[];
  readonly broadcasts: BroadcastOutcome[];
  /** The clock's time at each status question and at each send as it left. */
  readonly looks: number[];
  readonly sentAt: number[];
}

export async function createSendTestBed() {
  const localnet: Localnet = await createLocalnet({
    slotIntervalMs: 0,
    endpoints: {
      drop: { dropSendRate: 1 },
      slow: { latencyMs: 1_500 },
      counted: {},
    },
  });
  /** One endpoint, for observations: height and status from the same node. */
  const observer: EndpointPool = createEndpointPool({ endpoints: [localnet.url] });
  /** Sends that land. */
  const sender: EndpointPool = createEndpointPool({ endpoints: [localnet.url] });

  const endpointUrl = (name: string): string => localnet.endpoints[name]?.url ?? '';
  const balance = async (owner: string): Promise<bigint> =>
    (await observer.rpc.getBalance(address(owner)).send()).value;

  async function fundedMaster(sol: bigint): Promise<KeyPairSigner> {
    const master = await generateKeyPairSigner();
    await localnet.admin.fund(master.address, sol);
    return master;
  }

  function plan(input: PackTransfersInput): PlannedTransaction[] {
    const packed = packTransfers(input);
    if (!packed.ok) throw new Error(packed.error.message);
    return [...packed.value];
  }

  function transfersTo(
    from: string,
    recipients: readonly string[],
    amount: (index: number) => bigint,
  ): PackTransfersInput['transfers'] {
    return recipients.map((to, index) => ({
      itemId: `item-${index}`,
      from: fleetAddress(from),
      to: fleetAddress(to),
      lamports: lamports(amount(index)),
    }));
  }

  async function lifetime(): Promise<{ blockhash: string; lastValidBlockHeight: bigint }> {
    const { value } = await observer.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    return value;
  }

  /** Signs, then records `signed` as the server would before any broadcast. */
  function signedRecord(signed: SignedTransfer, planned: PlannedTransaction): LedgerTransaction {
    const result = transition(
      plannedTransaction(
        'tx-1',
        'op-1',
        planned.transfers.map((t) => t.itemId),
      ),
      {
        type: 'signed',
        signature: signed.signature,
        lastValidBlockHeight: signed.lastValidBlockHeight,
      },
    );
    if (!result.ok) throw result.error;
    return result.value;
  }

  /**
   * Drives a signed record with the stored bytes. `via(n)` picks the pool for the n-th broadcast;
   * `onWait` runs at every wait (the manual clock moves at once: no test sleeps).
   */
  async function drive(
    tx: LedgerTransaction,
    signed: SignedTransfer,
    via: (attempt: number) => EndpointPool = () => sender,
    onWait: () => void = () => undefined,
    options: {
      readonly neverBroadcast?: boolean;
      /** How long each send waits (for the pool's send budget) before it leaves. */
      readonly budgetWaitMs?: number;
    } = {},
  ): Promise<Drive> {
    const manual = createManualClock(1_000_000);
    const recorded: LedgerTransaction[] = [];
    const broadcasts: BroadcastOutcome[] = [];
    const looks: number[] = [];
    const sentAt: number[] = [];
    const outcome = await driveTransaction(tx, {
      observe: async (signature) => {
        looks.push(manual.now());
        const [seen] = await observeSignatures(observer.rpc, [signature]);
        if (seen === undefined) throw new Error('no observation');
        return seen;
      },
      broadcast: async () => {
        manual.advance(options.budgetWaitMs ?? 0);
        sentAt.push(manual.now());
        broadcasts.push(await broadcastTransaction(via(broadcasts.length).rpc, signed.wireBase64));
      },
      record: (changed) => {
        recorded.push(changed);
        return Promise.resolve();
      },
      clock: {
        now: () => manual.now(),
        sleep: (ms) => {
          onWait();
          manual.advance(ms);
          return Promise.resolve();
        },
      },
      maxSteps: 200,
      ...(options.neverBroadcast === undefined ? {} : { neverBroadcast: options.neverBroadcast }),
    });
    return { outcome, recorded, broadcasts, looks, sentAt };
  }

  return {
    localnet,
    observer,
    sender,
    endpointUrl,
    balance,
    fundedMaster,
    plan,
    transfersTo,
    lifetime,
    signedRecord,
    drive,
    close: () => localnet.close(),
  };
}

export type SendTestBed = Awaited<ReturnType<typeof createSendTestBed>>;
