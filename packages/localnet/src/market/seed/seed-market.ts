// Lists the catalogue on the local chain: one mint per token (at an address derived from the
// seed), its constant-product pool priced at the catalogue price and the current SOL/USD, a
// creator's holding, a few NFTs (decimals 0, supply 1) and compressed NFTs (no account at all).
// Everything derives from the seed, so the same seed lists the same market.

import type { LocalnetAdmin } from '../../admin/admin.js';
import type { AssetRegistry } from '../../admin/asset-registry.js';
import type { LocalChain } from '../../chain/local-chain.js';
import { parseMint } from '../../chain/token-layout.js';
import type { MarketState } from '../market-state.js';
import type { SandboxBoost, SandboxToken } from '../market-model.js';
import { derivedKeypair, randomInt, seededRandom } from '../seeded-random.js';
import { imagePath, metadataPath } from '../static-assets.js';
import { openPool } from './pool-vaults.js';
import { CATALOG, COMPRESSED_COLLECTION, NFT_COLLECTION, socialsOf } from './token-catalog.js';

export interface SeedDeps {
  readonly chain: LocalChain;
  readonly admin: LocalnetAdmin;
  readonly assets: AssetRegistry;
  readonly market: MarketState;
  readonly seed: string;
  readonly now: () => number;
}

const DAY_MS = 86_400_000;
/** Pools seeded by the catalogue charge Raydium's standard 0.25 %. */
const SEEDED_POOL_FEE_BPS = 25;

export async function seedMarket(deps: SeedDeps): Promise<void> {
  const { chain, admin, market, seed } = deps;
  const random = seededRandom(`${seed}:catalogue`);
  const solUsd = market.solUsd().price;
  const base = market.baseUrl;

  for (const entry of CATALOG) {
    const mint = derivedKeypair(seed, `mint:${entry.symbol}`).address;
    const creator = derivedKeypair(seed, `creator:${entry.symbol}`).address;
    const createdAtMs = deps.now() - randomInt(random, 20, 700) * DAY_MS;
    const lamports = BigInt(entry.poolSol) * 1_000_000_000n;
    const tokenRaw = BigInt(
      Math.round(((entry.poolSol * solUsd) / entry.priceUsd) * 10 ** entry.decimals),
    );
    if (chain.getAccount(mint) === null) {
      await admin.createMint({
        address: mint,
        decimals: entry.decimals,
        name: entry.name,
        symbol: entry.symbol,
        program: entry.program === 'token-2022' ? 'token-2022' : 'token',
        mintAuthority: creator,
      });
      // The creator keeps a quarter of what the pool holds: holders besides the pool.
      await admin.createTokenAccount({ owner: creator, mint, amount: tokenRaw / 4n });
    } else {
      deps.assets.set(mint, { name: entry.name, symbol: entry.symbol });
    }
    const pool = await openPool(chain, admin, {
      authority: derivedKeypair(seed, `pool:${entry.symbol}`),
      mint,
      program: entry.program,
      kind: 'constant-product',
      dexId: entry.dexId,
      feeBps: SEEDED_POOL_FEE_BPS,
      lamports,
      tokenRaw,
      createdAtMs: createdAtMs + DAY_MS / 2,
    });
    market.putToken({
      mint,
      name: entry.name,
      symbol: entry.symbol,
      decimals: entry.decimals,
      program: entry.program,
      kind: 'fungible',
      description: entry.description,
      imageUrl: base + imagePath(mint),
      metadataUri: base + metadataPath(mint),
      websites: [entry.website],
      socials: socialsOf(entry.symbol, entry.socials),
      creator,
      createdAtMs,
      supply: supplyOf(chain, mint),
      launch: null,
    });
    market.addPool(pool, derivedKeypair(seed, `pool:${entry.symbol}`));
  }

  await seedNfts(deps);
  seedCompressedNfts(deps);
  market.setBoosts(boostsFor(market.tokens(), seed));
}

async function seedNfts(deps: SeedDeps): Promise<void> {
  const { chain, admin, market, seed } = deps;
  const collector = derivedKeypair(seed, 'collector').address;
  for (let i = 1; i <= NFT_COLLECTION.count; i++) {
    const mint = derivedKeypair(seed, `nft:${i}`).address;
    const name = `${NFT_COLLECTION.name} #${i}`;
    if (chain.getAccount(mint) === null) {
      await admin.createMint({
        address: mint,
        decimals: 0,
        name,
        symbol: NFT_COLLECTION.symbol,
        mintAuthority: null,
      });
      await admin.createTokenAccount({ owner: collector, mint, amount: 1n });
    } else {
      deps.assets.set(mint, { name, symbol: NFT_COLLECTION.symbol });
    }
    market.putToken({
      mint,
      name,
      symbol: NFT_COLLECTION.symbol,
      decimals: 0,
      program: 'spl-token',
      kind: 'nft',
      description: `Sentinel number ${i}, keeping watch over the sandbox.`,
      imageUrl: market.baseUrl + imagePath(mint),
      metadataUri: market.baseUrl + metadataPath(mint),
      websites: [],
      socials: [],
      creator: collector,
      createdAtMs: deps.now() - 90 * DAY_MS,
      supply: 1n,
      launch: null,
    });
  }
}

function seedCompressedNfts(deps: SeedDeps): void {
  const { market, seed } = deps;
  const owner = derivedKeypair(seed, 'collector').address;
  const tree = derivedKeypair(seed, 'cnft-tree').address;
  for (let i = 0; i < COMPRESSED_COLLECTION.count; i++) {
    const id = derivedKeypair(seed, `cnft:${i}`).address;
    market.addCompressedNft({
      id,
      owner,
      name: `${COMPRESSED_COLLECTION.name} #${i + 1}`,
      symbol: COMPRESSED_COLLECTION.symbol,
      metadataUri: market.baseUrl + metadataPath(id),
      imageUrl: market.baseUrl + imagePath(id),
      tree,
      leafIndex: i,
      collection: null,
    });
  }
}

/** A handful of boosted tokens (DexScreener's paid promotions), stable under the seed. */
function boostsFor(tokens: readonly SandboxToken[], seed: string): SandboxBoost[] {
  const random = seededRandom(`${seed}:boosts`);
  return tokens
    .filter((t) => t.kind === 'fungible' && !t.symbol.startsWith('USD'))
    .slice(0, 5)
    .map((t) => {
      const amount = randomInt(random, 1, 10) * 10;
      return {
        mint: t.mint,
        amount,
        totalAmount: amount + randomInt(random, 0, 20) * 10,
        description: t.description,
        iconUrl: t.imageUrl,
        url: t.websites[0] ?? t.imageUrl,
      };
    })
    .sort((a, b) => b.totalAmount - a.totalAmount);
}

function supplyOf(chain: LocalChain, mint: string): bigint {
  const account = chain.getAccount(mint);
  return account === null ? 0n : (parseMint(account.data)?.supply ?? 0n);
}
