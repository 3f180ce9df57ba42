import type { FleetDatabase } from '@fleet/db';
import type { Market } from '@fleet/market';
import { createMarketFigures } from './market-figures';
import { createTokensOverviewService, type HeldMintSums } from './tokens-overview-service';

export type { TokensOverviewService } from './tokens-overview-service';
export { createTokenClassifyService, type TokenClassifyService } from './token-classify-service';

/** The Tokens Overview service over the process's market (one composition line in services.ts). */
export function createTokensOverview(context: {
  readonly db: FleetDatabase;
  readonly holdings: HeldMintSums;
  readonly market: Market;
  readonly now: () => number;
  readonly onMarketError: (error: unknown) => void;
}) {
  return createTokensOverviewService({
    db: context.db,
    holdings: context.holdings,
    now: context.now,
    figures: createMarketFigures({
      market: context.market,
      now: context.now,
      onError: context.onMarketError,
    }),
  });
}
