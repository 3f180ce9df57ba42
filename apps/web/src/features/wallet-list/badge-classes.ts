import type { ImportStatus } from '@fleet/core';
import { cn } from '../../ui/cn';

const BADGE = 'rounded border px-1.5 py-px text-[10px] font-semibold uppercase';

/** Spec 2 §4 import-status badges: new green, restored blue, updated amber. */
export const IMPORT_STATUS_CLASSES: Readonly<Record<ImportStatus, string>> = {
  new: cn(BADGE, 'bg-emerald-500/15 text-emerald-400 border-emerald-500/40'),
  restored: cn(BADGE, 'bg-sky-500/15 text-sky-400 border-sky-500/40'),
  updated: cn(BADGE, 'bg-amber-500/15 text-amber-400 border-amber-500/40'),
};

export const MASTER_BADGE_CLASS = cn(BADGE, 'border-accent/50 bg-accent/15 text-accent');
