// The wallets page as the money e2e tests drive it: the List tab in the All segment, the Toolkit's
// tiles, and a plan's figures read from its dialog.

import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens the wallet list in the All segment (empty wallets are not in the default Non-Empty). */
export async function openAllWallets(
  page: Page,
  serverUrl: string,
  expected: number,
): Promise<void> {
  await page.goto(`${serverUrl}/wallets`);
  await page.getByRole('tab', { name: 'List' }).click();
  await page.getByRole('button', { name: 'View', exact: true }).click();
  // The item, not its label: a click on the label's centre can land on the description beside it.
  await page
    .getByRole('menuitem')
    .filter({ has: page.getByText('All', { exact: true }) })
    .click();
  await expect.poll(() => page.locator('[role=row][data-wallet-id]').count()).toBe(expected);
}

export async function openToolkitTile(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Toolkit' }).click();
  await page
    .getByRole('dialog', { name: 'Toolkit' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

/** The plan's figures (a `dl`): label → value, as written (the labels are upper-cased by CSS only). */
export async function planFigures(dialog: Locator): Promise<Map<string, string>> {
  const pairs = await dialog
    .locator('dl')
    .first()
    .evaluate((list) =>
      [...list.querySelectorAll('dt')].map((term) => [
        term.textContent ?? '',
        term.nextElementSibling?.textContent ?? '',
      ]),
    );
  return new Map(pairs.map(([label, value]) => [label ?? '', value ?? '']));
}
