import type { WalletSummary } from '@fleet/core';
import { formatBalance } from '../../format/lamports';
import type { DisplayUnit } from '../preferences/display-unit-store';
import { shownBalance } from '../preferences/hidden-balance';
import { formatUsd } from './wallet-format';

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
): OverviewCard[] {
  const money = (text: string) => shownBalance(text, hideBalances);
  const sol = money(formatBalance(BigInt(summary.totalLamports), unit));
  const usd = (value: number | null) => `USD ${money(formatUsd(value))}`;
  const { wallets, tokens, closable } = summary;
  return [
    {
      title: 'Portfolio',
      main: sol,
      lines: [usd(null), 'Tokens not priced'],
    },
    {
      title: 'SOL Holdings',
      main: sol,
      lines: [`${wallets.withSol.toLocaleString()} wallets with SOL`, usd(null)],
    },
    {
      title: 'Token Assets',
      main: `${tokens.uniqueAssets.toLocaleString()} assets`,
      lines: [
        `${tokens.instancesWithBalance.toLocaleString()} of ${tokens.assetInstances.toLocaleString()} accounts hold a balance`,
        usd(tokens.totalValueUsd),
      ],
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
      lines: [
        `${money(formatBalance(BigInt(closable.rentLamports), unit))} rent`,
        `in ${wallets.withClosable.toLocaleString()} wallets`,
      ],
    },
  ];
}
