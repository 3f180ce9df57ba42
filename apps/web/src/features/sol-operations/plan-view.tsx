import type { SolPlanView } from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { Alert } from '../../ui/alert';
import { cn } from '../../ui/cn';
import {
  lookupTableComparison,
  WAY_TITLES,
  type LookupTableComparison,
  type SendingWay,
} from './lookup-table-comparison';
import {
  balanceRows,
  blockingMessages,
  noKeyBanner,
  notReadyReason,
  planCostLines,
  skippedLines,
  twoHopLegs,
  warningMessages,
  type CostLine,
} from './plan-summary';

/** Wallet rows drawn in the plan; the rest are counted (the plan itself holds them all). */
const BALANCE_ROWS_SHOWN = 200;

/**
 * The plan as every confirm step shows it (the dialogs' and "Retry failed"): the wallets skipped
 * for a missing key, a two-hop plan's legs, costs, comparison, after-balances, skips, problems,
 * and why Confirm is off when no problem says so.
 */
export function PlanView({ plan }: { readonly plan: SolPlanView }) {
  const comparison = lookupTableComparison(plan);
  const balances = balanceRows(plan, BALANCE_ROWS_SHOWN);
  const blocking = blockingMessages(plan);
  const warnings = warningMessages(plan);
  const notReady = notReadyReason(plan);
  const noKey = noKeyBanner(plan);
  return (
    <div className="flex flex-col gap-3 text-sm">
      {noKey ? <Alert kind="error">{noKey}</Alert> : null}
      {plan.kind === 'sol.double_distribution' ? <TwoHopLegs plan={plan} /> : null}
      <CostLines lines={planCostLines(plan)} />
      {comparison ? <LookupTableComparisonTable comparison={comparison} /> : null}
      <div className="max-h-56 overflow-auto rounded-md border border-border">
        <table className="w-full text-xs" aria-label="Balances after the operation">
          <thead className="sticky top-0 bg-surface-raised text-left text-fg-muted">
            <tr>
              <th className="px-2 py-1">Wallet</th>
              <th className="px-2 py-1 text-right">Moves</th>
              <th className="px-2 py-1 text-right">Before</th>
              <th className="px-2 py-1 text-right">After</th>
            </tr>
          </thead>
          <tbody>
            {balances.rows.map((row) => (
              <tr key={`${row.role}:${row.address}`} className="border-t border-border">
                <td className="px-2 py-1 font-mono" title={row.address}>
                  {row.role === 'master' ? 'Master ' : ''}
                  {shortenAddress(row.address)}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{row.amount}</td>
                <td className="px-2 py-1 text-right tabular-nums">{row.before}</td>
                <td className="px-2 py-1 text-right tabular-nums">{row.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {balances.hidden > 0 ? (
          <p className="px-2 py-1 text-xs text-fg-muted">
            and {balances.hidden.toLocaleString('en-US')} more wallets
          </p>
        ) : null}
      </div>
      {skippedLines(plan).map((line) => (
        <p key={line} className="text-xs text-fg-muted">
          {line}
        </p>
      ))}
      {warnings.map((message) => (
        <Alert key={message} kind="warning">
          {message}
        </Alert>
      ))}
      {blocking.map((message) => (
        <Alert key={message} kind="error">
          {message}
        </Alert>
      ))}
      {notReady ? <Alert kind="info">{notReady}</Alert> : null}
    </div>
  );
}

/** A plan's figures as label and value pairs, a note under the ones that need it. */
export function CostLines({ lines }: { readonly lines: readonly CostLine[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
      {lines.map((line) => (
        <div key={line.label} className="contents">
          <dt className="text-fg-muted">{line.label}</dt>
          <dd className={cn('text-right tabular-nums', line.mono && 'font-mono text-xs break-all')}>
            {line.value}
          </dd>
          {line.note ? (
            <dd className="col-span-2 -mt-1 text-right text-xs text-fg-muted">{line.note}</dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}

const WAYS: readonly SendingWay[] = ['legacy', 'lookupTable'];

/** Legacy | Lookup table, the way the plan took highlighted, then which it is and why. */
function LookupTableComparisonTable({
  comparison,
}: {
  readonly comparison: LookupTableComparison;
}) {
  const cell = (way: SendingWay) =>
    cn(
      'px-2 py-0.5 text-right tabular-nums',
      way === comparison.chosen ? 'bg-accent/10 font-semibold' : 'text-fg-muted',
    );
  return (
    <div className="flex flex-col gap-1">
      <table className="w-full text-xs" aria-label="Lookup-table comparison">
        <thead>
          <tr>
            <th className="px-2 py-0.5 text-left font-normal text-fg-muted">
              <span className="sr-only">Figure</span>
            </th>
            {WAYS.map((way) => (
              <th key={way} scope="col" className={cell(way)}>
                {WAY_TITLES[way]}
                {way === comparison.chosen ? (
                  <>
                    {' '}
                    <span className="rounded bg-accent px-1 text-[0.625rem] text-accent-fg">
                      chosen
                    </span>
                  </>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparison.lines.map((line) => (
            <tr key={line.label} className="border-t border-border">
              <th scope="row" className="px-2 py-0.5 text-left font-normal text-fg-muted">
                {line.label}
              </th>
              <td className={cell('legacy')}>{line.legacy}</td>
              <td className={cell('lookupTable')}>{line.lookupTable}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs">{comparison.verdict}</p>
      {comparison.rentNote ? <p className="text-xs text-fg-muted">{comparison.rentNote}</p> : null}
    </div>
  );
}

/** A two-hop plan's middlemen and the fees of each leg. */
function TwoHopLegs({ plan }: { readonly plan: SolPlanView }) {
  const legs = twoHopLegs(plan);
  return (
    <dl className="grid grid-cols-2 gap-x-4">
      <dt className="text-fg-muted">Middlemen</dt>
      <dd className="text-right tabular-nums">{legs.middlemen}</dd>
      <dt className="text-fg-muted">First leg fees (master → middlemen)</dt>
      <dd className="text-right tabular-nums">{legs.firstHopFee}</dd>
      <dt className="text-fg-muted">Second leg fees (middlemen → destinations)</dt>
      <dd className="text-right tabular-nums">{legs.secondHopFee}</dd>
    </dl>
  );
}
