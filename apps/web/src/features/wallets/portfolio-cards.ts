import {
  type SlimWallet,
  type WalletSummary,
  formatBalanceWithUnit,
  formatUsd,
  NEVER_SCANNED,
  scanAgeText,
} from '@fleet/core';
import type { DisplayUnit } from '../preferences/display-unit-store';
import { shownBalance } from '../preferences/hidden-balance';

/**
 * How old the overview's figures are: they add up every wallet, so they are as old as the
 * oldest wallet's scan ('scanned 5m ago'), and say how many wallets were never read at all.
 * Null when there are no wallets to speak of.
 */
export function fleetScanAge(
  wallets: readonly Pick<SlimWallet, 'lastScannedAt'>[],
  now: number,
): string | null {
  if (wallets.length === 0) return null;
  let oldest: string | null = null;
  let never = 0;
  for (const wallet of wallets) {
    if (wallet.lastScannedAt === null) never++;
    else if (oldest === null || wallet.lastScannedAt < oldest) oldest = wallet.lastScannedAt;
  }
  if (oldest === null) return `${NEVER_SCANNED} scanned`;
  const age = scanAgeText(oldest, now);
  return never === 0 ? age : `${age}; ${never.toLocaleString()} never`;
}

export interface OverviewCard {
  readonly title: string;
  readonly main: string;
  readonly lines: readonly string[];
}

/**
 * The five Portfolio Overview cards (spec 2 §2.1) from the last scan, amounts of SOL in the unit
 * the settings menu chose (SOL to 4 decimals or lamports). USD parts stay a dash until a price
 * service exists (issue 6: never a made-up number). With balances hidden, every amount of money
 * reads `***`; counts stay.
 */
export function overviewCards(
  summary: WalletSummary,
  hideBalances: boolean,
  unit: DisplayUnit,
  /** `fleetScanAge`: added to every card whose figures come from the chain. */
  scanAge: string | null = null,
): OverviewCard[] {
  const money = (text: string) => shownBalance(text, hideBalances);
  const sol = money(formatBalanceWithUnit(BigInt(summary.totalLamports), unit));
  const usd = (value: number | null) => `USD ${money(formatUsd(value))}`;
  const { wallets, tokens, closable } = summary;
  const aged = (lines: string[]) => (scanAge === null ? lines : [...lines, scanAge]);
  return [
    {
      title: 'Portfolio',
      main: sol,
      lines: aged([usd(null), 'Tokens not priced']),
    },
    {
      title: 'SOL Holdings',
      main: sol,
      lines: aged([`${wallets.withSol.toLocaleString()} wallets with SOL`, usd(null)]),
    },
    {
      title: 'Token Assets',
      main: `${tokens.uniqueAssets.toLocaleString()} assets`,
      lines: aged([
        `${tokens.instancesWithBalance.toLocaleString()} of ${tokens.assetInstances.toLocaleString()} accounts hold a balance`,
        usd(tokens.totalValueUsd),
      ]),
    },
    {
      title: 'Wallets',
      main: wallets.total.toLocaleString(),
      lines: [
        `${wallets.traders.toLocaleString()} traders`,
        `${wallets.poolCreators.toLocaleString()} pool creators`,
      ],
    },
    {
      title: 'Closeable',
      main: `${closable.count.toLocaleString()} accounts`,
      lines: aged([
        `${money(formatBalanceWithUnit(BigInt(closable.rentLamports), unit))} rent`,
        `in ${wallets.withClosable.toLocaleString()} wallets`,
      ]),
    },
  ];
}
