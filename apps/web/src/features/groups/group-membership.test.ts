import type { Group } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  choiceText,
  membershipChoices,
  membershipDoneText,
  membershipRequest,
} from './group-membership';

const group = (id: string, name: string, kind: Group['kind'] = 'custom'): Group => ({
  id,
  group_name: name,
  color: null,
  description: null,
  kind,
  created_at: null,
});

const groups = [
  group('all', 'All Wallets', 'computed'),
  group('seed:1', 'Seed One', 'seed'),
  group('g-b', 'Bravo'),
  group('g-a', 'Alpha'),
  group('g-c', 'Charlie'),
];
const wallets = [
  { id: 'w1', groupIds: ['g-a', 'g-b'] },
  { id: 'w2', groupIds: ['g-a'] },
  { id: 'w3', groupIds: [] },
];

describe('group membership changes', () => {
  it('offers every custom group to add to, by name, with how many would move', () => {
    const choices = membershipChoices(groups, wallets, 'add');
    expect(choices.map((choice) => [choice.group.id, choice.alreadyIn, choice.changes])).toEqual([
      ['g-a', 2, 1],
      ['g-b', 1, 2],
      ['g-c', 0, 3],
    ]);
  });

  it('offers to remove from only the custom groups that hold one of the wallets', () => {
    const choices = membershipChoices(groups, wallets, 'remove');
    expect(choices.map((choice) => [choice.group.id, choice.changes])).toEqual([
      ['g-a', 2],
      ['g-b', 1],
    ]);
    expect(membershipChoices(groups, [{ id: 'w3', groupIds: [] }], 'remove')).toEqual([]);
  });

  it('asks the server to move only the wallets that change', () => {
    expect(membershipRequest('g-b', wallets, 'add')).toEqual({ addWalletIds: ['w2', 'w3'] });
    expect(membershipRequest('g-a', wallets, 'remove')).toEqual({
      removeWalletIds: ['w1', 'w2'],
    });
  });

  it('says what choosing a group would do, and what was done', () => {
    const [alpha, , charlie] = membershipChoices(groups, wallets, 'add');
    expect(alpha && choiceText(alpha, 'add')).toBe('1 wallet to add, 2 already in it');
    expect(charlie && choiceText(charlie, 'add')).toBe('3 wallets to add');
    const full = membershipChoices(groups, [{ id: 'w2', groupIds: ['g-a'] }], 'add')[0];
    expect(full && choiceText(full, 'add')).toBe('All already in it');
    const [removeAlpha] = membershipChoices(groups, wallets, 'remove');
    expect(removeAlpha && choiceText(removeAlpha, 'remove')).toBe('2 wallets in it');
    expect(membershipDoneText('add', 3, 'Alpha')).toEqual({
      title: 'Added to group',
      description: '3 wallets added to Alpha.',
    });
    expect(membershipDoneText('remove', 1, 'Alpha')).toEqual({
      title: 'Removed from group',
      description: '1 wallet removed from Alpha.',
    });
  });
});
