import type { Page } from 'playwright-core';

/** The job the page keeps open (sessionStorage: the bottom bar and a reload come back to it). */
export async function openJob(page: Page): Promise<{ jobId: string; visible: boolean } | null> {
  const stored = await page.evaluate(() => sessionStorage.getItem('fleet.operations.openJob'));
  const parsed: unknown = JSON.parse(stored ?? 'null');
  if (typeof parsed !== 'object' || parsed === null) return null;
  const jobId: unknown = Reflect.get(parsed, 'jobId');
  return typeof jobId === 'string'
    ? { jobId, visible: Reflect.get(parsed, 'visible') !== false }
    : null;
}
