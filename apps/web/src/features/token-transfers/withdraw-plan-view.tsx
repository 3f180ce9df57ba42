import type { WithdrawSplTokensPlan } from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { CostLines } from '../sol-operations/plan-view';
import { PlanProblems } from './plan-problems';
import {
  keptOpenLines,
  withdrawCostLines,
  withdrawMintRows,
  withdrawNotReadyReason,
  withdrawSkippedLines,
  withdrawSkipText,
  withdrawWalletRows,
} from './withdraw-plan-summary';

/** Wallet and skip rows drawn in the dialog; the rest are counted. */
const ROWS_SHOWN = 200;

const th = 'px-2 py-1';
const td = 'px-2 py-1';

/**
 * What the withdrawal will send, as planned from the chain: the figures, per mint, per wallet, the
 * transactions, the skipped accounts with their reasons and every problem.
 */
export function WithdrawPlanView({ plan }: { readonly plan: WithdrawSplTokensPlan }) {
  const wallets = withdrawWalletRows(plan, ROWS_SHOWN);
  return (
    <div className="flex flex-col gap-3 text-sm">
      <CostLines lines={withdrawCostLines(plan)} />
      {plan.mints.length > 0 ? (
        <div className="max-h-48 overflow-auto rounded-md border border-border">
          <table className="w-full text-xs" aria-label="Tokens to withdraw">
            <thead className="sticky top-0 bg-surface-raised text-left text-fg-muted">
              <tr>
                <th className={th}>Mint</th>
                <th className={th}>From</th>
                <th className={`${th} text-right`}>Amount</th>
                <th className={`${th} text-right`}>Master receives</th>
                <th className={`${th} text-right`}>Transfer fee</th>
                <th className={th}>Master account</th>
              </tr>
            </thead>
            <tbody>
              {withdrawMintRows(plan).map((row) => (
                <tr key={row.mint} className="border-t border-border" data-mint={row.mint}>
                  <td className={`${td} font-mono`} title={row.mint}>
                    {shortenAddress(row.mint)}
                    <span className="ml-1 font-sans text-fg-muted">{row.program}</span>
                  </td>
                  <td className={td}>{row.wallets}</td>
                  <td className={`${td} text-right tabular-nums`}>{row.amount}</td>
                  <td className={`${td} text-right tabular-nums`}>{row.received}</td>
                  <td className={`${td} text-right tabular-nums`}>{row.transferFee}</td>
                  <td className={td} title={row.masterAccount}>
                    {row.masterAccountText === 'created' ? 'Created' : 'Exists'} · after{' '}
                    <span className="tabular-nums">{row.masterAfter}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {wallets.rows.length > 0 ? (
        <div className="max-h-48 overflow-auto rounded-md border border-border">
          <table className="w-full text-xs" aria-label="Wallets to withdraw from">
            <thead className="sticky top-0 bg-surface-raised text-left text-fg-muted">
              <tr>
                <th className={th}>Wallet</th>
                <th className={`${th} text-right`}>Accounts</th>
                <th className={`${th} text-right`}>Closed</th>
                <th className={`${th} text-right`}>Rent returned</th>
                <th className={`${th} text-right`}>Fee share</th>
              </tr>
            </thead>
            <tbody>
              {wallets.rows.map((row) => (
                <tr key={row.wallet} className="border-t border-border">
                  <td className={`${td} font-mono`} title={row.wallet}>
                    {shortenAddress(row.wallet)}
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{row.accounts}</td>
                  <td className={`${td} text-right tabular-nums`}>{row.closes}</td>
                  <td className={`${td} text-right tabular-nums`}>{row.rent}</td>
                  <td className={`${td} text-right tabular-nums`}>{row.fee}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {wallets.hidden > 0 ? (
            <p className="px-2 py-1 text-xs text-fg-muted">
              and {wallets.hidden.toLocaleString('en-US')} more wallets
            </p>
          ) : null}
        </div>
      ) : null}
      {plan.transactions.length > 0 ? (
        <details className="rounded-md border border-border px-2 py-1 text-xs">
          <summary className="cursor-pointer text-fg-muted">
            {plan.transactions.length.toLocaleString('en-US')} transaction(s)
          </summary>
          <table className="mt-1 w-full" aria-label="Transactions to sign">
            <thead className="text-left text-fg-muted">
              <tr>
                <th className={th}>Owners</th>
                <th className={`${th} text-right`}>Transfers</th>
                <th className={`${th} text-right`}>Closes</th>
                <th className={`${th} text-right`}>Creates</th>
                <th className={`${th} text-right`}>Bytes</th>
                <th className={`${th} text-right`}>Fee (lamports)</th>
              </tr>
            </thead>
            <tbody>
              {plan.transactions.slice(0, ROWS_SHOWN).map((tx, index) => (
                <tr key={index} className="border-t border-border">
                  <td className={`${td} font-mono`}>
                    {tx.owners.map((owner) => shortenAddress(owner)).join(', ')}
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{tx.transfers}</td>
                  <td className={`${td} text-right tabular-nums`}>{tx.closes}</td>
                  <td className={`${td} text-right tabular-nums`}>{tx.creates}</td>
                  <td className={`${td} text-right tabular-nums`}>{tx.sizeBytes}</td>
                  <td className={`${td} text-right tabular-nums`}>{tx.feeLamports}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
      {withdrawSkippedLines(plan).map((line) => (
        <p key={line} className="text-xs text-fg-muted">
          {line}
        </p>
      ))}
      {plan.skipped.length > 0 ? (
        <details className="rounded-md border border-border px-2 py-1 text-xs">
          <summary className="cursor-pointer text-fg-muted">Skipped accounts</summary>
          <ul className="mt-1 max-h-40 overflow-auto">
            {plan.skipped.slice(0, ROWS_SHOWN).map((skip) => (
              <li key={skip.tokenAccount} className="font-mono">
                {shortenAddress(skip.wallet)} · {shortenAddress(skip.mint)}:{' '}
                <span className="font-sans">{withdrawSkipText(skip.reason)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {keptOpenLines(plan).map((line) => (
        <p key={line} className="text-xs text-fg-muted">
          {line}
        </p>
      ))}
      <PlanProblems plan={plan} notReady={withdrawNotReadyReason(plan)} />
    </div>
  );
}
