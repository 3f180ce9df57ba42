// Token-2022 extensions: the TLV entries after the account-type byte at offset 165, named as
// Agave's jsonParsed names them. Extensions whose state Fleet reads carry it; others are listed
// by name only.

import { encodeBase58 } from '../codec/base58.js';

const EXTENSION_NAMES = [
  'uninitialized',
  'transferFeeConfig',
  'transferFeeAmount',
  'mintCloseAuthority',
  'confidentialTransferMint',
  'confidentialTransferAccount',
  'defaultAccountState',
  'immutableOwner',
  'memoTransfer',
  'nonTransferable',
  'interestBearingConfig',
  'cpiGuard',
  'permanentDelegate',
  'nonTransferableAccount',
  'transferHook',
  'transferHookAccount',
  'confidentialTransferFeeConfig',
  'confidentialTransferFeeAmount',
  'metadataPointer',
  'tokenMetadata',
  'groupPointer',
  'tokenGroup',
  'groupMemberPointer',
  'tokenGroupMember',
  'confidentialMintBurn',
  'scaledUiAmountConfig',
  'pausableConfig',
  'pausableAccount',
] as const;

export interface TokenMetadataState {
  readonly updateAuthority: string | null;
  readonly mint: string;
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
  readonly additionalMetadata: readonly [string, string][];
}

export interface ParsedExtension {
  readonly extension: string;
  readonly state?: Record<string, unknown>;
}

const EXTENSIONS_START = 166;

function* entries(data: Uint8Array): Generator<{ type: number; value: Uint8Array }> {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let offset = EXTENSIONS_START;
  while (offset + 4 <= data.length) {
    const type = view.getUint16(offset, true);
    const length = view.getUint16(offset + 2, true);
    if (type === 0 || offset + 4 + length > data.length) return;
    yield { type, value: data.subarray(offset + 4, offset + 4 + length) };
    offset += 4 + length;
  }
}

function optionalKey(bytes: Uint8Array): string | null {
  return bytes.every((b) => b === 0) ? null : encodeBase58(bytes);
}

export function parseTokenMetadata(value: Uint8Array): TokenMetadataState | null {
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  let offset = 64;
  const text = (): string => {
    const length = view.getUint32(offset, true);
    const out = Buffer.from(value.subarray(offset + 4, offset + 4 + length)).toString('utf8');
    offset += 4 + length;
    return out;
  };
  try {
    const name = text();
    const symbol = text();
    const uri = text();
    const count = view.getUint32(offset, true);
    offset += 4;
    const additionalMetadata: [string, string][] = [];
    for (let i = 0; i < count; i++) additionalMetadata.push([text(), text()]);
    return {
      updateAuthority: optionalKey(value.subarray(0, 32)),
      mint: encodeBase58(value.subarray(32, 64)),
      name,
      symbol,
      uri,
      additionalMetadata,
    };
  } catch (_error) {
    // A truncated entry reads as no metadata, as a malformed account would on Agave.
    return null;
  }
}

type ExtensionName = (typeof EXTENSION_NAMES)[number];

function view(value: Uint8Array): DataView {
  return new DataView(value.buffer, value.byteOffset, value.byteLength);
}

/** State readers for the extensions whose state Fleet may read; the rest are listed by name. */
const STATE_READERS: Partial<
  Record<ExtensionName, (value: Uint8Array) => Record<string, unknown> | null>
> = {
  transferFeeAmount: (value) => ({ withheldAmount: view(value).getBigUint64(0, true) }),
  memoTransfer: (value) => ({ requireIncomingTransferMemos: value[0] === 1 }),
  cpiGuard: (value) => ({ lockCpi: value[0] === 1 }),
  mintCloseAuthority: (value) => ({ closeAuthority: optionalKey(value.subarray(0, 32)) }),
  permanentDelegate: (value) => ({ delegate: optionalKey(value.subarray(0, 32)) }),
  metadataPointer: (value) => ({
    authority: optionalKey(value.subarray(0, 32)),
    metadataAddress: optionalKey(value.subarray(32, 64)),
  }),
  tokenMetadata: (value) => {
    const metadata = parseTokenMetadata(value);
    return metadata === null ? null : { ...metadata };
  },
};

export function parseExtensions(data: Uint8Array): ParsedExtension[] {
  if (data.length <= EXTENSIONS_START) return [];
  const out: ParsedExtension[] = [];
  for (const { type, value } of entries(data)) {
    const extension = EXTENSION_NAMES[type];
    if (extension === undefined) {
      out.push({ extension: 'unparseableExtension' });
      continue;
    }
    const state = STATE_READERS[extension]?.(value) ?? null;
    out.push(state === null ? { extension } : { extension, state });
  }
  return out;
}

/** The TokenMetadata extension of a Token-2022 mint, if it has one. */
export function tokenMetadataOf(data: Uint8Array): TokenMetadataState | null {
  for (const { type, value } of entries(data)) {
    if (EXTENSION_NAMES[type] === 'tokenMetadata') return parseTokenMetadata(value);
  }
  return null;
}
