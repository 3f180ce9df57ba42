// Account reads: getBalance, getAccountInfo, getMultipleAccounts, getProgramAccounts.

import { decodeBase58, Base58Error } from '../../codec/base58.js';
import { Base64Error, decodeBase64 } from '../../codec/base64.js';
import type { AccountState } from '../../chain/account-state.js';
import {
  dataSliceParam,
  encodeAccount,
  encodingParam,
  type EncodingOptions,
} from '../account-encoding.js';
import {
  checkCommitment,
  checkMinContextSlot,
  configParam,
  pubkeyParam,
  requireParam,
  typeError,
  usizeParam,
} from '../params.js';
import { withContext, type RpcContext, type RpcHandler } from '../rpc-context.js';
import { invalidParam, invalidParams } from '../rpc-error.js';

export const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_FILTERS = 4;
const MAX_MEMCMP_BYTES = 128;

export function accountConfig(
  params: readonly unknown[],
  index: number,
  ctx: RpcContext,
  fallback: 'binary' | 'base64' = 'binary',
): {
  config: Record<string, unknown>;
  options: EncodingOptions;
} {
  const config = configParam(params, index);
  checkCommitment(config);
  checkMinContextSlot(config, ctx.slot());
  return {
    config,
    options: {
      encoding: encodingParam(config, fallback),
      dataSlice: dataSliceParam(config),
      decimalsOf: (mint) => ctx.chain.mintDecimals(mint),
    },
  };
}

type Filter = (account: AccountState) => boolean;

function parseFilters(value: unknown): Filter[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw typeError(value, 'a sequence');
  if (value.length > MAX_FILTERS)
    throw invalidParams(`Too many filters provided; max ${MAX_FILTERS}`);
  return value.map((raw: unknown): Filter => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw typeError(raw, 'a filter object');
    const filter = raw as Record<string, unknown>;
    if ('dataSize' in filter) {
      const size = usizeParam(filter['dataSize']);
      return (account) => account.data.length === size;
    }
    if ('memcmp' in filter && typeof filter['memcmp'] === 'object' && filter['memcmp'] !== null) {
      const memcmp = filter['memcmp'] as Record<string, unknown>;
      const offset = usizeParam(memcmp['offset']);
      const text = memcmp['bytes'];
      if (typeof text !== 'string') throw typeError(text, 'a string');
      const bytes = decodeFilterBytes(text, memcmp['encoding']);
      return (account) => {
        if (offset + bytes.length > account.data.length) return false;
        for (let i = 0; i < bytes.length; i++)
          if (account.data[offset + i] !== bytes[i]) return false;
        return true;
      };
    }
    if ('tokenAccountState' in filter) {
      return (account) => account.data.length >= 165 && account.data[108] !== 0;
    }
    throw invalidParams(
      'Invalid params: unknown variant, expected one of `dataSize`, `memcmp`, `tokenAccountState`.',
    );
  });
}

function decodeFilterBytes(text: string, encoding: unknown): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = encoding === 'base64' ? decodeBase64(text) : decodeBase58(text);
  } catch (error) {
    if (error instanceof Base58Error || error instanceof Base64Error)
      throw invalidParam(`InvalidFilter("${error.detail}")`);
    throw error;
  }
  if (bytes.length > MAX_MEMCMP_BYTES) throw invalidParam('InvalidFilter("data too large")');
  return bytes;
}

export const accountMethods: Record<string, RpcHandler> = {
  getBalance: (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'tuple of 2 elements'));
    const config = configParam(params, 1);
    checkCommitment(config);
    checkMinContextSlot(config, ctx.slot());
    return withContext(ctx, ctx.chain.getBalance(address));
  },
  getAccountInfo: (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'tuple of 2 elements'));
    const { options } = accountConfig(params, 1, ctx);
    const account = ctx.chain.getAccount(address);
    return withContext(ctx, account === null ? null : encodeAccount(account, options));
  },
  getMultipleAccounts: (params, ctx) => {
    const raw = requireParam(params, 0, 'tuple of 2 elements');
    if (!Array.isArray(raw)) throw typeError(raw, 'a sequence');
    if (raw.length > MAX_MULTIPLE_ACCOUNTS) {
      throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
    }
    const addresses = raw.map(pubkeyParam);
    const { options } = accountConfig(params, 1, ctx);
    return withContext(
      ctx,
      addresses.map((address) => {
        const account = ctx.chain.getAccount(address);
        return account === null ? null : encodeAccount(account, options);
      }),
    );
  },
  getProgramAccounts: (params, ctx) => {
    const programId = pubkeyParam(requireParam(params, 0, 'tuple of 2 elements'));
    const { config, options } = accountConfig(params, 1, ctx);
    const filters = parseFilters(config['filters']);
    const accounts = ctx.chain
      .programAccounts(programId)
      .filter(({ account }) => filters.every((filter) => filter(account)))
      .map(({ address, account }) => ({
        account: encodeAccount(account, options),
        pubkey: address,
      }));
    return config['withContext'] === true ? withContext(ctx, accounts) : accounts;
  },
};
