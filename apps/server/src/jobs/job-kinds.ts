import type { EndpointPool } from '@fleet/chain';
import type { Clock } from '@fleet/core';
import type { FleetDatabase } from '@fleet/db';
import type { FastifyBaseLogger } from 'fastify';
import { createSolOperationJob } from '../sol-operations/sol-operation-job';
import { createBurnTokensJob } from '../token-burns/burn-tokens-job';
import { createCloseTokensJob } from '../token-closes/close-tokens-job';
import { createTokenTransferJobs } from '../token-transfers/token-transfer-job';
import type { SecretKeyVault } from '../vault';
import type { AnyJobHandler } from './job-handler';

/** What the money jobs share: the database, the chain, the keys, time and the log. */
export interface MoneyJobDeps {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly vault: SecretKeyVault;
  readonly clock: Clock;
  readonly logger: FastifyBaseLogger;
  /** Transactions in flight for a distribution or a burn; default: from the pool's send budget. */
  readonly lanes?: number;
}

/**
 * The kinds of job that move money: SOL operations, closes, burns and SPL transfers, each going
 * through the ledger. Every server process registers all of them, so any process may resume any
 * job another one started.
 */
export function createMoneyJobHandlers(deps: MoneyJobDeps): AnyJobHandler[] {
  const { lanes, ...shared } = deps;
  const withLanes = lanes === undefined ? shared : { ...shared, lanes };
  return [
    createSolOperationJob(withLanes),
    createCloseTokensJob(shared),
    createBurnTokensJob(withLanes),
    ...createTokenTransferJobs(withLanes),
  ];
}
