import { decodeBase58, rentExemptMinimum } from '@fleet/core';
import type { Localnet } from '@fleet/localnet';

// Token-2022 states the localnet's admin does not make (a transfer-fee, non-transferable, paused
// or hooked mint; a frozen account, one holding withheld fees or requiring memos), written in the
// program's exact layouts through `setAccount`, so the real Token-2022 program reads them as it
// would accounts its own instructions made. For tests only.

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

export interface MintExtensions {
  readonly transferFee?: { readonly basisPoints: number; readonly maximumFee: bigint };
  readonly nonTransferable?: boolean;
  readonly defaultFrozen?: boolean;
  readonly transferHookProgram?: string;
  readonly paused?: boolean;
}

export interface AccountExtensions {
  readonly withheldAmount?: bigint;
  readonly requireIncomingMemo?: boolean;
}

function tlv(type: number, value: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + value.length);
  const view = new DataView(out.buffer);
  view.setUint16(0, type, true);
  view.setUint16(2, value.length, true);
  out.set(value, 4);
  return out;
}

/** Base (82- or 165-byte) layouts, then the account type and TLV entries when there are any. */
function withExtensions(base: Uint8Array, accountType: 1 | 2, entries: Uint8Array[]): Uint8Array {
  if (entries.length === 0) return base;
  const padded = new Uint8Array(165);
  padded.set(base);
  return new Uint8Array(Buffer.concat([padded, Uint8Array.of(accountType), ...entries]));
}

function optionalKey(key: string | null): Uint8Array {
  const out = new Uint8Array(36);
  if (key !== null) {
    new DataView(out.buffer).setUint32(0, 1, true);
    out.set(decodeBase58(key), 4);
  }
  return out;
}

function mintData(input: {
  readonly decimals: number;
  readonly supply: bigint;
  readonly mintAuthority: string;
  readonly freezeAuthority: string | null;
  readonly extensions: MintExtensions;
}): Uint8Array {
  const base = new Uint8Array(82);
  base.set(optionalKey(input.mintAuthority), 0);
  new DataView(base.buffer).setBigUint64(36, input.supply, true);
  base[44] = input.decimals;
  base[45] = 1;
  base.set(optionalKey(input.freezeAuthority), 46);
  const entries: Uint8Array[] = [];
  const { transferFee, nonTransferable, defaultFrozen, transferHookProgram, paused } =
    input.extensions;
  if (transferFee) {
    const value = new Uint8Array(108);
    const view = new DataView(value.buffer);
    for (const offset of [72, 90]) {
      view.setBigUint64(offset, 0n, true);
      view.setBigUint64(offset + 8, transferFee.maximumFee, true);
      view.setUint16(offset + 16, transferFee.basisPoints, true);
    }
    entries.push(tlv(1, value));
  }
  if (defaultFrozen) entries.push(tlv(6, Uint8Array.of(2)));
  if (nonTransferable) entries.push(tlv(9, new Uint8Array(0)));
  if (transferHookProgram) {
    const value = new Uint8Array(64);
    value.set(decodeBase58(transferHookProgram), 32);
    entries.push(tlv(14, value));
  }
  if (paused !== undefined) {
    const value = new Uint8Array(33);
    value[32] = paused ? 1 : 0;
    entries.push(tlv(26, value));
  }
  return withExtensions(base, 1, entries);
}

function accountData(input: {
  readonly mint: string;
  readonly owner: string;
  readonly amount: bigint;
  readonly frozen: boolean;
  readonly program: 'token' | 'token-2022';
  readonly mintExtensions: MintExtensions;
  readonly extensions: AccountExtensions;
}): Uint8Array {
  const base = new Uint8Array(165);
  base.set(decodeBase58(input.mint), 0);
  base.set(decodeBase58(input.owner), 32);
  new DataView(base.buffer).setBigUint64(64, input.amount, true);
  base[108] = input.frozen ? 2 : 1;
  if (input.program === 'token') return base;
  // What Token-2022's InitializeAccount gives an associated account of this mint.
  const entries: Uint8Array[] = [tlv(7, new Uint8Array(0))];
  if (input.mintExtensions.transferFee) {
    const value = new Uint8Array(8);
    new DataView(value.buffer).setBigUint64(0, input.extensions.withheldAmount ?? 0n, true);
    entries.push(tlv(2, value));
  }
  if (input.extensions.requireIncomingMemo) entries.push(tlv(8, Uint8Array.of(1)));
  if (input.mintExtensions.nonTransferable) entries.push(tlv(13, new Uint8Array(0)));
  if (input.mintExtensions.transferHookProgram) entries.push(tlv(15, Uint8Array.of(0)));
  if (input.mintExtensions.paused !== undefined) entries.push(tlv(27, new Uint8Array(0)));
  return withExtensions(base, 2, entries);
}

/**
 * Token fixtures with the states above. A mint made here keeps its extensions in memory, so the
 * accounts made for it carry the account extensions its program would add.
 */
export function createTokenFixtures(localnet: Localnet) {
  const { admin } = localnet;
  const mints = new Map<
    string,
    {
      program: 'token' | 'token-2022';
      decimals: number;
      extensions: MintExtensions;
      supply: bigint;
    }
  >();
  const write = (address: string, data: Uint8Array, owner: string) =>
    admin.setAccount(address, { lamports: rentExemptMinimum(data.length), data, owner });
  const writeMint = (mint: string) => {
    const found = mints.get(mint);
    if (!found) throw new Error(`${mint} was not made by these fixtures`);
    write(
      mint,
      mintData({
        decimals: found.decimals,
        supply: found.supply,
        mintAuthority: admin.faucetAddress,
        freezeAuthority: admin.faucetAddress,
        extensions: found.extensions,
      }),
      found.program === 'token' ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM,
    );
  };

  return {
    async createMint(options: {
      readonly decimals: number;
      readonly program?: 'token' | 'token-2022';
      readonly extensions?: MintExtensions;
    }): Promise<string> {
      const program = options.program ?? 'token';
      // A fresh address: the admin's own mint, then rewritten with the extensions.
      const mint = await admin.createMint({ decimals: options.decimals, program });
      mints.set(mint, {
        program,
        decimals: options.decimals,
        extensions: options.extensions ?? {},
        supply: 0n,
      });
      writeMint(mint);
      return mint;
    },

    /** The owner's associated account (or `address`) holding `amount`, the supply kept in step. */
    async createTokenAccount(options: {
      readonly owner: string;
      readonly mint: string;
      readonly amount?: bigint;
      readonly address?: string;
      readonly frozen?: boolean;
      readonly extensions?: AccountExtensions;
    }): Promise<string> {
      const found = mints.get(options.mint);
      if (!found) throw new Error(`${options.mint} was not made by these fixtures`);
      const address =
        options.address ??
        (await admin.associatedTokenAddress(options.owner, options.mint, found.program));
      const amount = options.amount ?? 0n;
      write(
        address,
        accountData({
          mint: options.mint,
          owner: options.owner,
          amount,
          frozen: options.frozen ?? false,
          program: found.program,
          mintExtensions: found.extensions,
          extensions: options.extensions ?? {},
        }),
        found.program === 'token' ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM,
      );
      found.supply += amount;
      writeMint(options.mint);
      return address;
    },
  };
}

export type TokenFixtures = ReturnType<typeof createTokenFixtures>;
