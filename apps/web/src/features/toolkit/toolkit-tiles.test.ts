import { describe, expect, it } from 'vitest';
import { SELECTION_TASKS, isDestructiveTask } from './task-mode';
import { TOOLKIT_CATEGORIES, entersTaskMode } from './toolkit-tiles';

const tiles = TOOLKIT_CATEGORIES.flatMap((category) => category.tiles);

describe('toolkit tiles', () => {
  it('shows the MANAGE WALLETS, MANAGE SOL, MANAGE TOKENS, SCAN & SYNC and ORGANIZE categories, in the spec order', () => {
    expect(TOOLKIT_CATEGORIES.map((category) => category.title)).toEqual([
      'MANAGE WALLETS',
      'MANAGE SOL',
      'MANAGE TOKENS',
      'SCAN & SYNC',
      'ORGANIZE',
    ]);
    expect(tiles.map((tile) => tile.action)).toEqual([
      'export',
      'import',
      'create-wallet',
      'delete',
      'copy-public',
      'copy-private',
      'withdraw-sol',
      'distribute-sol',
      'two-hop',
      'withdraw-tokens',
      'distribute-tokens',
      'close-all-tokens',
      'close-tokens',
      'burn-tokens',
      'scan-final-truth',
      'scan-getassets',
      'refresh-balances',
      'create-group',
      'add-to-group',
      'remove-from-group',
      'manage-tags',
      'view-archive',
      'toggle-units',
    ]);
  });

  it('gives every task-mode tile a Selection or All/Select badge, the fleet-wide tiles All and the rest Direct', () => {
    for (const tile of tiles) {
      if (entersTaskMode(tile.action)) expect(['Selection', 'All/Select']).toContain(tile.badge);
      else if (tile.action === 'refresh-balances' || tile.action === 'close-all-tokens') {
        expect(tile.badge).toBe('All');
      } else expect(tile.badge).toBe('Direct');
    }
  });

  it('has a tile for every selection task, coloured as the task mode colours it', () => {
    for (const task of SELECTION_TASKS) {
      const tile = tiles.find((candidate) => candidate.action === task);
      expect(tile?.destructive).toBe(isDestructiveTask(task));
    }
  });

  it('names the MANAGE TOKENS tiles as spec 2 §2.3 and spec 3 §2.1 do, and the burn as §2.5’s button', () => {
    const tokens = TOOLKIT_CATEGORIES.find((category) => category.id === 'tokens');
    expect(tokens?.tiles.map((tile) => [tile.label, tile.badge])).toEqual([
      ['Withdraw Tokens', 'All/Select'],
      ['Distribute Tokens', 'All/Select'],
      ['Close All Token Accounts', 'All'],
      ['Close Selected', 'Selection'],
      ['Burn Dust', 'All/Select'],
    ]);
    expect(entersTaskMode('burn-tokens')).toBe(true);
    expect(entersTaskMode('close-tokens')).toBe(true);
    expect(entersTaskMode('close-all-tokens')).toBe(false);
  });
});
