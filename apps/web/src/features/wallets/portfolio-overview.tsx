import type { WalletSummary } from '@fleet/core';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { useDisplayPreferences } from '../preferences/display-preferences-store';
import { useDisplayUnit } from '../preferences/display-unit-store';
import { useCloseForecast } from '../token-closes/use-token-closes';
import { CloseableCardActions } from './closeable-card-actions';
import { overviewCards } from './portfolio-cards';
import type { ForecastState } from './portfolio-closeable';
import { useValuation } from './use-valuation';
import { readStatsExpanded, writeStatsExpanded } from '../wallet-list/wallets-storage';

export function PortfolioOverview({
  summary,
  scanAge,
}: {
  readonly summary: WalletSummary | undefined;
  /** How old the figures are (`fleetScanAge`). */
  readonly scanAge: string | null;
}) {
  const [expanded, setExpanded] = useState(readStatsExpanded);
  const { hideBalances } = useDisplayPreferences();
  const unit = useDisplayUnit();
  const valuation = useValuation();
  const forecastQuery = useCloseForecast();
  const forecast: ForecastState = forecastQuery.data
    ? { status: 'ready', forecast: forecastQuery.data }
    : forecastQuery.isError
      ? { status: 'failed', reason: forecastQuery.error.message }
      : { status: 'waiting' };
  const toggle = () => {
    setExpanded(!expanded);
    writeStatsExpanded(!expanded);
  };
  return (
    <section aria-label="Portfolio Overview" className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold tracking-wide">Portfolio Overview</h2>
        <Button variant="ghost" size="sm" onClick={toggle} aria-expanded={expanded}>
          {expanded ? 'Collapse' : 'Expand'}
          {expanded ? (
            <ChevronUp className="size-3.5" aria-hidden />
          ) : (
            <ChevronDown className="size-3.5" aria-hidden />
          )}
        </Button>
      </div>
      {expanded && summary ? (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
          {overviewCards(summary, valuation, { hideBalances, unit, scanAge }, forecast).map(
            (card) => (
              <div
                key={card.title}
                role="group"
                aria-label={card.title}
                title={card.note}
                className="rounded-md border border-border bg-surface-raised p-3"
              >
                <p className="text-xs font-semibold text-fg-muted">{card.title}</p>
                <p className="mt-1 text-lg font-bold tabular-nums">{card.main}</p>
                {card.lines.map((line) => (
                  <p key={line} className="text-xs text-fg-muted">
                    {line}
                  </p>
                ))}
                {card.title === 'Closeable' ? (
                  <CloseableCardActions
                    forecast={forecast}
                    unit={unit}
                    hideBalances={hideBalances}
                  />
                ) : null}
              </div>
            ),
          )}
        </div>
      ) : null}
    </section>
  );
}
