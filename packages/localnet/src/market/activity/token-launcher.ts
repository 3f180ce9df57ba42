// Launches a token the pump.fun way: a fixed supply minted into a bonding-curve pool (dexId
// 'pumpfun', seeded with SOL the way pump.fun's virtual reserve prices the first buy), a creator's
// first buy as the launch transaction, and — once buyers have put `migrationLamports` into the
// curve — a migration: one transaction moving the curve's whole reserves into a new
// constant-product pool ('pumpswap'), at the same price.

import type { LocalnetAdmin } from '../../admin/admin.js';
import type { Keypair } from '../../chain/keypair.js';
import type { LocalChain } from '../../chain/local-chain.js';
import {
  buildLegacyTransaction,
  systemTransfer,
  type Instruction,
} from '../../chain/legacy-message.js';
import { TOKEN_PROGRAM } from '../../chain/program-ids.js';
import { parseWireTransaction } from '../../chain/wire-transaction.js';
import { transactionErrorText } from '../../chain/transaction-error.js';
import type { MarketState } from '../market-state.js';
import type { SandboxPool, SandboxToken } from '../market-model.js';
import { derivedKeypair, randomInt, type Random } from '../seeded-random.js';
import { openPool } from '../seed/pool-vaults.js';
import { imagePath, metadataPath } from '../static-assets.js';
import { associatedTokenAddress } from '../swap/associated-token.js';
import { SOL_MINT } from '../swap/swap-quote.js';
import {
  createAssociatedTokenAccountIdempotent,
  transferChecked,
} from '../swap/token-instructions.js';
import { landSwap, type LandedSwap } from './land-swap.js';
import { launchName } from './token-names.js';

export const LAUNCH_DECIMALS = 6;
export const LAUNCH_SUPPLY = 1_000_000_000n * 1_000_000n;
/** pump.fun prices the first buy with 30 SOL of virtual reserve; here it is real and stays. */
export const CURVE_SEED_LAMPORTS = 30_000_000_000n;
export const CURVE_FEE_BPS = 100;
export const AMM_FEE_BPS = 25;

export interface LauncherDeps {
  readonly chain: LocalChain;
  readonly admin: LocalnetAdmin;
  readonly market: MarketState;
  readonly seed: string;
  readonly now: () => number;
}

export class TokenLauncher {
  private launches = 0;

  constructor(private readonly deps: LauncherDeps) {}

  /** Lists a new token on a bonding curve with `creator`'s first buy; resolves to its mint. */
  async launch(creator: Keypair, random: Random): Promise<string> {
    const { chain, admin, market, seed, now } = this.deps;
    let mintKey = derivedKeypair(seed, `launch:${this.launches++}`);
    // A restarted localnet keeps earlier launches' mints: take the next free address.
    while (chain.getAccount(mintKey.address) !== null) {
      mintKey = derivedKeypair(seed, `launch:${this.launches++}`);
    }
    const mint = mintKey.address;
    const { name, symbol } = launchName(random);
    const curveAuthority = derivedKeypair(seed, `curve:${mint}`);
    await admin.createMint({
      address: mint,
      decimals: LAUNCH_DECIMALS,
      name,
      symbol,
      mintAuthority: null,
    });
    const pool = await openPool(chain, admin, {
      authority: curveAuthority,
      mint,
      program: 'spl-token',
      kind: 'bonding-curve',
      dexId: 'pumpfun',
      feeBps: CURVE_FEE_BPS,
      lamports: CURVE_SEED_LAMPORTS,
      tokenRaw: LAUNCH_SUPPLY,
      createdAtMs: now(),
    });
    const token: SandboxToken = {
      mint,
      name,
      symbol,
      decimals: LAUNCH_DECIMALS,
      program: 'spl-token',
      kind: 'fungible',
      description: `${name}, launched on the sandbox's bonding curve.`,
      imageUrl: market.baseUrl + imagePath(mint),
      metadataUri: market.baseUrl + metadataPath(mint),
      websites: [],
      socials: [],
      creator: creator.address,
      createdAtMs: now(),
      supply: LAUNCH_SUPPLY,
      launch: {
        phase: 'bonding',
        bondingPool: pool.address,
        launchSignature: '',
        migratedAtMs: null,
        migratedPool: null,
      },
    };
    market.putToken(token);
    market.addPool(pool, curveAuthority);

    market.holdEvents();
    let first: LandedSwap;
    try {
      first = await landSwap(chain, market, creator, {
        inputMint: SOL_MINT,
        outputMint: mint,
        amount: BigInt(randomInt(random, 1, 30)) * 100_000_000n,
        swapMode: 'ExactIn',
        slippageBps: 100,
      });
    } catch (error) {
      // Never leave the market holding its events back.
      market.releaseEvents();
      throw error;
    }
    const launchSignature = first.ok ? first.record.signature : '';
    const listed = {
      ...token,
      launch: { ...(token.launch as NonNullable<SandboxToken['launch']>), launchSignature },
    };
    market.putToken(listed);
    const initialBuy = first.ok ? (market.tradesIn(first.record)[0] ?? null) : null;
    market.releaseEvents([{ type: 'newToken', token: listed, pool, initialBuy }]);
    return mint;
  }

  /** Whether a bonding curve has raised enough to migrate. */
  readyToMigrate(pool: SandboxPool, migrationLamports: bigint): boolean {
    if (pool.kind !== 'bonding-curve') return false;
    const token = this.deps.market.token(pool.mint);
    if (token?.launch?.phase !== 'bonding') return false;
    return (
      this.deps.market.reserves(pool.address).lamports >= CURVE_SEED_LAMPORTS + migrationLamports
    );
  }

  /** Moves a curve's reserves into a new constant-product pool; resolves to the new pool. */
  async migrate(curve: SandboxPool): Promise<SandboxPool> {
    const { chain, admin, market, seed, now } = this.deps;
    const token = market.token(curve.mint);
    if (token?.launch == null) throw new Error(`${curve.mint} is not a launched token`);
    const curveAuthority = market.authorityOf(curve.address);
    const ammAuthority = derivedKeypair(seed, `amm:${curve.mint}`);
    const ammVault = await associatedTokenAddress(ammAuthority.address, curve.mint, TOKEN_PROGRAM);
    const reserves = market.reserves(curve.address);
    const ataRent = chain.minimumBalanceForRentExemption(165n);
    // The curve pays the fee and the new vault's rent out of its reserve; the rest moves.
    const lamports = reserves.lamports - ataRent - 5_000n;
    const instructions: Instruction[] = [
      createAssociatedTokenAccountIdempotent({
        payer: curveAuthority.address,
        ata: ammVault,
        owner: ammAuthority.address,
        mint: curve.mint,
        program: TOKEN_PROGRAM,
      }),
      transferChecked({
        source: curve.tokenVault,
        mint: curve.mint,
        destination: ammVault,
        owner: curveAuthority.address,
        amount: reserves.tokenRaw,
        decimals: LAUNCH_DECIMALS,
        program: TOKEN_PROGRAM,
      }),
      systemTransfer(curveAuthority.address, ammAuthority.address, lamports),
    ];
    const bytes = buildLegacyTransaction(
      curveAuthority,
      instructions,
      chain.latestBlockhash().blockhash,
    );
    const outcome = chain.land(parseWireTransaction(bytes));
    if (!outcome.landed || outcome.record.err !== null) {
      const err = outcome.landed ? outcome.record.err : outcome.err;
      throw new Error(
        `migration of ${curve.mint} failed: ${err === null ? 'unknown' : transactionErrorText(err)}`,
      );
    }
    const pool = await openPool(chain, admin, {
      authority: ammAuthority,
      mint: curve.mint,
      program: 'spl-token',
      kind: 'constant-product',
      dexId: 'pumpswap',
      feeBps: AMM_FEE_BPS,
      lamports: 0n,
      tokenRaw: 0n,
      createdAtMs: now(),
    });
    market.addPool(pool, ammAuthority);
    const migratedAtMs = now();
    market.putToken({
      ...token,
      launch: { ...token.launch, phase: 'migrated', migratedAtMs, migratedPool: pool.address },
    });
    market.emit({
      type: 'migration',
      mint: curve.mint,
      fromPool: curve.address,
      toPool: pool.address,
      signature: outcome.record.signature,
      timestampMs: migratedAtMs,
    });
    return pool;
  }
}
