import { describe, expect, it } from 'vitest';
import { toolkitEffect } from './toolkit-action';

describe('toolkit effects', () => {
  it('enters task mode for the selection tiles', () => {
    expect(toolkitEffect('delete')).toEqual({ kind: 'task', task: 'delete' });
    expect(toolkitEffect('export')).toEqual({ kind: 'task', task: 'export' });
    expect(toolkitEffect('copy-private')).toEqual({ kind: 'task', task: 'copy-private' });
    expect(toolkitEffect('add-to-group')).toEqual({ kind: 'task', task: 'add-to-group' });
    expect(toolkitEffect('remove-from-group')).toEqual({
      kind: 'task',
      task: 'remove-from-group',
    });
  });

  it('opens a dialog for the direct tiles', () => {
    expect(toolkitEffect('create-wallet')).toEqual({ kind: 'dialog', dialog: 'create-wallet' });
    expect(toolkitEffect('view-archive')).toEqual({ kind: 'dialog', dialog: 'view-archive' });
  });

  it('goes to the Import page for import, flips units, and refreshes the fleet for refresh balances', () => {
    expect(toolkitEffect('import')).toEqual({ kind: 'navigate', to: '/' });
    expect(toolkitEffect('toggle-units')).toEqual({ kind: 'toggle-units' });
    expect(toolkitEffect('refresh-balances')).toEqual({ kind: 'refresh-balances' });
  });

  it('closes every wallet’s empty accounts at once for Close All, and enters a task for Close Selected', () => {
    expect(toolkitEffect('close-all-tokens')).toEqual({ kind: 'close-all-tokens' });
    expect(toolkitEffect('close-tokens')).toEqual({ kind: 'task', task: 'close-tokens' });
  });
});
