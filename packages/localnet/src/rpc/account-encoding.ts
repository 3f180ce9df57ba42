// Account data in the encodings Agave offers: legacy `binary` (bare base58), `base58`, `base64`
// and `jsonParsed` (token accounts and mints; anything else falls back to base64, as Agave does).
// `base64+zstd` is refused with a clear message rather than silently answered uncompressed.

import { encodeBase58 } from '../codec/base58.js';
import { encodeBase64 } from '../codec/base64.js';
import type { AccountState } from '../chain/account-state.js';
import { TOKEN_2022_PROGRAM, isTokenProgram } from '../chain/program-ids.js';
import { parseExtensions } from '../chain/token-extensions.js';
import { parseMint, parseTokenAccount, uiTokenAmount } from '../chain/token-layout.js';
import { invalidParams, invalidRequest } from './rpc-error.js';
import { displayValue, typeError, usizeParam } from './params.js';

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'jsonParsed';

export interface DataSlice {
  readonly offset: number;
  readonly length: number;
}

export interface EncodingOptions {
  readonly encoding: AccountEncoding;
  readonly dataSlice: DataSlice | null;
  /** Resolves a mint's decimals for jsonParsed token accounts. */
  readonly decimalsOf: (mint: string) => number | null;
}

export function encodingParam(
  config: Record<string, unknown>,
  fallback: AccountEncoding,
): AccountEncoding {
  const encoding = config['encoding'];
  if (encoding === undefined || encoding === null) return fallback;
  switch (encoding) {
    case 'binary':
    case 'base58':
    case 'base64':
    case 'jsonParsed':
      return encoding as AccountEncoding;
    case 'base64+zstd':
      throw invalidParams(
        'Invalid params: base64+zstd encoding is not supported by this localnet; use base64.',
      );
    default:
      throw invalidParams(
        `Invalid params: unknown variant \`${displayValue(encoding)}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\`.`,
      );
  }
}

export function dataSliceParam(config: Record<string, unknown>): DataSlice | null {
  const slice = config['dataSlice'];
  if (slice === undefined || slice === null) return null;
  if (typeof slice !== 'object' || Array.isArray(slice))
    throw typeError(slice, 'struct UiDataSliceConfig');
  const { offset, length } = slice as Record<string, unknown>;
  return { offset: usizeParam(offset), length: usizeParam(length) };
}

const MAX_BASE58_BYTES = 128;

export function encodeAccount(
  account: AccountState,
  options: EncodingOptions,
): Record<string, unknown> {
  return {
    data: encodeData(account, options),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: account.rentEpoch,
    space: account.data.length,
  };
}

function sliced(data: Uint8Array, slice: DataSlice | null): Uint8Array {
  if (slice === null) return data;
  return data.subarray(
    Math.min(slice.offset, data.length),
    Math.min(slice.offset + slice.length, data.length),
  );
}

function encodeData(account: AccountState, options: EncodingOptions): unknown {
  switch (options.encoding) {
    case 'binary':
    case 'base58': {
      const bytes = sliced(account.data, options.dataSlice);
      if (bytes.length > MAX_BASE58_BYTES) {
        throw invalidRequest(
          'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
        );
      }
      return options.encoding === 'binary' ? encodeBase58(bytes) : [encodeBase58(bytes), 'base58'];
    }
    case 'base64':
      return [encodeBase64(sliced(account.data, options.dataSlice)), 'base64'];
    case 'jsonParsed':
      return parsedData(account, options) ?? [encodeBase64(account.data), 'base64'];
  }
}

function parsedData(account: AccountState, options: EncodingOptions): unknown {
  if (!isTokenProgram(account.owner)) return null;
  const program = account.owner === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token';
  const tokenAccount = parseTokenAccount(account.data);
  if (tokenAccount !== null) {
    const decimals = options.decimalsOf(tokenAccount.mint);
    if (decimals === null) return null;
    const info: Record<string, unknown> = {
      isNative: tokenAccount.isNative !== null,
      mint: tokenAccount.mint,
      owner: tokenAccount.owner,
      state: tokenAccount.state,
      tokenAmount: uiTokenAmount(tokenAccount.amount, decimals),
    };
    if (tokenAccount.delegate !== null) {
      info['delegate'] = tokenAccount.delegate;
      info['delegatedAmount'] = uiTokenAmount(tokenAccount.delegatedAmount, decimals);
    }
    if (tokenAccount.isNative !== null)
      info['rentExemptReserve'] = uiTokenAmount(tokenAccount.isNative, decimals);
    if (tokenAccount.closeAuthority !== null) info['closeAuthority'] = tokenAccount.closeAuthority;
    if (program === 'spl-token-2022' && account.data.length > 165)
      info['extensions'] = parseExtensions(account.data);
    return { parsed: { info, type: 'account' }, program, space: account.data.length };
  }
  const mint = parseMint(account.data);
  if (mint !== null) {
    const info: Record<string, unknown> = {
      decimals: mint.decimals,
      freezeAuthority: mint.freezeAuthority,
      isInitialized: mint.isInitialized,
      mintAuthority: mint.mintAuthority,
      supply: mint.supply.toString(),
    };
    if (program === 'spl-token-2022' && account.data.length > 165)
      info['extensions'] = parseExtensions(account.data);
    return {
      parsed: { info, type: 'mint' },
      program,
      space: account.data.length,
    };
  }
  return null;
}
