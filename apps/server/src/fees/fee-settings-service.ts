import {
  checkUnitPriceCap,
  MAX_MICRO_LAMPORTS_PER_UNIT,
  type FeeSettings,
  type UpdateFeeSettingsRequest,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import { lockTenantFeeCap, readTenantFeeCap, writeTenantFeeCap } from './fee-settings-repository';
import { effectiveUnitPrice } from './unit-price';

/**
 * A tenant's cap on the priority fee (issue 17): the server sets the unit price, each tenant may
 * lower it for its own operations, never raise it. The planner reads the cap with
 * `readTenantFeeCap` and bids `effectiveUnitPrice`.
 */
export function createFeeSettingsService(context: {
  readonly db: FleetDatabase;
  readonly audit: AuditLog;
  readonly now: () => Date;
  /** The server's price, already held to the limit (`serverUnitPrice`). */
  readonly serverMicroLamportsPerUnit: bigint;
}) {
  const { db, audit, now, serverMicroLamportsPerUnit } = context;

  function settingsWith(cap: bigint | null): FeeSettings {
    return {
      serverMicroLamportsPerUnit: serverMicroLamportsPerUnit.toString(),
      maxMicroLamportsPerUnit: cap === null ? null : cap.toString(),
      effectiveMicroLamportsPerUnit: effectiveUnitPrice(serverMicroLamportsPerUnit, cap).toString(),
      limit: MAX_MICRO_LAMPORTS_PER_UNIT.toString(),
    };
  }

  return {
    /** The server's price, the tenant's cap and what its operations bid. */
    async read(actor: Actor): Promise<FeeSettings> {
      return settingsWith(await withTenant(db, actor.tenantId, readTenantFeeCap));
    },

    /** Sets or clears the tenant's cap; the change and its audit entry commit together. */
    async update(actor: Actor, input: UpdateFeeSettingsRequest): Promise<FeeSettings> {
      // 1. the cap: a whole number from 0 to the limit, or null for none
      const check = checkUnitPriceCap(input.maxMicroLamportsPerUnit);
      if (!check.ok) throw check.error;
      const cap = check.value;
      const at = now();
      await withTenant(db, actor.tenantId, async (tx) => {
        // 2. the tenant's row, locked: the cap it had
        const previous = await lockTenantFeeCap(tx, actor.tenantId, at);
        // 3. the new cap
        await writeTenantFeeCap(tx, actor.tenantId, cap, at);
        // 4. who changed it, from what to what
        await audit.recordSuccess(
          actor,
          'fee_cap.update',
          { cap: capText(cap), previousCap: capText(previous) },
          tx,
        );
      });
      return settingsWith(cap);
    },
  };
}

export type FeeSettingsService = ReturnType<typeof createFeeSettingsService>;

function capText(cap: bigint | null): string | null {
  return cap === null ? null : cap.toString();
}
