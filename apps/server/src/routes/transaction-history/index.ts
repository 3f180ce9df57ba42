import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getTransactionsRoute } from './get-transactions';
import { getTransactionsCsvRoute } from './get-transactions-csv';

/** Registers the transaction history routes under the prefix the caller chose (`/api`). */
export function registerTransactionHistoryRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getTransactionsRoute, getTransactionsCsvRoute]) route(api, services);
}
