// Blocks: every slot is a block holding the transactions that landed in it (the localnet never
// skips a slot). getBlock, getBlocks, getBlocksWithLimit and getBlockTime.

import type { TransactionRecord } from '../../history/transaction-record.js';
import {
  checkCommitment,
  configParam,
  displayValue,
  requireParam,
  u64Param,
  usizeParam,
} from '../params.js';
import type { RpcContext, RpcHandler } from '../rpc-context.js';
import { RpcError, invalidParams, unsupportedTransactionVersion } from '../rpc-error.js';
import {
  encodeTransactionRecord,
  isVersionedRecord,
  transactionDetailEncoding,
} from '../transaction-json.js';

const MAX_SLOT_RANGE = 500_000n;

const blockNotAvailable = (slot: bigint): RpcError =>
  new RpcError(-32004, `Block not available for slot ${slot}`);

type TransactionDetails = 'full' | 'accounts' | 'signatures' | 'none';

function transactionDetailsParam(value: unknown): TransactionDetails {
  if (value === undefined || value === null) return 'full';
  if (value === 'full' || value === 'accounts' || value === 'signatures' || value === 'none') {
    return value;
  }
  throw invalidParams(
    `Invalid params: unknown variant \`${displayValue(value)}\`, expected one of \`full\`, \`accounts\`, \`signatures\`, \`none\`.`,
  );
}

/** The transaction as getBlock lists it: getTransaction's shape without slot and blockTime. */
function blockEntry(
  record: TransactionRecord,
  details: TransactionDetails,
  encoding: ReturnType<typeof transactionDetailEncoding>,
  includeVersion: boolean,
): Record<string, unknown> {
  const full = encodeTransactionRecord(
    record,
    details === 'accounts' ? 'jsonParsed' : encoding,
    includeVersion,
  );
  const { slot: _slot, blockTime: _blockTime, ...entry } = full;
  if (details !== 'accounts') return entry;
  const meta = entry['meta'] as Record<string, unknown>;
  const message = (entry['transaction'] as { message: { accountKeys: unknown } }).message;
  const signatures = (entry['transaction'] as { signatures: unknown }).signatures;
  return {
    meta: {
      err: meta['err'],
      fee: meta['fee'],
      postBalances: meta['postBalances'],
      postTokenBalances: meta['postTokenBalances'],
      preBalances: meta['preBalances'],
      preTokenBalances: meta['preTokenBalances'],
      status: meta['status'],
    },
    transaction: { accountKeys: message.accountKeys, signatures },
    ...(includeVersion ? { version: entry['version'] } : {}),
  };
}

function checkAvailable(ctx: RpcContext, slot: bigint): void {
  if (slot > ctx.slot()) throw blockNotAvailable(slot);
}

const getBlock: RpcHandler = (params, ctx) => {
  const slot = u64Param(requireParam(params, 0, 'tuple of 2 elements'));
  const second = params[1];
  const config = typeof second === 'string' ? { encoding: second } : configParam(params, 1);
  checkCommitment(config);
  if (config['commitment'] === 'processed') {
    throw invalidParams('Method does not support commitment below `confirmed`');
  }
  const encoding = transactionDetailEncoding(config['encoding']);
  const details = transactionDetailsParam(config['transactionDetails']);
  const maxVersion = config['maxSupportedTransactionVersion'];
  if (maxVersion !== undefined && maxVersion !== null && maxVersion !== 0) {
    throw invalidParams(
      `Invalid params: invalid value: integer \`${displayValue(maxVersion)}\`, expected u8 0.`,
    );
  }
  checkAvailable(ctx, slot);
  const records = ctx.chain.index.inSlot(slot);
  if (maxVersion !== 0 && records.some(isVersionedRecord)) throw unsupportedTransactionVersion(0);
  const block: Record<string, unknown> = {
    blockHeight: slot,
    blockTime: ctx.chain.blockTimeOf(slot),
    blockhash: ctx.chain.blockhashOf(slot),
    parentSlot: slot > 0n ? slot - 1n : 0n,
    previousBlockhash: ctx.chain.blockhashOf(slot > 0n ? slot - 1n : 0n),
  };
  if (details === 'signatures') block['signatures'] = records.map((r) => r.signature);
  if (details === 'full' || details === 'accounts') {
    block['transactions'] = records.map((r) => blockEntry(r, details, encoding, maxVersion === 0));
  }
  if (config['rewards'] !== false) block['rewards'] = [];
  return block;
};

function slotRange(ctx: RpcContext, start: bigint, end: bigint): bigint[] {
  const last = end < ctx.slot() ? end : ctx.slot();
  const out: bigint[] = [];
  for (let slot = start; slot <= last; slot++) out.push(slot);
  return out;
}

const getBlocks: RpcHandler = (params, ctx) => {
  const start = u64Param(requireParam(params, 0, 'tuple of 3 elements'));
  const rawEnd = params[1];
  const end =
    rawEnd === undefined || rawEnd === null || typeof rawEnd === 'object'
      ? ctx.slot()
      : u64Param(rawEnd);
  checkCommitment(configParam(params, typeof rawEnd === 'object' ? 1 : 2));
  if (end >= start && end - start > MAX_SLOT_RANGE) {
    throw invalidParams(`Slot range too large; max ${MAX_SLOT_RANGE}`);
  }
  return slotRange(ctx, start, end);
};

const getBlocksWithLimit: RpcHandler = (params, ctx) => {
  const start = u64Param(requireParam(params, 0, 'tuple of 3 elements'));
  const limit = BigInt(usizeParam(requireParam(params, 1, 'tuple of 3 elements')));
  checkCommitment(configParam(params, 2));
  if (limit > MAX_SLOT_RANGE) throw invalidParams(`Limit too large; max ${MAX_SLOT_RANGE}`);
  if (limit === 0n) return [];
  return slotRange(ctx, start, start + limit - 1n);
};

const getBlockTime: RpcHandler = (params, ctx) => {
  const slot = u64Param(requireParam(params, 0, 'tuple of 1 element'));
  checkAvailable(ctx, slot);
  const time = ctx.chain.blockTimeOf(slot);
  if (time === null) throw blockNotAvailable(slot);
  return time;
};

export const blockMethods: Record<string, RpcHandler> = {
  getBlock,
  getBlocks,
  getBlocksWithLimit,
  getBlockTime,
};
