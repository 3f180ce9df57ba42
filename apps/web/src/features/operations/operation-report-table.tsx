import { ExternalLink } from 'lucide-react';
import { shortenAddress } from '../../format/address';
import { useExplorerLinks } from '../explorer/use-explorer-links';
import type { ReportRow } from './operation-rows';

/** Rows past this are summed up instead of drawn: the full list is in the operation's history. */
export const REPORT_ROWS_SHOWN = 500;

/** Each wallet's amount, status, signature (an explorer link) and error. */
export function OperationReportTable({ rows }: { readonly rows: readonly ReportRow[] }) {
  const shown = rows.slice(0, REPORT_ROWS_SHOWN);
  return (
    <div className="max-h-80 overflow-auto rounded-md border border-border">
      <table className="w-full text-xs">
        <thead className="sticky top-0 bg-surface-raised text-left text-fg-muted">
          <tr>
            <th className="px-2 py-1">Wallet</th>
            <th className="px-2 py-1">Leg</th>
            <th className="px-2 py-1 text-right">Amount</th>
            <th className="px-2 py-1">Status</th>
            <th className="px-2 py-1">Signature</th>
            <th className="px-2 py-1">Error</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.id} className="border-t border-border">
              <td className="px-2 py-1 font-mono" title={row.wallet}>
                {shortenAddress(row.wallet)}
              </td>
              <td className="px-2 py-1">{row.leg}</td>
              <td className="px-2 py-1 text-right tabular-nums">{row.amount}</td>
              <td className="px-2 py-1">{row.status}</td>
              <td className="px-2 py-1 font-mono">
                <SignatureLink signature={row.signature} />
              </td>
              <td className="px-2 py-1 text-danger">{row.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > shown.length ? (
        <p className="px-2 py-1 text-xs text-fg-muted">
          {(rows.length - shown.length).toLocaleString('en-US')} more rows not shown.
        </p>
      ) : null}
    </div>
  );
}

/** A transaction's signature, shortened, linking to the chosen explorer; "—" when it has none. */
export function SignatureLink({ signature }: { readonly signature: string | null }) {
  const links = useExplorerLinks();
  if (signature === null) return <>—</>;
  const url = links.tx(signature);
  if (!url) return <>{shortenAddress(signature)}</>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 text-accent hover:underline"
    >
      {shortenAddress(signature)}
      <ExternalLink className="size-3" aria-hidden />
    </a>
  );
}
