import { Alert } from '../../ui/alert';
import { JobLog } from '../jobs/job-progress-parts';
import type { SyncScanError } from './sync-scan-messages';
import { shownLogLines, type Figure } from './sync-scan-view';

/** A failure: the spec's sentence, then what the server said. */
export function SyncScanErrorAlert({
  error,
  kind = 'error',
}: {
  readonly error: SyncScanError | null;
  readonly kind?: 'error' | 'warning';
}) {
  if (error === null) return null;
  return (
    <Alert kind={kind}>
      <span className="font-semibold">{error.message}</span>
      {error.detail !== null ? <span className="block">{error.detail}</span> : null}
    </Alert>
  );
}

/** A report's figures, each in its own cell. */
export function FigureList({
  label,
  figures,
}: {
  readonly label: string;
  readonly figures: readonly Figure[];
}) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-2 text-sm md:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className="flex flex-col rounded-md border border-border p-2">
          <dt className="text-xs text-fg-muted">{figure.label}</dt>
          <dd className="font-semibold tabular-nums">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The job's newest log lines. */
export function ScanLog({ logs }: { readonly logs: readonly string[] }) {
  return <JobLog lines={shownLogLines(logs)} />;
}

/** A step waiting on the server. */
export function Waiting({ text }: { readonly text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
      <span
        className="size-3 animate-spin rounded-full border-2 border-current border-t-transparent"
        aria-hidden
      />
      {text}
    </p>
  );
}
