import type { ReactNode } from 'react';
import { cn } from './cn';

/** A message block inside a form or panel: errors are announced, the rest are polite. */
export function Alert({
  kind,
  children,
  className,
}: {
  readonly kind: 'error' | 'warning' | 'success' | 'info';
  readonly children: ReactNode;
  readonly className?: string;
}) {
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        kind === 'error' && 'border-danger/50 bg-danger/10 text-danger',
        kind === 'warning' && 'border-warning/60 bg-warning/10 text-fg',
        kind === 'success' && 'border-success/50 bg-success/10 text-success',
        kind === 'info' && 'border-border bg-surface-sunken text-fg-muted',
        className,
      )}
    >
      {children}
    </p>
  );
}
