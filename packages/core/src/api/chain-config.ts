import { z } from 'zod';

/**
 * `GET /api/chain`: which Solana cluster Fleet's RPC pool reads, so the web app builds explorer
 * links that open the same chain. `custom` is the local sandbox (or another private cluster):
 * `customRpcUrl` is its RPC URL as a browser can reach it. Provider URLs of a real cluster are
 * never sent (they carry API keys): for those, `customRpcUrl` is null.
 */
export const CHAIN_CLUSTERS = ['mainnet-beta', 'devnet', 'testnet', 'custom'] as const;
export const chainClusterSchema = z.enum(CHAIN_CLUSTERS);
export type ChainCluster = z.infer<typeof chainClusterSchema>;

export const chainConfigSchema = z
  .object({
    cluster: chainClusterSchema,
    customRpcUrl: z.string().url().nullable(),
  })
  .refine((config) => (config.cluster === 'custom') === (config.customRpcUrl !== null), {
    message: 'a custom cluster needs its RPC URL, and only a custom cluster has one',
    path: ['customRpcUrl'],
  });
export type ChainConfig = z.infer<typeof chainConfigSchema>;
