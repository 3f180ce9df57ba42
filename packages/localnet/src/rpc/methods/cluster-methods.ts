// Cluster-wide reads: health, version, slots, epochs, blockhashes, fees and rent.

import { MAX_PROCESSING_AGE } from '../../chain/blockhashes.js';
import { feeOf } from '../../chain/fees.js';
import { SLOTS_PER_EPOCH } from '../../chain/local-chain.js';
import { WireFormatError, parseWireTransaction } from '../../chain/wire-transaction.js';
import { Base64Error, decodeBase64 } from '../../codec/base64.js';
import {
  checkCommitment,
  checkMinContextSlot,
  configParam,
  pubkeyParam,
  requireParam,
  stringParam,
  typeError,
  usizeParam,
} from '../params.js';
import { API_VERSION, withContext, type RpcContext, type RpcHandler } from '../rpc-context.js';
import { invalidParams, nodeBehind } from '../rpc-error.js';

const FEATURE_SET = 3_294_202_862;
/** Agave reports itself unhealthy once this many slots behind the cluster. */
const HEALTH_CHECK_SLOT_DISTANCE = 128n;
const MAX_PRIORITIZATION_FEE_ACCOUNTS = 128;

function readConfig(
  params: readonly unknown[],
  index: number,
  ctx: RpcContext,
): Record<string, unknown> {
  const config = configParam(params, index);
  checkCommitment(config);
  checkMinContextSlot(config, ctx.slot());
  return config;
}

function epochInfo(ctx: RpcContext): Record<string, unknown> {
  const slot = ctx.slot();
  return {
    absoluteSlot: slot,
    blockHeight: ctx.slot(),
    epoch: slot / SLOTS_PER_EPOCH,
    slotIndex: slot % SLOTS_PER_EPOCH,
    slotsInEpoch: SLOTS_PER_EPOCH,
    transactionCount: BigInt(ctx.chain.index.size),
  };
}

/** The message of getFeeForMessage, framed with placeholder signatures so it parses as a tx. */
function parseMessage(base64: string): ReturnType<typeof parseWireTransaction> {
  let message: Uint8Array;
  try {
    message = decodeBase64(base64);
  } catch (error) {
    if (error instanceof Base64Error)
      throw invalidParams(`invalid base64 encoding: ${error.detail}`);
    throw error;
  }
  const first = message[0] ?? 0;
  const signatures = first & 0x80 ? (message[1] ?? 0) : first;
  const framed = new Uint8Array(1 + 64 * signatures + message.length);
  framed[0] = signatures;
  framed.set(message, 1 + 64 * signatures);
  try {
    return parseWireTransaction(framed);
  } catch (error) {
    if (error instanceof WireFormatError) {
      throw invalidParams(
        `failed to deserialize solana_message::versioned::VersionedMessage: ${error.message}`,
      );
    }
    throw error;
  }
}

export const clusterMethods: Record<string, RpcHandler> = {
  getHealth: (_params, ctx) => {
    const behind = ctx.chain.slot - ctx.slot();
    if (behind > HEALTH_CHECK_SLOT_DISTANCE) throw nodeBehind(behind);
    return 'ok';
  },
  getVersion: () => ({ 'feature-set': FEATURE_SET, 'solana-core': API_VERSION }),
  getIdentity: (_params, ctx) => ({ identity: ctx.faucet.address }),
  getGenesisHash: (_params, ctx) => ctx.chain.genesisHash(),
  getSlot: (params, ctx) => {
    readConfig(params, 0, ctx);
    return ctx.slot();
  },
  getBlockHeight: (params, ctx) => {
    readConfig(params, 0, ctx);
    return ctx.slot();
  },
  getTransactionCount: (params, ctx) => {
    readConfig(params, 0, ctx);
    return BigInt(ctx.chain.index.size);
  },
  getFirstAvailableBlock: () => 0n,
  getEpochInfo: (params, ctx) => {
    readConfig(params, 0, ctx);
    return epochInfo(ctx);
  },
  getEpochSchedule: () => ({
    firstNormalEpoch: 0n,
    firstNormalSlot: 0n,
    leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
    slotsPerEpoch: SLOTS_PER_EPOCH,
    warmup: false,
  }),
  getLatestBlockhash: (params, ctx) => {
    readConfig(params, 0, ctx);
    // A lagging endpoint hands out the blockhash of the slot it has reached.
    const slot = ctx.slot();
    return withContext(ctx, {
      blockhash: ctx.chain.blockhashOf(slot),
      lastValidBlockHeight: slot + MAX_PROCESSING_AGE,
    });
  },
  isBlockhashValid: (params, ctx) => {
    const blockhash = stringParam(requireParam(params, 0, 'tuple of 2 elements'));
    readConfig(params, 1, ctx);
    return withContext(ctx, ctx.chain.isBlockhashValid(blockhash));
  },
  getMinimumBalanceForRentExemption: (params, ctx) => {
    const length = usizeParam(requireParam(params, 0, 'tuple of 2 elements'));
    readConfig(params, 1, ctx);
    return ctx.chain.minimumBalanceForRentExemption(BigInt(length));
  },
  getFeeForMessage: (params, ctx) => {
    const tx = parseMessage(stringParam(requireParam(params, 0, 'tuple of 2 elements')));
    readConfig(params, 1, ctx);
    const valid = ctx.chain.isBlockhashValid(tx.recentBlockhash);
    return withContext(ctx, valid ? feeOf(tx) : null);
  },
  getRecentPrioritizationFees: (params, ctx) => {
    const raw = params[0] ?? [];
    if (!Array.isArray(raw)) throw typeError(raw, 'a sequence');
    if (raw.length > MAX_PRIORITIZATION_FEE_ACCOUNTS) {
      throw invalidParams(`Too many inputs provided; max ${MAX_PRIORITIZATION_FEE_ACCOUNTS}`);
    }
    const accounts = raw.map(pubkeyParam);
    return ctx.chain.recentPrioritizationFees(accounts);
  },
  getMaxRetransmitSlot: (_params, ctx) => ctx.slot(),
  getSlotLeader: (_params, ctx) => ctx.faucet.address,
  getBlockCommitment: () => ({ commitment: null, totalStake: 0n }),
  minimumLedgerSlot: () => 0n,
};
