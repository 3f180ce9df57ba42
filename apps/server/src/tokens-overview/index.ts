import type { DigitalAssets } from '@fleet/chain';
import type { Clock } from '@fleet/core';
import type { FleetDatabase } from '@fleet/db';
import type { Market } from '@fleet/market';
import { createAssetScanService } from '../asset-scan/asset-scan-service';
import type { AuditLog } from '../audit/audit-log';
import type { JobService } from '../jobs/job-service';
import { createMarketFigures } from './market-figures';
import { createMintHoldingsSource } from './mint-holdings';
import { createTokensOverviewService, type HeldMintSums } from './tokens-overview-service';

export type { TokensOverviewService } from './tokens-overview-service';
import { createTokenClassifyService } from './token-classify-service';

export type { TokenClassifyService } from './token-classify-service';

/** The Tokens Overview service over the process's market (one composition line in services.ts). */
export function createTokensOverview(context: {
  readonly db: FleetDatabase;
  readonly holdings: HeldMintSums;
  readonly market: Market;
  readonly clock: Clock;
  readonly onMarketError: (error: unknown) => void;
}) {
  return createTokensOverviewService({
    db: context.db,
    holdings: context.holdings,
    now: () => context.clock.now(),
    figures: createMarketFigures({
      market: context.market,
      clock: context.clock,
      onError: context.onMarketError,
    }),
  });
}

/**
 * The token services over the process's market and digital-asset client (one composition line
 * in services.ts): the Tokens Overview, Classify Tokens and the GetAssets scan.
 */
export function createTokenServices(context: {
  readonly db: FleetDatabase;
  readonly market: Market;
  readonly assets: DigitalAssets;
  readonly jobs: JobService;
  readonly audit: AuditLog;
  readonly clock: Clock;
  readonly onMarketError: (error: unknown) => void;
  readonly onFoldError: (error: unknown) => void;
}) {
  const { db, assets, jobs, audit, clock } = context;
  const now = () => clock.now();
  const holdings = createMintHoldingsSource({ db, onFoldError: context.onFoldError });
  return {
    tokensOverview: createTokensOverview({ ...context, holdings }),
    tokenClassify: createTokenClassifyService({ db, holdings, assets, audit, now }),
    assetScan: createAssetScanService({ db, jobs, audit, clock }),
  };
}
