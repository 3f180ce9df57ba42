import type { WalletSummary } from '@fleet/core';
import { formatLamportsAsSol } from '../../format/lamports';
import { formatUsd } from './wallet-format';

export interface OverviewCard {
  readonly title: string;
  readonly main: string;
  readonly lines: readonly string[];
  readonly money: boolean;
}

/**
 * The five Portfolio Overview cards (spec 2 §2.1) in SOL terms from the last scan. USD parts stay
 * a dash until a price service exists (issue 6: never a made-up number).
 */
export function overviewCards(summary: WalletSummary): OverviewCard[] {
  const sol = `${formatLamportsAsSol(BigInt(summary.totalLamports), 4)} SOL`;
  const { wallets, tokens, closable } = summary;
  return [
    {
      title: 'Portfolio',
      main: sol,
      lines: [`USD ${formatUsd(null)}`, 'Tokens not priced'],
      money: true,
    },
    {
      title: 'SOL Holdings',
      main: sol,
      lines: [`${wallets.withSol} wallets with SOL`, `USD ${formatUsd(null)}`],
      money: true,
    },
    {
      title: 'Token Assets',
      main: `${tokens.uniqueAssets} assets`,
      lines: [
        `${tokens.instancesWithBalance} of ${tokens.assetInstances} accounts hold a balance`,
        `USD ${formatUsd(tokens.totalValueUsd)}`,
      ],
      money: false,
    },
    {
      title: 'Wallets',
      main: wallets.total.toLocaleString(),
      lines: [`${wallets.traders} traders`, `${wallets.poolCreators} pool creators`],
      money: false,
    },
    {
      title: 'Closeable',
      main: `${closable.count} accounts`,
      lines: [
        `${formatLamportsAsSol(BigInt(closable.rentLamports), 4)} SOL rent`,
        `in ${wallets.withClosable} wallets`,
      ],
      money: false,
    },
  ];
}
