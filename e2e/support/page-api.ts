import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A call of Fleet's API with the page's session (its cookies, its CSRF header as the page sends
 * them): what a test sets up or reads beside the clicks. Anything but a 2xx fails the test with
 * the server's answer.
 */
export async function pageApi<T = unknown>(
  page: Page,
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  data?: object,
): Promise<T> {
  const response =
    method === 'GET'
      ? await page.request.get(`${baseUrl}${path}`)
      : await page.request.post(`${baseUrl}${path}`, { data: data ?? {} });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}
