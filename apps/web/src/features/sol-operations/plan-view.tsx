import type { SolPlanView } from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { Alert } from '../../ui/alert';
import {
  balanceRows,
  blockingMessages,
  comparisonRows,
  noKeyBanner,
  notReadyReason,
  planCostLines,
  skippedLines,
  twoHopLegs,
  warningMessages,
} from './plan-summary';

/** Wallet rows drawn in the plan; the rest are counted (the plan itself holds them all). */
const BALANCE_ROWS_SHOWN = 200;

/**
 * The plan as every confirm step shows it (the dialogs' and "Retry failed"): the wallets skipped
 * for a missing key, a two-hop plan's legs, costs, comparison, after-balances, skips, problems,
 * and why Confirm is off when no problem says so.
 */
export function PlanView({ plan }: { readonly plan: SolPlanView }) {
  const comparison = comparisonRows(plan);
  const balances = balanceRows(plan, BALANCE_ROWS_SHOWN);
  const blocking = blockingMessages(plan);
  const warnings = warningMessages(plan);
  const notReady = notReadyReason(plan);
  const noKey = noKeyBanner(plan);
  return (
    <div className="flex flex-col gap-3 text-sm">
      {noKey ? <Alert kind="error">{noKey}</Alert> : null}
      {plan.kind === 'sol.double_distribution' ? <TwoHopLegs plan={plan} /> : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
        {planCostLines(plan).map((line) => (
          <div key={line.label} className="contents">
            <dt className="text-fg-muted">{line.label}</dt>
            <dd className="text-right tabular-nums">{line.value}</dd>
          </div>
        ))}
      </dl>
      {comparison ? (
        <table className="w-full text-xs" aria-label="Lookup-table comparison">
          <thead className="text-left text-fg-muted">
            <tr>
              <th>Way of sending</th>
              <th className="text-right">Transactions</th>
              <th className="text-right">Total fees</th>
              <th className="text-right">Per wallet</th>
            </tr>
          </thead>
          <tbody>
            {comparison.map((row) => (
              <tr key={row.way} className={row.chosen ? 'font-semibold' : 'text-fg-muted'}>
                <td>
                  {row.way}
                  {row.chosen ? ' (chosen)' : ''}
                  {row.note ? <span className="block font-normal">{row.note}</span> : null}
                </td>
                <td className="text-right tabular-nums">{row.transactions}</td>
                <td className="text-right tabular-nums">{row.totalFee}</td>
                <td className="text-right tabular-nums">{row.feePerWallet}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
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
