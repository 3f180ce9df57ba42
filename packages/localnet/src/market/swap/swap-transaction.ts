// Turns a quote into the transaction that fills it, the way a request-for-quote maker does: the
// user (fee payer) pays the input into the first pool's vault, each pool's authority pays its
// leg's output onward, and the last pays the user. Real System and Token/Token-2022 transfers,
// all in one atomic transaction with fixed amounts; the pools' signatures are already in place
// and the user's slot is left empty for the user to sign.

import type { Keypair } from '../../chain/keypair.js';
import { systemTransfer, type Instruction } from '../../chain/legacy-message.js';
import type { MarketState } from '../market-state.js';
import { tokenProgramId } from '../seed/pool-vaults.js';
import { associatedTokenAddress } from './associated-token.js';
import {
  compileTransaction,
  type CompiledTransaction,
  type MessageVersion,
} from './partial-transaction.js';
import type { QuoteLeg, SwapQuote } from './swap-quote.js';
import {
  createAssociatedTokenAccountIdempotent,
  setComputeUnitLimit,
  setComputeUnitPrice,
  transferChecked,
} from './token-instructions.js';

/** Enough for an ATA creation and three transfers (measured about 40k CU), with margin. */
export const SWAP_COMPUTE_UNIT_LIMIT = 120_000;

export interface SwapBuildOptions {
  readonly user: string;
  /** Who pays the fee and the rent of new token accounts (Jupiter's `payer`); the user otherwise. */
  readonly payer?: string;
  readonly blockhash: string;
  readonly version: MessageVersion;
  /** A compute-unit price; none when absent or 0. */
  readonly computeUnitPriceMicroLamports?: bigint;
  /** Keys of the sandbox's own traders, which sign at once (the generator). */
  readonly alsoSignWith?: readonly Keypair[];
}

export interface SwapInstructions {
  readonly computeBudget: readonly Instruction[];
  readonly setup: readonly Instruction[];
  /** The user's payment into the first pool. */
  readonly payIn: Instruction;
  /** The pools' payments, each signed by its authority. */
  readonly payOut: readonly Instruction[];
  readonly poolSigners: readonly Keypair[];
}

export async function swapInstructions(
  market: MarketState,
  quote: SwapQuote,
  options: Pick<SwapBuildOptions, 'user' | 'payer' | 'computeUnitPriceMicroLamports'>,
): Promise<SwapInstructions> {
  const { user } = options;
  const payer = options.payer ?? user;
  const legs = quote.legs;
  const first = legs[0];
  const last = legs[legs.length - 1];
  if (first === undefined || last === undefined) throw new Error('a quote without legs');

  const computeBudget: Instruction[] = [setComputeUnitLimit(SWAP_COMPUTE_UNIT_LIMIT)];
  const price = options.computeUnitPriceMicroLamports ?? 0n;
  if (price > 0n) computeBudget.push(setComputeUnitPrice(price));

  const setup: Instruction[] = [];
  const payOut: Instruction[] = [];
  // The user's payment.
  let payIn: Instruction;
  if (first.side === 'buy') {
    payIn = systemTransfer(user, first.pool.solVault, first.amountIn);
  } else {
    const { program, decimals } = tokenOf(market, first);
    const source = await associatedTokenAddress(user, first.pool.mint, program);
    payIn = transferChecked({
      source,
      mint: first.pool.mint,
      destination: first.pool.tokenVault,
      owner: user,
      amount: first.amountIn,
      decimals,
      program,
    });
  }
  // Each pool pays its output onward: to the next pool's vault, or to the user.
  for (const [i, leg] of legs.entries()) {
    const next = legs[i + 1];
    const authority = leg.pool.authority;
    if (leg.side === 'sell') {
      const to = next === undefined ? user : next.pool.solVault;
      payOut.push(systemTransfer(authority, to, leg.amountOut));
    } else {
      const { program, decimals } = tokenOf(market, leg);
      const destination = await associatedTokenAddress(user, leg.pool.mint, program);
      setup.push(
        createAssociatedTokenAccountIdempotent({
          payer,
          ata: destination,
          owner: user,
          mint: leg.pool.mint,
          program,
        }),
      );
      payOut.push(
        transferChecked({
          source: leg.pool.tokenVault,
          mint: leg.pool.mint,
          destination,
          owner: authority,
          amount: leg.amountOut,
          decimals,
          program,
        }),
      );
    }
  }
  return {
    computeBudget,
    setup,
    payIn,
    payOut,
    poolSigners: legs.map((leg) => market.authorityOf(leg.pool.address)),
  };
}

export async function buildSwapTransaction(
  market: MarketState,
  quote: SwapQuote,
  options: SwapBuildOptions,
): Promise<CompiledTransaction> {
  const parts = await swapInstructions(market, quote, options);
  return compileTransaction({
    feePayer: options.payer ?? options.user,
    instructions: [...parts.computeBudget, ...parts.setup, parts.payIn, ...parts.payOut],
    blockhash: options.blockhash,
    version: options.version,
    signWith: [...parts.poolSigners, ...(options.alsoSignWith ?? [])],
  });
}

function tokenOf(market: MarketState, leg: QuoteLeg): { program: string; decimals: number } {
  const token = market.token(leg.pool.mint);
  if (token === undefined) throw new Error(`unknown token ${leg.pool.mint}`);
  return { program: tokenProgramId(token.program), decimals: token.decimals };
}
