import type { EndpointPool } from '@fleet/chain';
import {
  FleetError,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  address as fleetAddress,
  isFleetError,
  type TokenAccountSnapshot,
  type TokenProgramKind,
} from '@fleet/core';
import { address } from '@solana/kit';
import { z } from 'zod';

// The token accounts of the wallets a close or a burn is planned for, read from the chain now
// (issue 19: accounts opened or emptied outside Fleet count, and the database may be stale).

/** A token account as read: the close's snapshot and its mint's decimals (a burn names them). */
export type TokenAccountReading = TokenAccountSnapshot & { readonly decimals: number };

const PROGRAMS: readonly (readonly [TokenProgramKind, string])[] = [
  ['token', TOKEN_PROGRAM_ADDRESS],
  ['token2022', TOKEN_2022_PROGRAM_ADDRESS],
];

/** Wallets read at once; the pool paces the calls under each endpoint's budget. */
const READ_LANES = 8;

const u64Text = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]);

/** The jsonParsed shape of a token account, as Agave (and the localnet) answer it. */
const parsedTokenAccountSchema = z.object({
  pubkey: z.string(),
  account: z.object({
    lamports: z.union([z.bigint(), z.number()]),
    data: z.object({
      parsed: z.object({
        type: z.literal('account'),
        info: z.object({
          mint: z.string(),
          owner: z.string(),
          state: z.string(),
          tokenAmount: z.object({
            amount: z.string().regex(/^\d+$/),
            decimals: z.number().int().min(0).max(255),
          }),
          extensions: z
            .array(
              z.object({
                extension: z.string(),
                state: z.record(z.string(), z.unknown()).optional(),
              }),
            )
            .optional(),
        }),
      }),
    }),
  }),
});

function withheldOf(
  extensions: readonly { extension: string; state?: Record<string, unknown> | undefined }[] = [],
): bigint {
  const fees = extensions.find((entry) => entry.extension === 'transferFeeAmount');
  const parsed = u64Text.safeParse(fees?.state?.['withheldAmount']);
  return parsed.success ? BigInt(parsed.data) : 0n;
}

/** One wallet's token accounts under one program, as snapshots. */
async function readOwned(
  pool: EndpointPool,
  owner: string,
  program: TokenProgramKind,
  programId: string,
  signal: AbortSignal | undefined,
): Promise<TokenAccountReading[]> {
  const { value } = await pool.rpc
    .getTokenAccountsByOwner(
      address(owner),
      { programId: address(programId) },
      { encoding: 'jsonParsed', commitment: 'confirmed' },
    )
    .send({ abortSignal: signal });
  const snapshots: TokenAccountReading[] = [];
  for (const entry of value as readonly unknown[]) {
    const parsed = parsedTokenAccountSchema.safeParse(entry);
    // An account the node could not parse (an unknown layout) is not one Fleet may close.
    if (!parsed.success) continue;
    const { info } = parsed.data.account.data.parsed;
    snapshots.push({
      owner: fleetAddress(owner),
      tokenAccount: fleetAddress(parsed.data.pubkey),
      mint: fleetAddress(info.mint),
      program,
      amount: BigInt(info.tokenAmount.amount),
      lamports: BigInt(parsed.data.account.lamports),
      frozen: info.state === 'frozen',
      withheldAmount: withheldOf(info.extensions),
      decimals: info.tokenAmount.decimals,
    });
  }
  return snapshots;
}

/**
 * Every token account of each owner under both programs, owners in the order given. A wallet no
 * endpoint answers for fails the read: a plan that silently missed accounts would forecast less
 * rent than there is, and one that guessed could close what it should not.
 */
export async function readTokenAccounts(
  pool: EndpointPool,
  owners: readonly string[],
  signal?: AbortSignal,
): Promise<TokenAccountReading[]> {
  const results: TokenAccountReading[][] = owners.map(() => []);
  let next = 0;
  // One wallet unread fails the whole read: the other lanes stop taking wallets, rather than
  // spending the pool's budget on a plan that cannot be made.
  let failed = false;
  const lane = async (): Promise<void> => {
    while (!failed && next < owners.length) {
      const index = next++;
      const owner = owners[index] as string;
      try {
        const [legacy, extended] = await Promise.all(
          PROGRAMS.map(([program, programId]) =>
            readOwned(pool, owner, program, programId, signal),
          ),
        );
        results[index] = [...(legacy ?? []), ...(extended ?? [])];
      } catch (error) {
        failed = true;
        const attempts = isFleetError(error, 'RPC__NO_ENDPOINT_ANSWERED')
          ? error.context.attempts
          : error instanceof Error
            ? error.message
            : String(error);
        throw new FleetError(
          'TOKEN_CLOSE__ACCOUNTS_UNREADABLE',
          { wallet: owner, attempts },
          { cause: error },
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_LANES, owners.length) }, lane));
  return results.flat();
}
