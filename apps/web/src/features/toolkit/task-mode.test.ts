import { MAX_REVEAL_KEYS } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  allScopeActionLabel,
  INITIAL_TASK_MODE,
  SELECTION_TASKS,
  isDestructiveTask,
  isSelectionTask,
  taskActionLabel,
  taskPrompt,
  taskSelectionWarning,
  transitionTaskMode,
  type TaskModeState,
} from './task-mode';

const inDelete: TaskModeState = { mode: 'delete', toolkitOpen: false };

describe('task mode', () => {
  it('starts idle with the toolkit closed', () => {
    expect(INITIAL_TASK_MODE).toEqual({ mode: 'idle', toolkitOpen: false });
  });

  it('opens and closes the toolkit', () => {
    const opened = transitionTaskMode(INITIAL_TASK_MODE, { type: 'open-toolkit' });
    expect(opened).toEqual({ mode: 'idle', toolkitOpen: true });
    expect(transitionTaskMode(opened, { type: 'close-toolkit' })).toEqual(INITIAL_TASK_MODE);
  });

  it('choosing a task enters it and closes the toolkit, with no word about the selection', () => {
    for (const task of SELECTION_TASKS) {
      const next = transitionTaskMode(
        { mode: 'idle', toolkitOpen: true },
        { type: 'choose', task },
      );
      // The whole answer: a task never carries an instruction to clear what the operator ticked.
      expect(next).toStrictEqual({ mode: task, toolkitOpen: false });
    }
  });

  it('cancel leaves the task and reopens the toolkit', () => {
    expect(transitionTaskMode(inDelete, { type: 'cancel' })).toEqual({
      mode: 'idle',
      toolkitOpen: true,
    });
  });

  it('executing or exiting returns to idle with the toolkit closed', () => {
    expect(transitionTaskMode(inDelete, { type: 'executed' })).toEqual(INITIAL_TASK_MODE);
    expect(transitionTaskMode(inDelete, { type: 'exit' })).toEqual(INITIAL_TASK_MODE);
  });

  it('colours archive and private-key copy as destructive, the rest as primary', () => {
    expect(isDestructiveTask('delete')).toBe(true);
    expect(isDestructiveTask('copy-private')).toBe(true);
    expect(isDestructiveTask('export')).toBe(false);
    expect(isDestructiveTask('copy-public')).toBe(false);
    expect(isDestructiveTask('add-to-group')).toBe(false);
    expect(isDestructiveTask('remove-from-group')).toBe(false);
  });

  it('puts the selection count on the action button', () => {
    expect(taskActionLabel('delete', 3)).toBe('Archive 3');
    expect(taskActionLabel('export', 2)).toBe('Export 2');
    expect(taskActionLabel('export', 0)).toBe('Export All');
    expect(taskActionLabel('copy-public', 1)).toBe('Copy 1 Public Key');
    expect(taskActionLabel('copy-private', 4)).toBe('Copy 4 Private Keys');
    expect(taskActionLabel('add-to-group', 3)).toBe('Add 3 to Group…');
    expect(taskActionLabel('remove-from-group', 1)).toBe('Remove 1 from Group…');
    expect(taskActionLabel('withdraw-sol', 0)).toBe('Withdraw All…');
    expect(taskActionLabel('distribute-sol', 5)).toBe('Distribute to 5…');
    expect(taskActionLabel('two-hop', 2)).toBe('2-Hop to 2…');
    expect(taskActionLabel('close-tokens', 7)).toBe('Close Accounts of 7…');
  });

  it('lets the All/Select money tasks run on every wallet, but not the 2-hop one', () => {
    expect(taskSelectionWarning('withdraw-sol', 0)).toBeNull();
    expect(taskSelectionWarning('distribute-sol', 0)).toBeNull();
    expect(taskSelectionWarning('two-hop', 0)).not.toBeNull();
  });

  it('warns when a task other than export runs with nothing selected', () => {
    expect(taskSelectionWarning('delete', 0)).toEqual({
      title: 'No wallets selected',
      description: 'Select at least one wallet',
    });
    expect(taskSelectionWarning('copy-private', 0)).not.toBeNull();
    expect(taskSelectionWarning('add-to-group', 0)).not.toBeNull();
    expect(taskSelectionWarning('remove-from-group', 0)).not.toBeNull();
    expect(taskSelectionWarning('delete', 1)).toBeNull();
    expect(taskSelectionWarning('export', 0)).toBeNull();
  });

  it('warns Close Selected with nothing selected in the token operations’ words', () => {
    expect(taskSelectionWarning('close-tokens', 0)).toEqual({
      title: 'No Wallets Selected',
      description: 'Select wallets whose empty token accounts to close',
    });
    expect(taskSelectionWarning('close-tokens', 1)).toBeNull();
    expect(isDestructiveTask('close-tokens')).toBe(false);
  });

  it('stops a private-key copy above what one reveal call answers, before asking the server', () => {
    expect(taskSelectionWarning('copy-private', MAX_REVEAL_KEYS)).toBeNull();
    expect(taskSelectionWarning('copy-private', MAX_REVEAL_KEYS + 1)).toEqual({
      title: 'Too many wallets selected',
      description: 'Copy at most 10,000 private keys at a time',
    });
    expect(taskSelectionWarning('copy-public', 50_000)).toBeNull();
    expect(taskSelectionWarning('delete', 50_000)).toBeNull();
  });

  it('withdraws tokens from the selection or, by a second action, from every wallet', () => {
    expect(taskActionLabel('withdraw-tokens', 3)).toBe('Withdraw Tokens from 3…');
    expect(allScopeActionLabel('withdraw-tokens')).toBe('Withdraw Tokens from All…');
    expect(allScopeActionLabel('withdraw-sol')).toBeNull();
    // Spec 2 §5: the selected scope with nothing selected.
    expect(taskSelectionWarning('withdraw-tokens', 0)).toEqual({
      title: 'No Wallets Selected',
      description: 'Select wallets for token withdrawal',
    });
    expect(taskSelectionWarning('withdraw-tokens', 1)).toBeNull();
  });

  it('burns dust of the selection or, by a second action, of every wallet, in the destructive colour', () => {
    expect(taskActionLabel('burn-tokens', 4)).toBe('Burn Dust of 4…');
    expect(allScopeActionLabel('burn-tokens')).toBe('Burn Dust of All…');
    expect(taskSelectionWarning('burn-tokens', 0)).toEqual({
      title: 'No Wallets Selected',
      description: 'Select wallets whose token dust to burn',
    });
    expect(taskSelectionWarning('burn-tokens', 1)).toBeNull();
    expect(isDestructiveTask('burn-tokens')).toBe(true);
  });

  it('scans the selection or, by a second action, every wallet; spec 2 §5 warns on an empty selection', () => {
    expect(taskActionLabel('scan-final-truth', 1)).toBe('Scan 1 Wallet…');
    expect(taskActionLabel('scan-final-truth', 3)).toBe('Scan 3 Wallets…');
    expect(allScopeActionLabel('scan-final-truth')).toBe('Scan All Wallets…');
    expect(taskSelectionWarning('scan-final-truth', 0)).toEqual({
      title: 'No wallets selected',
      description: 'Select wallets to scan',
    });
    expect(taskSelectionWarning('scan-final-truth', 2)).toBeNull();
    expect(isDestructiveTask('scan-final-truth')).toBe(false);
  });

  it('runs the GetAssets scan on the selection or every wallet, with the same empty warning', () => {
    expect(taskActionLabel('scan-getassets', 2)).toBe('Scan 2 Wallets…');
    expect(allScopeActionLabel('scan-getassets')).toBe('Scan All Wallets…');
    expect(taskSelectionWarning('scan-getassets', 0)).toEqual({
      title: 'No wallets selected',
      description: 'Select wallets to scan',
    });
    expect(taskPrompt('scan-getassets')).toBe(
      'Select wallets for the GetAssets scan, or scan all of them.',
    );
    expect(isDestructiveTask('scan-getassets')).toBe(false);
  });

  it('distributes tokens to the selection, or to every wallet in view with nothing selected', () => {
    expect(taskActionLabel('distribute-tokens', 0)).toBe('Distribute Tokens to All…');
    expect(taskActionLabel('distribute-tokens', 5)).toBe('Distribute Tokens to 5…');
    expect(taskSelectionWarning('distribute-tokens', 0)).toBeNull();
    expect(isDestructiveTask('distribute-tokens')).toBe(false);
  });

  it('recognises only the selection tasks', () => {
    expect(isSelectionTask('copy-public')).toBe(true);
    expect(isSelectionTask('create-group')).toBe(false);
  });
});
