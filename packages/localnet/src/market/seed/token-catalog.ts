// The tokens a fresh sandbox market lists: fictional projects (so no one mistakes a sandbox mint
// for a mainnet one) plus sandbox stand-ins for the quote assets Fleet's clean view shows
// (USDC, USDT, USD1). Prices are starting points; from then on the pools' reserves decide.

import type { SandboxSocial, SandboxTokenProgram } from '../market-model.js';

export interface CatalogToken {
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  readonly program: SandboxTokenProgram;
  readonly priceUsd: number;
  /** SOL in the token's pool at the start. */
  readonly poolSol: number;
  readonly description: string;
  readonly website: string;
  readonly socials: readonly SandboxSocial['type'][];
  readonly dexId: string;
}

export const CATALOG: readonly CatalogToken[] = [
  token(
    'USDC',
    'USD Coin (sandbox)',
    6,
    'spl-token',
    1,
    4_000,
    'A dollar stand-in for the sandbox: quote asset of the clean view.',
    'raydium',
  ),
  token(
    'USDT',
    'Tether USD (sandbox)',
    6,
    'spl-token',
    1,
    2_500,
    'A second dollar stand-in, priced by its own pool.',
    'orca',
  ),
  token(
    'BONKR',
    'Bonkers',
    5,
    'spl-token',
    0.000021,
    800,
    'A dog coin with far too many zeros.',
    'raydium',
  ),
  token(
    'KELP',
    'Kelp Finance',
    6,
    'spl-token',
    0.42,
    300,
    'Yield that grows back after every harvest.',
    'orca',
  ),
  token(
    'LNTRN',
    'Lantern',
    9,
    'spl-token',
    3.1,
    600,
    'Lights the way through dark pools.',
    'raydium',
  ),
  token(
    'MOSS',
    'Mossy Frog',
    6,
    'spl-token',
    0.0035,
    120,
    'A frog that sat still long enough to grow moss.',
    'meteora',
  ),
  token(
    'HELIO',
    'Helio Network',
    8,
    'spl-token',
    12.5,
    900,
    'Solar-powered validators, in theory.',
    'raydium',
  ),
  token('PBL', 'Pebble', 6, 'spl-token', 0.071, 60, 'Small, round, and thinly traded.', 'orca'),
  token(
    'USD1',
    'USD1 (sandbox)',
    6,
    'token-2022',
    1,
    1_500,
    'A Token-2022 dollar stand-in.',
    'raydium',
  ),
  token(
    'AURA',
    'Aurora',
    9,
    'token-2022',
    0.88,
    250,
    'Token-2022 lights in the northern sky.',
    'meteora',
  ),
  token('QRTZ', 'Quartz', 6, 'token-2022', 0.0142, 90, 'Keeps time, loses value.', 'raydium'),
];

function token(
  symbol: string,
  name: string,
  decimals: number,
  program: SandboxTokenProgram,
  priceUsd: number,
  poolSol: number,
  description: string,
  dexId: string,
): CatalogToken {
  const slug = symbol.toLowerCase();
  return {
    symbol,
    name,
    decimals,
    program,
    priceUsd,
    poolSol,
    description,
    website: `https://${slug}.sandbox.invalid`,
    socials: ['twitter', 'telegram'],
    dexId,
  };
}

/** The social links of a catalogue token (reserved `.invalid` hosts: never a real site). */
export function socialsOf(
  symbol: string,
  types: readonly SandboxSocial['type'][],
): SandboxSocial[] {
  const slug = symbol.toLowerCase();
  return types.map((type) => ({
    type,
    url:
      type === 'twitter'
        ? `https://x.com/${slug}_sandbox`
        : type === 'telegram'
          ? `https://t.me/${slug}_sandbox`
          : `https://discord.gg/${slug}-sandbox`,
  }));
}

export const NFT_COLLECTION = { name: 'Sandbox Sentinels', symbol: 'SENT', count: 3 } as const;
export const COMPRESSED_COLLECTION = { name: 'Sandbox Sprouts', symbol: 'SPRT', count: 5 } as const;
