import { describe, expect, it } from 'vitest';
import { decodeBase58 } from '../keys/base58';
import type { Address } from '../primitives/address';
import { rentExemptMinimum } from '../transactions/rent';
import {
  associatedAccountRent,
  associatedAccountStateOf,
  decodeMint,
  decodeTokenAccount,
  reclaimableRent,
  transferFeeIn,
  transferFeeOf,
} from './token-layouts';

const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const OWNER = '9sBory5aFhsv9E3o8ZcFsZ4T9efGP8idVhRDUzdU5cgq' as Address;
const ACCOUNT = 'So11111111111111111111111111111111111111112' as Address;

function tlv(type: number, value: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + value.length);
  new DataView(out.buffer).setUint16(0, type, true);
  new DataView(out.buffer).setUint16(2, value.length, true);
  out.set(value, 4);
  return out;
}

function extended(base: Uint8Array, accountType: number, entries: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(166 + entries.reduce((n, entry) => n + entry.length, 0));
  out.set(base);
  out[165] = accountType;
  let at = 166;
  for (const entry of entries) {
    out.set(entry, at);
    at += entry.length;
  }
  return out;
}

function mintBase(decimals: number, supply: bigint): Uint8Array {
  const data = new Uint8Array(82);
  data[44] = decimals;
  data[45] = 1;
  new DataView(data.buffer).setBigUint64(36, supply, true);
  return data;
}

function transferFeeConfig(older: [bigint, bigint, number], newer: [bigint, bigint, number]) {
  const value = new Uint8Array(108);
  const view = new DataView(value.buffer);
  for (const [offset, [epoch, max, bps]] of [
    [72, older],
    [90, newer],
  ] as const) {
    view.setBigUint64(offset, epoch, true);
    view.setBigUint64(offset + 8, max, true);
    view.setUint16(offset + 16, bps, true);
  }
  return tlv(1, value);
}

function accountBase(amount: bigint, state: 1 | 2): Uint8Array {
  const data = new Uint8Array(165);
  data.set(decodeBase58(MINT), 0);
  data.set(decodeBase58(OWNER), 32);
  new DataView(data.buffer).setBigUint64(64, amount, true);
  data[108] = state;
  return data;
}

describe('reading a mint', () => {
  it('reads a Token mint: decimals, supply, no fee, a 165-byte associated account', () => {
    const mint = decodeMint(MINT, 'token', mintBase(6, 1_000n));
    expect(mint).toMatchObject({ decimals: 6, supply: 1_000n, transferFee: null, blocker: null });
    expect(mint?.associatedAccountLength).toBe(165);
    expect(associatedAccountRent(mint ?? { associatedAccountLength: 0 })).toBe(2_039_280n);
  });

  it("reads a Token-2022 mint's transfer fee; its associated accounts carry the fee amount", () => {
    const data = extended(mintBase(9, 0n), 1, [transferFeeConfig([0n, 50n, 100], [10n, 70n, 250])]);
    const mint = decodeMint(MINT, 'token2022', data);
    if (!mint) throw new Error('not read');
    // ImmutableOwner (4) and TransferFeeAmount (4 + 8) after the 166 bytes.
    expect(mint.associatedAccountLength).toBe(182);
    expect(associatedAccountRent(mint)).toBe(2_157_600n);
    expect(transferFeeIn(mint, 9n)).toEqual({ epoch: 0n, maximumFee: 50n, basisPoints: 100 });
    expect(transferFeeIn(mint, 10n)).toEqual({ epoch: 10n, maximumFee: 70n, basisPoints: 250 });
  });

  it('names what forbids a transfer: non-transferable, a hook with a program, paused, unknown', () => {
    const withEntries = (entries: Uint8Array[]) =>
      decodeMint(MINT, 'token2022', extended(mintBase(0, 0n), 1, entries));
    expect(withEntries([tlv(9, new Uint8Array(0))])?.blocker).toBe('non-transferable');
    const hook = new Uint8Array(64);
    expect(withEntries([tlv(14, hook)])?.blocker).toBeNull();
    hook[40] = 7;
    expect(withEntries([tlv(14, hook)])?.blocker).toBe('transfer hook');
    const paused = new Uint8Array(33);
    expect(withEntries([tlv(26, paused)])?.blocker).toBeNull();
    paused[32] = 1;
    expect(withEntries([tlv(26, paused)])?.blocker).toBe('paused');
    expect(withEntries([tlv(4, new Uint8Array(65))])?.blocker).toBe('unsupported extension');
    expect(withEntries([tlv(18, new Uint8Array(64))])?.blocker).toBeNull();
    expect(withEntries([tlv(6, Uint8Array.of(2))])?.defaultFrozen).toBe(true);
  });

  it('refuses what is not an initialized mint of its program', () => {
    expect(decodeMint(MINT, 'token', new Uint8Array(165))).toBeNull();
    const uninitialized = mintBase(6, 0n);
    uninitialized[45] = 0;
    expect(decodeMint(MINT, 'token', uninitialized)).toBeNull();
    // A Token mint never has extensions; a token account is not a mint.
    expect(decodeMint(MINT, 'token', extended(mintBase(6, 0n), 1, []))).toBeNull();
    expect(decodeMint(MINT, 'token2022', extended(mintBase(6, 0n), 2, []))).toBeNull();
  });
});

describe('reading a token account', () => {
  it('reads owner, mint, amount, frozen, withheld fees and the memo requirement', () => {
    const plain = decodeTokenAccount(ACCOUNT, 'token', accountBase(42n, 1), 2_039_280n);
    expect(plain).toMatchObject({
      owner: OWNER,
      mint: MINT,
      amount: 42n,
      frozen: false,
      withheldAmount: 0n,
    });
    const withheld = new Uint8Array(8);
    new DataView(withheld.buffer).setBigUint64(0, 9n, true);
    const data = extended(accountBase(0n, 2), 2, [
      tlv(7, new Uint8Array(0)),
      tlv(2, withheld),
      tlv(8, Uint8Array.of(1)),
    ]);
    expect(decodeTokenAccount(ACCOUNT, 'token2022', data, 2_157_600n)).toMatchObject({
      frozen: true,
      withheldAmount: 9n,
      requiresIncomingMemo: true,
    });
    const uninitialized = accountBase(0n, 1);
    uninitialized[108] = 0;
    expect(decodeTokenAccount(ACCOUNT, 'token', uninitialized, 1n)).toBeNull();
  });

  it("returns a wrapped-SOL account's rent, not its amount, when closed", () => {
    const data = accountBase(5_000n, 1);
    new DataView(data.buffer).setUint32(109, 1, true);
    const account = decodeTokenAccount(ACCOUNT, 'token', data, 2_039_280n + 5_000n);
    expect(account?.isNative).toBe(true);
    expect(reclaimableRent(account ?? { lamports: 0n, amount: 0n, isNative: false })).toBe(
      2_039_280n,
    );
  });

  it("tells an owner's associated account from nothing and from something else", () => {
    const account = decodeTokenAccount(ACCOUNT, 'token', accountBase(1n, 1), 2_039_280n);
    const expected = { owner: OWNER, mint: MINT };
    expect(associatedAccountStateOf(expected, { exists: false, decoded: null })).toBe('missing');
    expect(associatedAccountStateOf(expected, { exists: true, decoded: null })).toBe('foreign');
    expect(
      associatedAccountStateOf({ owner: MINT, mint: MINT }, { exists: true, decoded: account }),
    ).toBe('foreign');
    expect(associatedAccountStateOf(expected, { exists: true, decoded: account })).toBe(account);
  });
});

describe('the transfer fee', () => {
  it('rounds the basis points up and caps at the maximum, as Token-2022 withholds it', () => {
    const fee = { epoch: 0n, maximumFee: 500n, basisPoints: 100 };
    expect(transferFeeOf(fee, 1n)).toBe(1n);
    expect(transferFeeOf(fee, 100n)).toBe(1n);
    expect(transferFeeOf(fee, 101n)).toBe(2n);
    expect(transferFeeOf(fee, 10_000_000n)).toBe(500n);
    expect(transferFeeOf({ ...fee, basisPoints: 0 }, 10_000n)).toBe(0n);
    expect(transferFeeOf(null, 10_000n)).toBe(0n);
    expect(rentExemptMinimum(0)).toBe(890_880n);
  });
});
