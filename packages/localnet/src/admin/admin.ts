// Fixtures for tests and the demo. Funding is a real faucet transfer (it shows in history);
// mints and token accounts are LiteSVM account writes in the exact SPL layouts, so every RPC
// method reports them as it would on mainnet.

import { address as toAddress, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';

import { generateKeypair } from '../chain/keypair.js';
import type { LocalChain } from '../chain/local-chain.js';
import { encodeLookupTable } from '../chain/lookup-table-layout.js';
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM,
  ASSOCIATED_TOKEN_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from '../chain/program-ids.js';
import {
  encodeMint,
  encodeTokenAccount,
  parseMint,
  parseTokenAccount,
} from '../chain/token-layout.js';
import { transactionErrorText } from '../chain/transaction-error.js';
import type { Endpoint, EndpointCounters } from '../faults/endpoint.js';
import type { FaultProfile } from '../faults/fault-profile.js';
import type { AssetMetadata, AssetRegistry, CompressedNftRecord } from './asset-registry.js';
import type { Faucet } from './faucet.js';

export type TokenProgramName = 'token' | 'token-2022';

export interface CreateMintOptions {
  readonly decimals: number;
  readonly name?: string;
  readonly symbol?: string;
  readonly program?: TokenProgramName;
  /** Defaults to the faucet, so fixtures can mint more later. */
  readonly mintAuthority?: string | null;
  readonly freezeAuthority?: string | null;
  /** A chosen mint address; a fresh one otherwise. */
  readonly address?: string;
  readonly supply?: bigint;
}

export interface CreateTokenAccountOptions {
  readonly owner: string;
  readonly mint: string;
  readonly amount?: bigint;
  /** An explicit address; the owner's associated token account otherwise. */
  readonly address?: string;
}

export interface SetAccountOptions {
  readonly lamports: bigint;
  readonly data?: Uint8Array;
  readonly owner?: string;
  readonly executable?: boolean;
}

export interface SetClockOptions {
  readonly unixTimestamp?: number;
  /** Warps forward to this slot (the localnet never goes back). */
  readonly slot?: bigint;
}

export interface LocalnetAdmin {
  readonly faucetAddress: string;
  /** Sends `lamports` from the faucet in a real transfer; resolves to its signature. */
  fund(address: string, lamports: bigint): Promise<string>;
  createMint(options: CreateMintOptions): Promise<string>;
  /** Creates (or tops up to `amount`) a token account and adjusts the mint's supply to match. */
  createTokenAccount(options: CreateTokenAccountOptions): Promise<string>;
  associatedTokenAddress(owner: string, mint: string, program?: TokenProgramName): Promise<string>;
  /**
   * Writes an account as given (an escape hatch for states no transaction reaches); data
   * defaults to empty and the owner to the System program.
   */
  setAccount(address: string, account: SetAccountOptions): void;
  /** Writes an active address lookup table holding `addresses`, usable at once by v0 transactions. */
  createLookupTable(addresses: readonly string[], authority?: string | null): Promise<string>;
  setClock(options: SetClockOptions): void;
  /**
   * Puts a compressed NFT in the digital-asset index (`getAssetsByOwner`, `getAsset`): a leaf has
   * no account on chain, so no transaction makes one here. Registering an id again moves it.
   */
  addCompressedNft(nft: CompressedNftRecord): void;
  advanceSlots(count: number | bigint): void;
  getSlot(): bigint;
  setProfile(endpoint: string, profile: FaultProfile): void;
  counters(endpoint?: string): EndpointCounters;
  resetCounters(endpoint?: string): void;
}

export interface AdminDeps {
  readonly chain: LocalChain;
  readonly faucet: Faucet;
  readonly assets: AssetRegistry;
  readonly endpoints: ReadonlyMap<string, Endpoint>;
  /** A mint got its name: persisted before createMint resolves. */
  readonly onAssetNamed: (mint: string, metadata: AssetMetadata) => void;
  /** An endpoint went down: its open WebSocket connections drop too. */
  readonly onOutage: (endpoint: string) => void;
}

export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

/** Runs a synchronous fixture step, turning a throw into a rejection as async callers expect. */
function settle<T>(step: () => T): Promise<T> {
  try {
    return Promise.resolve(step());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new AdminError(String(error)));
  }
}

export function createAdmin(deps: AdminDeps): LocalnetAdmin {
  const { chain, faucet, assets } = deps;

  const endpoint = (name = 'default'): Endpoint => {
    const found = deps.endpoints.get(name);
    if (found === undefined) throw new AdminError(`unknown endpoint "${name}"`);
    return found;
  };

  const associatedTokenAddress = async (
    owner: string,
    mint: string,
    program: TokenProgramName = 'token',
  ): Promise<string> => {
    const encoder = getAddressEncoder();
    const [pda] = await getProgramDerivedAddress({
      programAddress: toAddress(ASSOCIATED_TOKEN_PROGRAM),
      seeds: [
        encoder.encode(toAddress(owner)),
        encoder.encode(toAddress(program === 'token' ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM)),
        encoder.encode(toAddress(mint)),
      ],
    });
    return pda;
  };

  return {
    faucetAddress: faucet.address,

    fund: (address, lamports) =>
      settle(() => {
        toAddress(address);
        if (lamports <= 0n) throw new AdminError(`lamports must be positive, got ${lamports}`);
        const { signature, outcome } = faucet.airdrop(address, lamports);
        const err = outcome.landed ? outcome.record.err : outcome.err;
        if (err !== null) throw new AdminError(`funding failed: ${transactionErrorText(err)}`);
        return signature;
      }),

    createMint: (options) =>
      settle(() => {
        if (!Number.isInteger(options.decimals) || options.decimals < 0 || options.decimals > 255) {
          throw new AdminError(`decimals must be an integer in 0..255, got ${options.decimals}`);
        }
        const mint = options.address ?? generateKeypair().address;
        const program = options.program === 'token-2022' ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM;
        const data = encodeMint({
          mintAuthority:
            options.mintAuthority === undefined ? faucet.address : options.mintAuthority,
          supply: options.supply ?? 0n,
          decimals: options.decimals,
          isInitialized: true,
          freezeAuthority: options.freezeAuthority ?? null,
        });
        chain.writeAccount(mint, {
          lamports: chain.minimumBalanceForRentExemption(BigInt(data.length)),
          data,
          owner: program,
          executable: false,
        });
        const metadata = { name: options.name ?? '', symbol: options.symbol ?? '' };
        deps.onAssetNamed(mint, metadata);
        assets.set(mint, metadata);
        return mint;
      }),

    async createTokenAccount(options) {
      const mintAccount = chain.getAccount(options.mint);
      const mint = mintAccount === null ? null : parseMint(mintAccount.data);
      if (mintAccount === null || mint === null)
        throw new AdminError(`${options.mint} is not a token mint`);
      const programName: TokenProgramName =
        mintAccount.owner === TOKEN_2022_PROGRAM ? 'token-2022' : 'token';
      const address =
        options.address ?? (await associatedTokenAddress(options.owner, options.mint, programName));
      const amount = options.amount ?? 0n;
      const existing = chain.getAccount(address);
      const previous = existing === null ? null : parseTokenAccount(existing.data);
      const data = encodeTokenAccount({
        mint: options.mint,
        owner: options.owner,
        amount,
        delegate: null,
        state: 'initialized',
        isNative: null,
        delegatedAmount: 0n,
        closeAuthority: null,
      });
      const supply = mint.supply - (previous?.amount ?? 0n) + amount;
      // One change: the account and the mint's supply survive a crash together or not at all.
      chain.writeAccounts([
        {
          address,
          state: {
            lamports: chain.minimumBalanceForRentExemption(BigInt(data.length)),
            data,
            owner: mintAccount.owner,
            executable: false,
          },
        },
        { address: options.mint, state: { ...mintAccount, data: encodeMint({ ...mint, supply }) } },
      ]);
      return address;
    },

    associatedTokenAddress,

    setAccount(address, account) {
      toAddress(address);
      if (account.lamports < 0n) throw new AdminError('lamports cannot be negative');
      chain.writeAccount(address, {
        lamports: account.lamports,
        data: account.data ?? new Uint8Array(0),
        owner: account.owner === undefined ? SYSTEM_PROGRAM : toAddress(account.owner),
        executable: account.executable ?? false,
      });
    },

    createLookupTable: (addresses, authority = null) =>
      settle(() => {
        if (addresses.length > 256)
          throw new AdminError('a lookup table holds at most 256 addresses');
        const table = generateKeypair().address;
        const data = encodeLookupTable(addresses, authority);
        chain.writeAccount(table, {
          lamports: chain.minimumBalanceForRentExemption(BigInt(data.length)),
          data,
          owner: ADDRESS_LOOKUP_TABLE_PROGRAM,
          executable: false,
        });
        return table;
      }),

    addCompressedNft(nft) {
      assets.setCompressed(nft);
    },
    setClock(options) {
      if (options.slot !== undefined) {
        if (options.slot < chain.slot)
          throw new AdminError(`cannot move the slot back from ${chain.slot} to ${options.slot}`);
        chain.advanceSlots(options.slot - chain.slot);
      }
      if (options.unixTimestamp !== undefined) chain.setUnixTimestamp(options.unixTimestamp);
    },

    advanceSlots(count) {
      chain.advanceSlots(BigInt(count));
    },

    getSlot: () => chain.slot,

    setProfile(name, profile) {
      endpoint(name).setProfile(profile);
      if (endpoint(name).outage !== null) deps.onOutage(name);
    },

    counters: (name) => endpoint(name).counters(),

    resetCounters(name) {
      endpoint(name).resetCounters();
    },
  };
}
