import type { DistributeSplTokensPlan } from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { CostLines } from '../sol-operations/plan-view';
import {
  distributeCostLines,
  distributeNotReadyReason,
  distributeSkippedLines,
  recipientRows,
} from './distribute-plan-summary';
import { PlanProblems } from './plan-problems';

const ROWS_SHOWN = 200;
const cell = 'px-2 py-1';
const number = `${cell} text-right tabular-nums`;

/** The distribution's plan: the figures, each recipient's account and amounts, skips, problems. */
export function DistributePlanView({ plan }: { readonly plan: DistributeSplTokensPlan }) {
  const recipients = recipientRows(plan, ROWS_SHOWN);
  const fee = plan.mint.transferFee !== null;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <CostLines lines={distributeCostLines(plan)} />
      <div className="max-h-56 overflow-auto rounded-md border border-border">
        <table className="w-full text-xs" aria-label="Recipients">
          <thead className="sticky top-0 bg-surface-raised text-left text-fg-muted">
            <tr>
              <th className={cell}>Recipient</th>
              <th className={cell}>Token account</th>
              <th className={`${cell} text-right`}>Sent</th>
              {fee ? <th className={`${cell} text-right`}>Receives</th> : null}
              <th className={`${cell} text-right`}>Before</th>
              <th className={`${cell} text-right`}>After</th>
            </tr>
          </thead>
          <tbody>
            {recipients.rows.map((row) => (
              <tr key={row.address} className="border-t border-border">
                <td className={`${cell} font-mono`} title={row.address}>
                  {shortenAddress(row.address)}
                </td>
                <td className={cell}>{row.account}</td>
                <td className={number}>{row.amount}</td>
                {fee ? <td className={number}>{row.received}</td> : null}
                <td className={number}>{row.before}</td>
                <td className={number}>{row.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {recipients.hidden > 0 ? (
          <p className="px-2 py-1 text-xs text-fg-muted">
            and {recipients.hidden.toLocaleString('en-US')} more recipients
          </p>
        ) : null}
      </div>
      {distributeSkippedLines(plan).map((line) => (
        <p key={line} className="text-xs text-fg-muted">
          {line}
        </p>
      ))}
      <PlanProblems plan={plan} notReady={distributeNotReadyReason(plan)} />
    </div>
  );
}
