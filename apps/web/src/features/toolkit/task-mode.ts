import { exhaustiveSwitchError, MAX_REVEAL_KEYS } from '@fleet/core';
import type { ToastText } from '../../ui/toast';

/**
 * Toolkit task mode (spec 2 §4): idle, or one of the tasks that act on a selection. Later issues add
 * the scan and withdraw tasks to this union.
 */
export const SELECTION_TASKS = [
  'export',
  'delete',
  'copy-public',
  'copy-private',
  'add-to-group',
  'remove-from-group',
  'withdraw-sol',
  'distribute-sol',
  'two-hop',
  'withdraw-tokens',
  'distribute-tokens',
  'close-tokens',
  'burn-tokens',
  'scan-final-truth',
  'scan-getassets',
] as const;
export type SelectionTask = (typeof SELECTION_TASKS)[number];
export type TaskMode = 'idle' | SelectionTask;

export interface TaskModeState {
  readonly mode: TaskMode;
  readonly toolkitOpen: boolean;
}

export type TaskModeEvent =
  | { readonly type: 'open-toolkit' }
  | { readonly type: 'close-toolkit' }
  | { readonly type: 'choose'; readonly task: SelectionTask }
  | { readonly type: 'cancel' }
  | { readonly type: 'executed' }
  | { readonly type: 'exit' };

export const INITIAL_TASK_MODE: TaskModeState = Object.freeze({ mode: 'idle', toolkitOpen: false });

export function isSelectionTask(value: string): value is SelectionTask {
  return (SELECTION_TASKS as readonly string[]).includes(value);
}

/**
 * Choosing a task closes the toolkit and enters the task with the wallets already ticked (spec 2
 * §4 clears them; decision 010 says why Fleet keeps them); Cancel leaves the task and reopens the
 * toolkit; executing or Exit return to idle with the toolkit closed. No transition touches the
 * selection: only the banner's Clear Selection does.
 */
export function transitionTaskMode(state: TaskModeState, event: TaskModeEvent): TaskModeState {
  switch (event.type) {
    case 'open-toolkit':
      return { ...state, toolkitOpen: true };
    case 'close-toolkit':
      return { ...state, toolkitOpen: false };
    case 'choose':
      return { mode: event.task, toolkitOpen: false };
    case 'cancel':
      return { mode: 'idle', toolkitOpen: true };
    case 'executed':
    case 'exit':
      return { mode: 'idle', toolkitOpen: false };
    default:
      return exhaustiveSwitchError(event);
  }
}

/**
 * Archiving, copying private keys and burning tokens are shown in the destructive colour; the rest
 * in primary.
 */
export function isDestructiveTask(task: SelectionTask): boolean {
  switch (task) {
    case 'delete':
    case 'copy-private':
    case 'burn-tokens':
      return true;
    case 'export':
    case 'copy-public':
    case 'add-to-group':
    case 'remove-from-group':
    case 'withdraw-sol':
    case 'distribute-sol':
    case 'two-hop':
    case 'withdraw-tokens':
    case 'distribute-tokens':
    case 'close-tokens':
    case 'scan-final-truth':
    case 'scan-getassets':
      return false;
    default:
      return exhaustiveSwitchError(task);
  }
}

/** The banner's action button, carrying the selection count (spec 2 §2.3). */
export function taskActionLabel(task: SelectionTask, count: number): string {
  switch (task) {
    case 'export':
      // Export works on all wallets when nothing is selected (its tile reads All/Select).
      return count === 0 ? 'Export All' : `Export ${count}`;
    case 'delete':
      return `Archive ${count}`;
    case 'copy-public':
      return `Copy ${count} Public ${count === 1 ? 'Key' : 'Keys'}`;
    case 'copy-private':
      return `Copy ${count} Private ${count === 1 ? 'Key' : 'Keys'}`;
    case 'add-to-group':
      return `Add ${count} to Group…`;
    case 'remove-from-group':
      return `Remove ${count} from Group…`;
    case 'withdraw-sol':
      return count === 0 ? 'Withdraw All…' : `Withdraw ${count}…`;
    case 'distribute-sol':
      return count === 0 ? 'Distribute to All…' : `Distribute to ${count}…`;
    case 'two-hop':
      return `2-Hop to ${count}…`;
    case 'withdraw-tokens':
      // The selected scope; its "all" twin is `allScopeActionLabel`'s second button.
      return `Withdraw Tokens from ${count}…`;
    case 'distribute-tokens':
      return count === 0 ? 'Distribute Tokens to All…' : `Distribute Tokens to ${count}…`;
    case 'close-tokens':
      return `Close Accounts of ${count}…`;
    case 'burn-tokens':
      // The selected scope; its "all" twin is `allScopeActionLabel`'s second button.
      return `Burn Dust of ${count}…`;
    case 'scan-final-truth':
    case 'scan-getassets':
      // The selected scope; its "all" twin is `allScopeActionLabel`'s second button.
      return `Scan ${count} ${count === 1 ? 'Wallet' : 'Wallets'}…`;
    default:
      return exhaustiveSwitchError(task);
  }
}

/**
 * A task with a scope of its own for every wallet besides the selected one (spec 2 §5's "withdraw
 * on selected scope"): the banner shows this second action, which acts on all wallets whatever is
 * selected. Null for the tasks whose one action covers both.
 */
export function allScopeActionLabel(task: SelectionTask): string | null {
  if (task === 'withdraw-tokens') return 'Withdraw Tokens from All…';
  if (task === 'burn-tokens') return 'Burn Dust of All…';
  if (task === 'scan-final-truth' || task === 'scan-getassets') return 'Scan All Wallets…';
  return null;
}

/** What the banner asks the operator to do while a task waits for a selection. */
export function taskPrompt(task: SelectionTask): string {
  switch (task) {
    case 'export':
      return 'Select wallets to export, or export all of them.';
    case 'delete':
      return 'Select wallets to archive.';
    case 'copy-public':
      return 'Select wallets whose addresses to copy.';
    case 'copy-private':
      return 'Select wallets whose private keys to copy.';
    case 'add-to-group':
      return 'Select wallets to add to a group.';
    case 'remove-from-group':
      return 'Select wallets to take out of a group.';
    case 'withdraw-sol':
      return 'Select wallets to withdraw SOL from to the master, or withdraw from all of them.';
    case 'distribute-sol':
      return 'Select wallets to fund from the master, or distribute to all wallets in view.';
    case 'two-hop':
      return 'Select the destinations of the 2-hop distribution.';
    case 'withdraw-tokens':
      return 'Select wallets to withdraw SPL tokens from to the master, or withdraw from all of them.';
    case 'distribute-tokens':
      return 'Select wallets to send SPL tokens to from the master, or distribute to all wallets in view.';
    case 'close-tokens':
      return 'Select wallets whose empty token accounts to close.';
    case 'burn-tokens':
      return 'Select wallets whose token dust to burn, or burn the dust of all of them.';
    case 'scan-final-truth':
      return 'Select wallets for the final truth scan, or scan all of them.';
    case 'scan-getassets':
      return 'Select wallets for the GetAssets scan, or scan all of them.';
    default:
      return exhaustiveSwitchError(task);
  }
}

export type TaskWarning = ToastText;

/** The All/Select tasks: with nothing selected they act on every wallet. */
export function worksOnAllWhenNoneSelected(task: SelectionTask): boolean {
  return (
    task === 'export' ||
    task === 'withdraw-sol' ||
    task === 'distribute-sol' ||
    task === 'distribute-tokens'
  );
}

/** Spec 2 §5: the tasks other than export need at least one selected wallet. */
export const NO_WALLETS_SELECTED: TaskWarning = Object.freeze({
  title: 'No wallets selected',
  description: 'Select at least one wallet',
});

/** The server reveals at most `MAX_REVEAL_KEYS` keys per call: say so before asking it. */
export const TOO_MANY_KEYS: TaskWarning = Object.freeze({
  title: 'Too many wallets selected',
  description: `Copy at most ${MAX_REVEAL_KEYS.toLocaleString('en-US')} private keys at a time`,
});

/** Spec 2 §5: a token withdrawal on the selected scope with no wallet selected. */
export const NO_WALLETS_FOR_TOKEN_WITHDRAWAL: TaskWarning = Object.freeze({
  title: 'No Wallets Selected',
  description: 'Select wallets for token withdrawal',
});

/** The token tasks' warning (spec 2 §5 and §8 write 'No Wallets Selected' for them). */
export const NO_WALLETS_SELECTED_TO_CLOSE: TaskWarning = Object.freeze({
  title: 'No Wallets Selected',
  description: 'Select wallets whose empty token accounts to close',
});

/** A burn on the selected scope with no wallet selected, in the token tasks' words. */
export const NO_WALLETS_SELECTED_TO_BURN: TaskWarning = Object.freeze({
  title: 'No Wallets Selected',
  description: 'Select wallets whose token dust to burn',
});

/** Spec 2 §5: a scan on the selected scope with no wallet selected. */
export const NO_WALLETS_TO_SCAN: TaskWarning = Object.freeze({
  title: 'No wallets selected',
  description: 'Select wallets to scan',
});

export function taskSelectionWarning(task: SelectionTask, count: number): TaskWarning | null {
  if (task === 'copy-private' && count > MAX_REVEAL_KEYS) return TOO_MANY_KEYS;
  if (task === 'withdraw-tokens' && count === 0) return NO_WALLETS_FOR_TOKEN_WITHDRAWAL;
  if (task === 'burn-tokens' && count === 0) return NO_WALLETS_SELECTED_TO_BURN;
  if ((task === 'scan-final-truth' || task === 'scan-getassets') && count === 0)
    return NO_WALLETS_TO_SCAN;
  if (worksOnAllWhenNoneSelected(task) || count > 0) return null;
  return task === 'close-tokens' ? NO_WALLETS_SELECTED_TO_CLOSE : NO_WALLETS_SELECTED;
}
