import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

/** The last step of both flows: what the import did, then Done or import again. */
export function ImportSuccess({
  title,
  counts,
  onDone,
  onAgain,
  againLabel,
}: {
  readonly title: string;
  readonly counts: readonly { readonly label: string; readonly value: number }[];
  readonly onDone: () => void;
  readonly onAgain: () => void;
  readonly againLabel: string;
}) {
  return (
    <section aria-labelledby="import-success-heading" className="flex flex-col gap-4">
      <h2 id="import-success-heading" className="text-lg font-bold tracking-wide">
        {title}
      </h2>
      <Alert kind="success">Import finished.</Alert>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map((count) => (
          <div key={count.label} className="rounded-md border border-border bg-surface-raised p-3">
            <dt className="text-xs font-semibold tracking-wide text-fg-muted">{count.label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{count.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex gap-3">
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
        <Button onClick={onAgain}>{againLabel}</Button>
      </div>
    </section>
  );
}
