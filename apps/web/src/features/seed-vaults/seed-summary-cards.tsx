import { formatBalanceWithUnit, formatUsd } from '@fleet/core';
import { shownBalance } from '../preferences/hidden-balance';
import type { SeedSummary } from './seed-roster';

/**
 * The three summary cards: seed vaults, seed wallets, seed value. The USD line shows a dash until
 * the wallets' values arrive (or without a SOL price); never a made-up number.
 */
export function SeedSummaryCards({
  summary,
  unit,
  hideBalances,
}: {
  readonly summary: SeedSummary;
  readonly unit: 'sol' | 'lamports';
  readonly hideBalances: boolean;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Card title="Seed vaults" value={String(summary.vaults)} />
      <Card title="Seed wallets" value={String(summary.wallets)} />
      <Card
        title="Seed value"
        value={shownBalance(formatBalanceWithUnit(summary.lamports, unit), hideBalances)}
        detail={`USD ${shownBalance(formatUsd(summary.usd), hideBalances)}`}
      />
    </div>
  );
}

function Card({
  title,
  value,
  detail,
}: {
  readonly title: string;
  readonly value: string;
  readonly detail?: string;
}) {
  return (
    <section className="rounded-md border border-border bg-surface-raised p-4">
      <h3 className="text-xs font-bold tracking-widest text-fg-muted uppercase">{title}</h3>
      <p className="mt-1 font-mono text-lg font-semibold">{value}</p>
      {detail ? <p className="text-xs text-fg-muted">{detail}</p> : null}
    </section>
  );
}
