import type { ImportStatus } from '@fleet/core';
import { cn } from '../../ui/cn';

/** Spec 2 §4: new green, restored blue, updated amber. */
const STYLES: Readonly<Record<ImportStatus, string>> = {
  new: 'bg-emerald-500/15 text-emerald-400 border-emerald-500/40',
  restored: 'bg-sky-500/15 text-sky-400 border-sky-500/40',
  updated: 'bg-amber-500/15 text-amber-400 border-amber-500/40',
};

export function ImportStatusBadge({ status }: { readonly status: ImportStatus }) {
  return (
    <span
      className={cn(
        'rounded border px-1.5 py-px text-[10px] font-semibold uppercase',
        STYLES[status],
      )}
    >
      {status}
    </span>
  );
}

export function MasterBadge() {
  return (
    <span className="rounded border border-accent/50 bg-accent/15 px-1.5 py-px text-[10px] font-semibold text-accent uppercase">
      Master
    </span>
  );
}
