import { useLayoutEffect, useRef } from 'react';
import { Alert } from '../../ui/alert';
import { burnProgressView, shownLog, type BurnRunState } from './burn-run';

/**
 * The burn's progress (spec 2 §4: progress and logs, cancellable): processed/total wallets, spec 2
 * §3's burn statistics as running totals, and the newest lines of the log.
 */
export function BurnProgressPanel({ state }: { readonly state: BurnRunState }) {
  const view = burnProgressView(state);
  const lines = shownLog(state.log);
  const logRef = useRef<HTMLOListElement>(null);
  // The newest line stays in view as the log grows, like a terminal's tail.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [state.log]);
  const failed =
    state.outcome?.kind === 'error' ||
    state.outcome?.kind === 'start-failed' ||
    state.outcome?.kind === 'lost';
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div className="flex items-center gap-3">
        <progress
          className="h-2 flex-1"
          max={100}
          value={view.percent}
          aria-label="Burn progress"
          aria-valuetext={view.countText}
        />
        <span className="tabular-nums" data-figure="wallets">
          {view.countText}
        </span>
      </div>
      {failed ? (
        <Alert kind={state.outcome?.kind === 'lost' ? 'warning' : 'error'}>{view.statusText}</Alert>
      ) : (
        <p role="status" className="text-fg-muted">
          {view.statusText}
        </p>
      )}
      <dl
        aria-label="Burn statistics"
        className="grid auto-cols-fr grid-flow-col gap-2 rounded-md border border-border p-2 text-center"
      >
        {view.figures.map((figure) => (
          <div key={figure.label} className="flex flex-col">
            <dt className="text-xs text-fg-muted">{figure.label}</dt>
            <dd className="font-semibold tabular-nums" data-total={figure.label.toLowerCase()}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <ol
        ref={logRef}
        aria-label="Burn log"
        className="max-h-48 overflow-auto rounded-md border border-border bg-surface-sunken p-2 font-mono text-xs"
      >
        {lines.map((line, index) => (
          // Lines are never edited, only added at the end and dropped from the front.
          <li key={`${state.log.length - lines.length + index}`}>{line}</li>
        ))}
      </ol>
    </div>
  );
}
