import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getFinalTruthScanProgressRoute } from './get-final-truth-scan-progress';
import { postFinalTruthScanAbortRoute } from './post-final-truth-scan-abort';
import { postFinalTruthScanRoute } from './post-final-truth-scan';

/** Registers the Final Truth Scan's routes (spec 2 §7) under the prefix the caller chose (`/api`). */
export function registerScansRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [
    postFinalTruthScanRoute,
    getFinalTruthScanProgressRoute,
    postFinalTruthScanAbortRoute,
  ]) {
    route(api, services);
  }
}
