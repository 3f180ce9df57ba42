// Finds the tokens earlier runs launched on a localnet restarted from its data directory: launch
// mints sit at consecutive addresses derived from the seed, their names are in the persisted
// asset registry, their curve and AMM pools at addresses derived from the mint, and the launch
// and migration transactions in the chain's history. Nothing about them is kept outside the
// chain, so nothing can disagree with it.

import type { AssetRegistry } from '../../admin/asset-registry.js';
import type { LocalChain } from '../../chain/local-chain.js';
import { TOKEN_PROGRAM } from '../../chain/program-ids.js';
import { readStaticKeys } from '../../chain/wire-transaction.js';
import { decodeBase64 } from '../../codec/base64.js';
import type { TransactionRecord } from '../../history/transaction-record.js';
import type { MarketState } from '../market-state.js';
import type { SandboxPool } from '../market-model.js';
import { derivedKeypair } from '../seeded-random.js';
import { imagePath, metadataPath } from '../static-assets.js';
import { associatedTokenAddress } from '../swap/associated-token.js';
import { AMM_FEE_BPS, CURVE_FEE_BPS, LAUNCH_DECIMALS, LAUNCH_SUPPLY } from './token-launcher.js';

export interface RestoreDeps {
  readonly chain: LocalChain;
  readonly assets: AssetRegistry;
  readonly market: MarketState;
  readonly seed: string;
  readonly now: () => number;
}

/** Lists the launches found on the chain again; resolves to how many. */
export async function restoreLaunches(deps: RestoreDeps): Promise<number> {
  const { chain, market, seed } = deps;
  for (let n = 0; ; n++) {
    const mint = derivedKeypair(seed, `launch:${n}`).address;
    if (chain.getAccount(mint) === null) return n;
    const names = deps.assets.get(mint) ?? { name: '', symbol: '' };
    const curveKey = derivedKeypair(seed, `curve:${mint}`);
    const ammKey = derivedKeypair(seed, `amm:${mint}`);
    // Oldest first: the creator's first buy, trades, and (paid by the curve) the migration.
    const history = chain.index.signaturesFor(curveKey.address, { limit: 1_000_000 }).reverse();
    const launchTx = history[0];
    const migrationTx = history.find((r) => feePayerOf(r) === curveKey.address);
    const createdAtMs = launchTx === undefined ? deps.now() : launchTx.blockTime * 1000;
    const curve = await poolAt(curveKey.address, mint, 'bonding-curve', createdAtMs);
    market.addPool(curve, curveKey);
    let migratedPool: string | null = null;
    if (chain.getAccount(ammKey.address) !== null) {
      const at = migrationTx === undefined ? createdAtMs : migrationTx.blockTime * 1000;
      const amm = await poolAt(ammKey.address, mint, 'constant-product', at);
      market.addPool(amm, ammKey);
      migratedPool = amm.address;
    }
    market.putToken({
      mint,
      name: names.name,
      symbol: names.symbol,
      decimals: LAUNCH_DECIMALS,
      program: 'spl-token',
      kind: 'fungible',
      description: `${names.name}, launched on the sandbox's bonding curve.`,
      imageUrl: market.baseUrl + imagePath(mint),
      metadataUri: market.baseUrl + metadataPath(mint),
      websites: [],
      socials: [],
      creator: (launchTx === undefined ? null : feePayerOf(launchTx)) ?? curveKey.address,
      createdAtMs,
      supply: LAUNCH_SUPPLY,
      launch: {
        phase: migratedPool === null ? 'bonding' : 'migrated',
        bondingPool: curve.address,
        launchSignature: launchTx?.signature ?? '',
        migratedAtMs:
          migratedPool === null || migrationTx === undefined ? null : migrationTx.blockTime * 1000,
        migratedPool,
      },
    });
  }
}

async function poolAt(
  authority: string,
  mint: string,
  kind: SandboxPool['kind'],
  createdAtMs: number,
): Promise<SandboxPool> {
  return {
    address: authority,
    mint,
    kind,
    solVault: authority,
    tokenVault: await associatedTokenAddress(authority, mint, TOKEN_PROGRAM),
    authority,
    feeBps: kind === 'bonding-curve' ? CURVE_FEE_BPS : AMM_FEE_BPS,
    createdAtMs,
    dexId: kind === 'bonding-curve' ? 'pumpfun' : 'pumpswap',
  };
}

function feePayerOf(record: TransactionRecord): string | undefined {
  return readStaticKeys(decodeBase64(record.wire))[0];
}
