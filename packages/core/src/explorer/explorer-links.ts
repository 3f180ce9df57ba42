import type { ChainConfig } from '../api/chain-config';

/**
 * Block-explorer links that open the chain Fleet reads. On a real cluster the link is the plain
 * one (mainnet) or names the cluster; on the sandbox (a custom cluster) it carries the sandbox's
 * RPC URL, so the explorer reads the same accounts the wallet table shows.
 *
 * Only a base58 string becomes a link, so a stored value can never turn into a `javascript:` or
 * off-site URL of someone else's choosing.
 */
export const EXPLORERS = ['solana-explorer', 'solscan', 'solanafm'] as const;
export type Explorer = (typeof EXPLORERS)[number];
export const DEFAULT_EXPLORER: Explorer = 'solana-explorer';

export const EXPLORER_LABELS: Readonly<Record<Explorer, string>> = Object.freeze({
  'solana-explorer': 'Solana Explorer',
  solscan: 'Solscan',
  solanafm: 'SolanaFM',
});

export function isExplorer(value: unknown): value is Explorer {
  return typeof value === 'string' && (EXPLORERS as readonly string[]).includes(value);
}

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,100}$/;

export type ExplorerTarget = 'address' | 'tx';

interface ExplorerShape {
  readonly origin: string;
  readonly path: Readonly<Record<ExplorerTarget, string>>;
  /** The `cluster` value each explorer understands for a named cluster. */
  readonly cluster: Readonly<Record<Exclude<ChainConfig['cluster'], 'mainnet-beta'>, string>>;
}

const SHAPES: Readonly<Record<Explorer, ExplorerShape>> = {
  'solana-explorer': {
    origin: 'https://explorer.solana.com',
    path: { address: 'address', tx: 'tx' },
    cluster: { devnet: 'devnet', testnet: 'testnet', custom: 'custom' },
  },
  solscan: {
    origin: 'https://solscan.io',
    path: { address: 'account', tx: 'tx' },
    cluster: { devnet: 'devnet', testnet: 'testnet', custom: 'custom' },
  },
  solanafm: {
    origin: 'https://solana.fm',
    path: { address: 'address', tx: 'tx' },
    cluster: { devnet: 'devnet-solana', testnet: 'testnet-solana', custom: 'localnet-solana' },
  },
};

/** The mainnet link until the server has said which cluster applies. */
export const MAINNET_CHAIN: ChainConfig = Object.freeze({
  cluster: 'mainnet-beta',
  customRpcUrl: null,
});

export function explorerUrl(
  explorer: Explorer,
  chain: ChainConfig,
  target: ExplorerTarget,
  value: string,
): string | undefined {
  if (!BASE58.test(value)) return undefined;
  const shape = SHAPES[explorer];
  const url = `${shape.origin}/${shape.path[target]}/${value}`;
  if (chain.cluster === 'mainnet-beta') return url;
  const query = new URLSearchParams({ cluster: shape.cluster[chain.cluster] });
  if (chain.cluster === 'custom' && chain.customRpcUrl !== null) {
    query.set('customUrl', chain.customRpcUrl);
  }
  return `${url}?${query.toString()}`;
}
