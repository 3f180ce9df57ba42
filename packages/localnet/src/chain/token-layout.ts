// SPL Token / Token-2022 account and mint layouts. Token-2022 shares the base layouts and appends
// extensions after byte 165, with an account-type byte (1 = mint, 2 = account) at offset 165.

import { decodeBase58, encodeBase58 } from '../codec/base58.js';

export const TOKEN_ACCOUNT_SIZE = 165;
export const MINT_SIZE = 82;

export interface TokenAccountState {
  readonly mint: string;
  readonly owner: string;
  readonly amount: bigint;
  readonly delegate: string | null;
  readonly state: 'uninitialized' | 'initialized' | 'frozen';
  readonly isNative: bigint | null;
  readonly delegatedAmount: bigint;
  readonly closeAuthority: string | null;
}

export interface MintState {
  readonly mintAuthority: string | null;
  readonly supply: bigint;
  readonly decimals: number;
  readonly isInitialized: boolean;
  readonly freezeAuthority: string | null;
}

const STATES = ['uninitialized', 'initialized', 'frozen'] as const;

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function optionalKey(data: Uint8Array, offset: number): string | null {
  return view(data).getUint32(offset, true) === 1
    ? encodeBase58(data.subarray(offset + 4, offset + 36))
    : null;
}

export function isTokenAccountData(data: Uint8Array): boolean {
  return (
    data.length === TOKEN_ACCOUNT_SIZE ||
    (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === 2)
  );
}

export function isMintData(data: Uint8Array): boolean {
  return (
    data.length === MINT_SIZE ||
    (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === 1)
  );
}

export function parseTokenAccount(data: Uint8Array): TokenAccountState | null {
  if (!isTokenAccountData(data)) return null;
  const v = view(data);
  const state = STATES[data[108] ?? 0] ?? 'uninitialized';
  if (state === 'uninitialized') return null;
  return {
    mint: encodeBase58(data.subarray(0, 32)),
    owner: encodeBase58(data.subarray(32, 64)),
    amount: v.getBigUint64(64, true),
    delegate: optionalKey(data, 72),
    state,
    isNative: v.getUint32(109, true) === 1 ? v.getBigUint64(113, true) : null,
    delegatedAmount: v.getBigUint64(121, true),
    closeAuthority: optionalKey(data, 129),
  };
}

export function parseMint(data: Uint8Array): MintState | null {
  if (!isMintData(data)) return null;
  const v = view(data);
  return {
    mintAuthority: optionalKey(data, 0),
    supply: v.getBigUint64(36, true),
    decimals: data[44] ?? 0,
    isInitialized: data[45] === 1,
    freezeAuthority: optionalKey(data, 46),
  };
}

function writeOptionalKey(data: Uint8Array, offset: number, key: string | null): void {
  if (key === null) return;
  view(data).setUint32(offset, 1, true);
  data.set(decodeBase58(key), offset + 4);
}

export function encodeMint(mint: MintState): Uint8Array {
  const data = new Uint8Array(MINT_SIZE);
  writeOptionalKey(data, 0, mint.mintAuthority);
  view(data).setBigUint64(36, mint.supply, true);
  data[44] = mint.decimals;
  data[45] = mint.isInitialized ? 1 : 0;
  writeOptionalKey(data, 46, mint.freezeAuthority);
  return data;
}

export function encodeTokenAccount(account: TokenAccountState): Uint8Array {
  const data = new Uint8Array(TOKEN_ACCOUNT_SIZE);
  data.set(decodeBase58(account.mint), 0);
  data.set(decodeBase58(account.owner), 32);
  const v = view(data);
  v.setBigUint64(64, account.amount, true);
  writeOptionalKey(data, 72, account.delegate);
  data[108] = STATES.indexOf(account.state);
  if (account.isNative !== null) {
    v.setUint32(109, 1, true);
    v.setBigUint64(113, account.isNative, true);
  }
  v.setBigUint64(121, account.delegatedAmount, true);
  writeOptionalKey(data, 129, account.closeAuthority);
  return data;
}

/** Agave's `UiTokenAmount`: the raw amount is the truth; the float is display only. */
export interface UiTokenAmount {
  readonly amount: string;
  readonly decimals: number;
  readonly uiAmount: number | null;
  readonly uiAmountString: string;
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const raw = amount.toString();
  let uiAmountString = raw;
  if (decimals > 0) {
    const padded = raw.padStart(decimals + 1, '0');
    const whole = padded.slice(0, padded.length - decimals);
    const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '');
    uiAmountString = fraction.length > 0 ? `${whole}.${fraction}` : whole;
  }
  return { amount: raw, decimals, uiAmount: Number(uiAmountString), uiAmountString };
}
