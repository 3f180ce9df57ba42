import { z } from 'zod';
import type { JobHandler } from '../jobs/job-handler';

/**
 * `test.count`: counts to `to`, one checkpoint per step. Each step is recorded in `steps` (the
 * job's id and the number), so a test can prove every step ran exactly once across restarts.
 * `beforeStep` lets a test hold the handler at a step.
 */
export function createCountJob(options: {
  readonly steps: { jobId: string; step: number; owner: string }[];
  readonly owner?: () => string;
  readonly beforeStep?: (step: number) => Promise<void>;
}): JobHandler<{ to: number }, { done: number }> {
  return {
    kind: 'test.count',
    params: z.object({ to: z.number().int().min(0).max(10_000) }),
    async run({ to }, context) {
      let done = context.checkpoint?.done ?? 0;
      await context.log('info', done === 0 ? `counting to ${to}` : `resuming at ${done}`);
      while (done < to) {
        if (await context.isCancelRequested()) return;
        const step = done + 1;
        await options.beforeStep?.(step);
        if (await context.isCancelRequested()) return;
        options.steps.push({ jobId: context.jobId, step, owner: options.owner?.() ?? '' });
        done = step;
        await context.progress(done, `counted ${done} of ${to}`, { done });
      }
      await context.report({ counted: done });
    },
  };
}
