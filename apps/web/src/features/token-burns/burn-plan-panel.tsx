import type { BurnTokensPlan, ValuedAsset } from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { VirtualTable } from '../../ui/virtual-table';
import {
  burnMintRows,
  burnPlanFigures,
  burnSkippedRows,
  burnWalletRows,
  symbolsByMint,
} from './burn-plan-view';

/**
 * The plan before anything is sent: its figures, what is burned mint by mint, each wallet's
 * share, and the accounts left as they are with the reason.
 */
export function BurnPlanPanel({
  plan,
  assets,
}: {
  readonly plan: BurnTokensPlan;
  readonly assets: readonly ValuedAsset[];
}) {
  const known = symbolsByMint(assets);
  const mints = burnMintRows(plan, known);
  const wallets = burnWalletRows(plan);
  const skipped = burnSkippedRows(plan, known);
  return (
    <div className="flex flex-col gap-3 text-sm">
      <dl aria-label="Burn plan" className="grid grid-cols-2 gap-2 md:grid-cols-4">
        {burnPlanFigures(plan).map((figure) => (
          <div key={figure.label} className="flex flex-col rounded-md border border-border p-2">
            <dt className="text-xs text-fg-muted">{figure.label}</dt>
            <dd className="font-semibold tabular-nums">
              {figure.value}
              {figure.address ? (
                <>
                  {' '}
                  <code title={figure.address}>{shortenAddress(figure.address)}</code>
                </>
              ) : null}
            </dd>
            {figure.note ? <dd className="text-xs text-fg-muted">{figure.note}</dd> : null}
          </div>
        ))}
      </dl>
      {mints.length > 0 ? (
        <VirtualTable
          label="Burned mints"
          rows={mints}
          rowKey={(row) => row.key}
          columns="grid-cols-[1fr_6rem_5rem_5rem_9rem_9rem]"
          maxHeight="max-h-40"
          header={
            <>
              <span role="columnheader">Mint</span>
              <span role="columnheader">Program</span>
              <span role="columnheader">Accounts</span>
              <span role="columnheader">Wallets</span>
              <span role="columnheader">Amount</span>
              <span role="columnheader">Value</span>
            </>
          }
          cells={(row) => (
            <>
              <span role="cell" className="truncate font-semibold keep-case" title={row.mint}>
                {row.label}
              </span>
              <span role="cell">{row.program}</span>
              <span role="cell" className="tabular-nums">
                {row.accounts}
              </span>
              <span role="cell" className="tabular-nums">
                {row.wallets}
              </span>
              <span role="cell" className="truncate tabular-nums">
                {row.amount}
              </span>
              <span role="cell" className="tabular-nums">
                {row.value}
              </span>
            </>
          )}
        />
      ) : null}
      {wallets.length > 0 ? (
        <VirtualTable
          label="Wallets"
          rows={wallets}
          rowKey={(row) => row.key}
          columns="grid-cols-[1fr_4rem_5rem_8rem_8rem_8rem]"
          maxHeight="max-h-48"
          header={
            <>
              <span role="columnheader">Wallet</span>
              <span role="columnheader">Burn</span>
              <span role="columnheader">Skipped</span>
              <span role="columnheader">Rent</span>
              <span role="columnheader">Fee</span>
              <span role="columnheader">Net</span>
            </>
          }
          cells={(row) => (
            <>
              <code role="cell" className="truncate" title={row.wallet}>
                {shortenAddress(row.wallet)}
              </code>
              <span role="cell" className="tabular-nums">
                {row.burn}
              </span>
              <span role="cell" className="tabular-nums">
                {row.skipped}
              </span>
              <span role="cell" className="tabular-nums">
                {row.rent}
              </span>
              <span role="cell" className="tabular-nums">
                {row.fee}
              </span>
              <span role="cell" className="tabular-nums">
                {row.net}
              </span>
            </>
          )}
        />
      ) : null}
      {skipped.rows.length > 0 ? (
        <VirtualTable
          label="Skipped accounts"
          rows={skipped.rows}
          rowKey={(row) => row.key}
          columns="grid-cols-[7rem_1fr_9rem_6rem_10rem]"
          maxHeight="max-h-40"
          header={
            <>
              <span role="columnheader">Wallet</span>
              <span role="columnheader">Mint</span>
              <span role="columnheader">Amount</span>
              <span role="columnheader">Value</span>
              <span role="columnheader">Reason</span>
            </>
          }
          cells={(row) => (
            <>
              <code role="cell" className="truncate" title={row.wallet}>
                {shortenAddress(row.wallet)}
              </code>
              <span role="cell" className="truncate keep-case" title={row.mint}>
                {row.label}
              </span>
              <span role="cell" className="truncate tabular-nums">
                {row.amount}
              </span>
              <span role="cell" className="tabular-nums">
                {row.value}
              </span>
              <span role="cell">{row.reason}</span>
            </>
          )}
        />
      ) : null}
      {skipped.unlisted > 0 ? (
        <p className="text-xs text-fg-muted">
          and {skipped.unlisted.toLocaleString('en-US')} more skipped accounts
        </p>
      ) : null}
    </div>
  );
}
