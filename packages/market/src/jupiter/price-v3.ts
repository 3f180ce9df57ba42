// Jupiter's Price API v3, batched 50 ids to a call. Ids are sorted and deduplicated first, so the
// same set of mints asked twice is one cache key (spec 3 §9: a price holds 15 s).

import { chunk } from '../batching/chunk';
import type { ProviderAccount } from '../budget/provider-account';
import {
  JUPITER_PRICE_IDS_PER_CALL,
  jupiterHeaders,
  jupiterUrl,
  type JupiterConfig,
} from './jupiter-config';
import { jupiterPriceV3Schema, type JupiterPriceEntry } from './price-v3-schema';

export const PRICE_STALE_MS = 15_000;

export interface JupiterPriceClient {
  /** Entries for the mints Jupiter prices; a mint it leaves out is absent from the map. */
  prices(
    mints: readonly string[],
    options?: { readonly staleMs?: number },
  ): Promise<Map<string, JupiterPriceEntry>>;
}

export function createJupiterPriceClient(
  account: ProviderAccount,
  config: JupiterConfig,
): JupiterPriceClient {
  return {
    async prices(mints, options) {
      const ids = [...new Set(mints)].sort();
      const answers = await Promise.all(
        chunk(ids, JUPITER_PRICE_IDS_PER_CALL).map((batch) =>
          account.request({
            endpoint: 'price/v3',
            bucket: 'default',
            // Commas stay literal, as Jupiter documents the list; each id is escaped on its own.
            url: `${jupiterUrl(config, '/price/v3')}?ids=${batch.map(encodeURIComponent).join(',')}`,
            headers: jupiterHeaders(config),
            schema: jupiterPriceV3Schema,
            staleMs: options?.staleMs ?? PRICE_STALE_MS,
          }),
        ),
      );
      const found = new Map<string, JupiterPriceEntry>();
      for (const answer of answers)
        for (const [mint, entry] of Object.entries(answer))
          if (entry !== null) found.set(mint, entry);
      return found;
    },
  };
}
