// One small, deterministic market for the providers' tests: a migrated token (FLEET) on a
// constant-product pool with a day of trades at known prices, a token still on its bonding
// curve (PUMP), an NFT and a compressed NFT. The numbers are chosen so the expected figures can
// be written down by hand:
//   SOL/USD 150; FLEET pool 100 SOL / 1,000,000 FLEET → 0.0001 SOL = $0.015 per FLEET;
//   supply 1,000,000,000 FLEET → FDV $15,000,000; liquidity 2 × 100 SOL × $150 = $30,000.

import { createHash } from 'node:crypto';

import { getAddressDecoder, getBase58Decoder } from '@solana/kit';

import type {
  SandboxPool,
  SandboxToken,
  SandboxTrade,
  SandboxCompressedNft,
} from '../market-model.js';
import { FixedMarket } from './fixed-market.js';

/** A deterministic 32-byte address named by `label`. */
export function fixedAddress(label: string): string {
  return getAddressDecoder().decode(createHash('sha256').update(label).digest());
}

/** A deterministic 64-byte signature named by `label`. */
export function fixedSignature(label: string): string {
  return getBase58Decoder().decode(createHash('sha512').update(label).digest());
}

export const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
export const BASE_URL = 'http://127.0.0.1:9000';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const FLEET_MINT = fixedAddress('fleetMint');
export const FLEET_POOL = fixedAddress('fleetPool');
export const PUMP_MINT = fixedAddress('pumpMint');
export const PUMP_POOL = fixedAddress('pumpPool');
export const NFT_MINT = fixedAddress('nftMint');
export const CNFT_ID = fixedAddress('cnft');
export const TRADER_A = fixedAddress('traderA');
export const TRADER_B = fixedAddress('traderB');
export const CREATOR = fixedAddress('creator');

function token(overrides: Partial<SandboxToken> & Pick<SandboxToken, 'mint'>): SandboxToken {
  return {
    name: 'Fleet',
    symbol: 'FLEET',
    decimals: 6,
    program: 'spl-token',
    kind: 'fungible',
    description: 'The sandbox market’s first token.',
    imageUrl: `${BASE_URL}/assets/${overrides.mint}.png`,
    metadataUri: `${BASE_URL}/assets/${overrides.mint}.json`,
    websites: ['https://fleet.example'],
    socials: [{ type: 'twitter', url: 'https://x.com/fleet' }],
    creator: CREATOR,
    createdAtMs: NOW_MS - 30 * 24 * HOUR,
    supply: 1_000_000_000_000_000n,
    launch: null,
    ...overrides,
  };
}

export const FLEET: SandboxToken = token({ mint: FLEET_MINT });

export const PUMP: SandboxToken = token({
  mint: PUMP_MINT,
  name: 'Pump Dog',
  symbol: 'PDOG',
  program: 'token-2022',
  websites: [],
  socials: [],
  createdAtMs: NOW_MS - 2 * HOUR,
  launch: {
    phase: 'bonding',
    bondingPool: PUMP_POOL,
    launchSignature: fixedSignature('pumpLaunch'),
    migratedAtMs: null,
    migratedPool: null,
  },
});

export const NFT: SandboxToken = token({
  mint: NFT_MINT,
  name: 'Fleet Captain #1',
  symbol: 'FCAP',
  decimals: 0,
  kind: 'nft',
  supply: 1n,
  websites: [],
  socials: [],
});

export const CNFT: SandboxCompressedNft = {
  id: CNFT_ID,
  owner: fixedAddress('owner'),
  name: 'Deck Hand #7',
  symbol: 'DECK',
  metadataUri: `${BASE_URL}/assets/${CNFT_ID}.json`,
  imageUrl: `${BASE_URL}/assets/${CNFT_ID}.png`,
  tree: fixedAddress('tree'),
  leafIndex: 7,
  collection: fixedAddress('collection'),
};

function pool(
  address: string,
  mint: string,
  kind: SandboxPool['kind'],
  dexId: string,
  createdAtMs: number,
): SandboxPool {
  return {
    address,
    mint,
    kind,
    solVault: fixedAddress(`${address}:sol`),
    tokenVault: fixedAddress(`${address}:token`),
    authority: fixedAddress('authority'),
    feeBps: 25,
    createdAtMs,
    dexId,
  };
}

export const FLEET_POOL_INFO = pool(
  FLEET_POOL,
  FLEET_MINT,
  'constant-product',
  'raydium',
  NOW_MS - 10 * 24 * HOUR,
);
export const PUMP_POOL_INFO = pool(
  PUMP_POOL,
  PUMP_MINT,
  'bonding-curve',
  'pumpfun',
  NOW_MS - 2 * HOUR,
);

let slot = 1_000;
export function trade(
  label: string,
  fields: Pick<SandboxTrade, 'side' | 'lamports' | 'priceSol'> &
    Partial<Omit<SandboxTrade, 'side' | 'lamports' | 'priceSol'>>,
): SandboxTrade {
  slot += 1;
  const priceSol = fields.priceSol;
  const decimals = fields.mint === PUMP_MINT ? PUMP.decimals : FLEET.decimals;
  return {
    signature: fixedSignature(label),
    slot,
    timestampMs: NOW_MS,
    pool: FLEET_POOL,
    mint: FLEET_MINT,
    trader: TRADER_A,
    solUsd: 150,
    // The token leg at the trade's own price, so price = SOL / tokens holds exactly.
    tokenRaw: BigInt(Math.round((Number(fields.lamports) / 1e9 / priceSol) * 10 ** decimals)),
    ...fields,
  };
}

/** FLEET's day: a trade 25 h ago (the 24 h change's reference), then four inside the day. */
export function fleetTrades(): SandboxTrade[] {
  return [
    trade('t-25h', {
      side: 'buy',
      lamports: 3_000_000_000n,
      priceSol: 0.00005,
      timestampMs: NOW_MS - 25 * HOUR,
    }),
    trade('t-23h', {
      side: 'buy',
      lamports: 1_000_000_000n,
      priceSol: 0.00008,
      timestampMs: NOW_MS - 23 * HOUR,
    }),
    trade('t-5h', {
      side: 'sell',
      lamports: 2_000_000_000n,
      priceSol: 0.00009,
      timestampMs: NOW_MS - 5 * HOUR,
      trader: TRADER_B,
    }),
    trade('t-30m', {
      side: 'buy',
      lamports: 500_000_000n,
      priceSol: 0.0001,
      timestampMs: NOW_MS - 30 * MINUTE,
      solUsd: 140,
    }),
    trade('t-2m', {
      side: 'buy',
      lamports: 1_500_000_000n,
      priceSol: 0.0001,
      timestampMs: NOW_MS - 2 * MINUTE,
      trader: TRADER_B,
    }),
  ];
}

export function scenarioMarket(): FixedMarket {
  return new FixedMarket({
    baseUrl: BASE_URL,
    solUsd: { price: 150, updatedAtMs: NOW_MS },
    tokens: [FLEET, PUMP, NFT],
    compressedNfts: [CNFT],
    pools: [FLEET_POOL_INFO, PUMP_POOL_INFO],
    reserves: {
      [FLEET_POOL]: { lamports: 100_000_000_000n, tokenRaw: 1_000_000_000_000n, slot: 2_000 },
      [PUMP_POOL]: { lamports: 30_000_000_000n, tokenRaw: 1_073_000_000_000_000n, slot: 2_000 },
    },
    trades: fleetTrades(),
    boosts: [
      {
        mint: FLEET_MINT,
        amount: 100,
        totalAmount: 500,
        description: 'Fleet to the moon',
        iconUrl: `${BASE_URL}/assets/${FLEET_MINT}.png`,
        url: 'https://fleet.example',
      },
    ],
  });
}
