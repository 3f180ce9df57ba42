import {
  ASSET_SCAN_JOB_KIND,
  FleetError,
  scanAssetsResponseSchema,
  type Clock,
  type ScanAssetsBody,
  type ScanAssetsResponse,
} from '@fleet/core';
import { schema, withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { eq } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import { insertJob } from '../jobs/job-repository';
import type { JobService } from '../jobs/job-service';
import { lockScanStarts, openJobOfKind } from '../sync-scans/sync-scan-jobs';
import { listActiveWallets } from '../wallets/repository';
import { assetScanParamsSchema, type AssetScanParams } from './asset-scan-job';

/** How often a caller waiting for its GetAssets job looks at it. */
const WAIT_POLL_MS = 500;

export interface AssetScanOptions {
  /** Stops the wait (the caller went away), not the scan: the job runs on and keeps its report. */
  readonly signal?: AbortSignal;
  /** The job started or joined, before its first progress. */
  readonly onStarted?: (jobId: string) => void;
  readonly onProgress?: (processed: number, total: number) => void;
}

/**
 * Starting and following the GetAssets scan (`createAssetScanJob`). `POST
 * /api/scan-assets/preview-write` answers when the scan ends, as spec 2 §7 has it, but the scan is
 * a job: it survives the caller going away and a restart of the server, and shows in the jobs list
 * with Cancel. A start holds the tenant's lock for the kind while it looks for a running scan, so
 * two starts at once make one job: a second start for the same wallets follows the running one, a
 * start for other wallets is refused with the running one's job.
 */
export function createAssetScanService(context: {
  readonly db: FleetDatabase;
  readonly jobs: JobService;
  readonly audit: AuditLog;
  readonly clock: Clock;
}) {
  const { db, jobs, audit, clock } = context;

  async function chosenWallets(
    tx: TenantDatabase,
    tenantId: string,
    body: ScanAssetsBody,
  ): Promise<AssetScanParams> {
    const active = await listActiveWallets(tx, tenantId, { traderOnly: false });
    const asked = body.publicAddresses ?? [];
    if (asked.length === 0) return { wallets: active, unknownAddresses: [] };
    const byAddress = new Map(active.map((wallet) => [wallet.address, wallet]));
    const wanted = [...new Set<string>(asked)];
    return {
      wallets: wanted.flatMap((address) => byAddress.get(address) ?? []),
      unknownAddresses: wanted.filter((address) => !byAddress.has(address)),
    };
  }

  async function start(
    actor: Actor,
    body: ScanAssetsBody,
  ): Promise<{ jobId: string; joined: boolean }> {
    const started = await withTenant(db, actor.tenantId, async (tx) => {
      await lockScanStarts(tx, actor.tenantId, ASSET_SCAN_JOB_KIND);
      const params = await chosenWallets(tx, actor.tenantId, body);
      const running = await openJobOfKind(tx, actor.tenantId, ASSET_SCAN_JOB_KIND);
      if (running !== null) {
        if (sameScan(await paramsOf(tx, running), params)) return { jobId: running, joined: true };
        throw new FleetError('SCAN__SYNC_RUNNING', { jobId: running, kind: ASSET_SCAN_JOB_KIND });
      }
      const row = await insertJob(tx, {
        tenantId: actor.tenantId,
        kind: ASSET_SCAN_JOB_KIND,
        params,
        totalItems: params.wallets.length,
        createdBy: actor.user.id,
        now: new Date(clock.now()),
      });
      await audit.recordSuccess(
        actor,
        'wallet.asset_scan',
        {
          jobId: row.id,
          wallets: params.wallets.length,
          unknownAddresses: params.unknownAddresses.length,
        },
        tx,
      );
      return { jobId: row.id, joined: false };
    });
    if (!started.joined) await jobs.dispatch(actor.tenantId, started.jobId);
    return started;
  }

  return {
    /** Starts (or joins) the scan and answers its report when it ends. */
    async scan(
      actor: Actor,
      body: ScanAssetsBody,
      options: AssetScanOptions = {},
    ): Promise<ScanAssetsResponse> {
      const { jobId } = await start(actor, body);
      options.onStarted?.(jobId);
      let shown = -1;
      for (;;) {
        const job = await jobs.state(actor, jobId);
        if (job.processedItems !== shown) {
          shown = job.processedItems;
          options.onProgress?.(job.processedItems, job.totalItems);
        }
        if (job.isDone) {
          if (job.status === 'failed')
            throw new FleetError('SCAN__SYNC_FAILED', { jobId, message: job.message });
          const report = scanAssetsResponseSchema.safeParse(job.report);
          if (!report.success)
            throw new FleetError('SCAN__SYNC_FAILED', {
              jobId,
              message: 'the scan left no report',
            });
          return report.data;
        }
        await clock.sleep(WAIT_POLL_MS, options.signal);
      }
    },
  };
}

export type AssetScanService = ReturnType<typeof createAssetScanService>;

async function paramsOf(tx: TenantDatabase, jobId: string): Promise<AssetScanParams | null> {
  const [row] = await tx
    .select({ params: schema.jobs.params })
    .from(schema.jobs)
    .where(eq(schema.jobs.id, jobId));
  const parsed = assetScanParamsSchema.safeParse(row?.params);
  return parsed.success ? parsed.data : null;
}

function sameScan(running: AssetScanParams | null, asked: AssetScanParams): boolean {
  if (running === null) return false;
  const ids = (params: AssetScanParams) => params.wallets.map((wallet) => wallet.id).join(',');
  return (
    ids(running) === ids(asked) &&
    running.unknownAddresses.join(',') === asked.unknownAddresses.join(',')
  );
}
