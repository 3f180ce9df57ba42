import { exhaustiveSwitchError } from '@fleet/core';
import type { SelectionTask } from './task-mode';
import type { ToolkitAction } from './toolkit-tiles';

/** The dialogs the Toolkit's Direct tiles open. */
export type ToolkitDialogName = 'create-wallet' | 'create-group' | 'manage-tags' | 'view-archive';

/** What choosing a tile does: enter a task, open a dialog, go to a page, or flip the units. */
export type ToolkitEffect =
  | { readonly kind: 'task'; readonly task: SelectionTask }
  | { readonly kind: 'dialog'; readonly dialog: ToolkitDialogName }
  | { readonly kind: 'navigate'; readonly to: string }
  | { readonly kind: 'toggle-units' }
  | { readonly kind: 'refresh-balances' }
  | { readonly kind: 'close-all-tokens' };

/** The Import page lives at the root route (spec 1 §2). */
export const IMPORT_PATH = '/';

export function toolkitEffect(action: ToolkitAction): ToolkitEffect {
  switch (action) {
    case 'export':
    case 'delete':
    case 'copy-public':
    case 'copy-private':
    case 'add-to-group':
    case 'remove-from-group':
    case 'withdraw-sol':
    case 'distribute-sol':
    case 'two-hop':
    case 'withdraw-tokens':
    case 'distribute-tokens':
    case 'close-tokens':
    case 'burn-tokens':
    case 'scan-final-truth':
    case 'scan-getassets':
      return { kind: 'task', task: action };
    case 'create-wallet':
    case 'create-group':
    case 'manage-tags':
    case 'view-archive':
      return { kind: 'dialog', dialog: action };
    case 'import':
      return { kind: 'navigate', to: IMPORT_PATH };
    case 'toggle-units':
      return { kind: 'toggle-units' };
    case 'refresh-balances':
      return { kind: 'refresh-balances' };
    case 'close-all-tokens':
      return { kind: 'close-all-tokens' };
    default:
      return exhaustiveSwitchError(action);
  }
}
