import type { EndpointPool } from '@fleet/chain';
import {
  FleetError,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  decodeMint,
  decodeTokenAccount,
  isFleetError,
  tokenProgramKindOf,
  type Address,
  type MintState,
  type TokenAccountState,
  type TokenProgramKind,
} from '@fleet/core';
import { address } from '@solana/kit';

// What an SPL plan reads from the chain now, through the pool, as raw account data decoded by
// core (issue 19: balances and accounts at plan time; accounts opened or emptied outside Fleet
// count). A read no endpoint answers fails the plan: a plan that guessed could send what is not
// there or miss what is.

/** `getMultipleAccounts` takes 100 addresses. */
const ACCOUNTS_PER_CALL = 100;
/** Owners read at once (two calls each); the pool paces them under each endpoint's budget. */
const OWNER_LANES = 8;
const BATCH_LANES = 4;

const PROGRAMS: readonly (readonly [TokenProgramKind, Address])[] = [
  ['token', TOKEN_PROGRAM_ADDRESS],
  ['token2022', TOKEN_2022_PROGRAM_ADDRESS],
];

/** One account as the chain holds it: its owning program, lamports and data. */
export interface RawAccount {
  readonly program: string;
  readonly lamports: bigint;
  readonly data: Uint8Array;
}

function unreadable(what: string, error: unknown): FleetError {
  const attempts = isFleetError(error, 'RPC__NO_ENDPOINT_ANSWERED')
    ? error.context.attempts
    : error instanceof Error
      ? error.message
      : String(error);
  return new FleetError('TOKEN_TRANSFER__CHAIN_UNREADABLE', { what, attempts }, { cause: error });
}

function bytesOf(data: unknown): Uint8Array {
  // Kit types base64 account data as [text, "base64"].
  const encoded = Array.isArray(data) && typeof data[0] === 'string' ? data[0] : '';
  return Uint8Array.from(Buffer.from(encoded, 'base64'));
}

/** Runs `work` over `items`, `lanes` at a time, keeping the results in order. */
async function inLanes<T, R>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return results;
}

/** The accounts at these addresses (null where none exists), at `confirmed`, 100 a call. */
export async function readRawAccounts(
  pool: EndpointPool,
  addresses: readonly string[],
  what: string,
): Promise<Map<string, RawAccount | null>> {
  const unique = [...new Set(addresses)];
  const batches: string[][] = [];
  for (let start = 0; start < unique.length; start += ACCOUNTS_PER_CALL) {
    batches.push(unique.slice(start, start + ACCOUNTS_PER_CALL));
  }
  const found = new Map<string, RawAccount | null>();
  await inLanes(batches, BATCH_LANES, async (batch) => {
    try {
      const { value } = await pool.rpc
        .getMultipleAccounts(
          batch.map((entry) => address(entry)),
          { commitment: 'confirmed', encoding: 'base64' },
        )
        .send();
      batch.forEach((entry, index) => {
        const account = value[index];
        found.set(
          entry,
          account
            ? { program: account.owner, lamports: account.lamports, data: bytesOf(account.data) }
            : null,
        );
      });
    } catch (error) {
      throw unreadable(what, error);
    }
  });
  return found;
}

/** A raw account read as a token account of either program, or null. */
export function tokenAccountOf(at: string, raw: RawAccount | null): TokenAccountState | null {
  if (raw === null) return null;
  const program = tokenProgramKindOf(raw.program);
  if (program === null) return null;
  return decodeTokenAccount(at as Address, program, raw.data, raw.lamports);
}

/** Every token account each owner holds under both programs, owners in the order given. */
export async function readOwnedTokenAccounts(
  pool: EndpointPool,
  owners: readonly string[],
): Promise<TokenAccountState[]> {
  const perOwner = await inLanes(owners, OWNER_LANES, async (owner) => {
    try {
      const both = await Promise.all(
        PROGRAMS.map(async ([program, programId]) => {
          const { value } = await pool.rpc
            .getTokenAccountsByOwner(
              address(owner),
              { programId: address(programId) },
              { encoding: 'base64', commitment: 'confirmed' },
            )
            .send();
          return value.flatMap((entry) => {
            const decoded = decodeTokenAccount(
              entry.pubkey as string as Address,
              program,
              bytesOf(entry.account.data),
              entry.account.lamports,
            );
            // An account the node lists that is not an initialized token account of this owner
            // is not one Fleet may move.
            return decoded !== null && decoded.owner === owner ? [decoded] : [];
          });
        }),
      );
      return both.flat();
    } catch (error) {
      throw unreadable(`the token accounts of ${owner}`, error);
    }
  });
  return perOwner.flat();
}

/**
 * The mints at these addresses: their state, or null for an address that is no initialized
 * mint of either token program (an unknown mint).
 */
export async function readMints(
  pool: EndpointPool,
  mints: readonly string[],
): Promise<Map<string, MintState | null>> {
  const raw = await readRawAccounts(pool, mints, 'the token mints');
  const decoded = new Map<string, MintState | null>();
  for (const [mint, account] of raw) {
    const program = account === null ? null : tokenProgramKindOf(account.program);
    decoded.set(
      mint,
      account === null || program === null
        ? null
        : decodeMint(mint as Address, program, account.data),
    );
  }
  return decoded;
}

/** The epoch now, which decides a transfer-fee mint's fee in force. */
export async function readEpoch(pool: EndpointPool): Promise<bigint> {
  try {
    const info = await pool.rpc.getEpochInfo({ commitment: 'confirmed' }).send();
    return info.epoch;
  } catch (error) {
    throw unreadable('the epoch', error);
  }
}
