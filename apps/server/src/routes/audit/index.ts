import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getAuditLogRoute } from './get-audit-log';
import { getAuditLogCsvRoute } from './get-audit-log-csv';
import { getAuditLogFiltersRoute } from './get-audit-log-filters';

/** Registers the audit routes under the prefix the caller chose (`/api`). */
export function registerAuditRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getAuditLogRoute, getAuditLogFiltersRoute, getAuditLogCsvRoute])
    route(api, services);
}
