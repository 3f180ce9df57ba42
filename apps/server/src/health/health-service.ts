import type { DatabaseKind, HealthResponse } from '@fleet/core';
import { pingDatabase, type FleetDatabase } from '@fleet/db';

export interface HealthService {
  /** Proves the database answers; throws when it does not. */
  check(): Promise<HealthResponse>;
}

export function createHealthService(context: {
  readonly db: FleetDatabase;
  readonly databaseKind: DatabaseKind;
  readonly version: string;
}): HealthService {
  return {
    async check() {
      await pingDatabase(context.db);
      return { ok: true, version: context.version, database: context.databaseKind };
    },
  };
}
