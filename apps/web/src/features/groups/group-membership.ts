import type { Group } from '@fleet/core';
import type { UpdateGroupRequest } from './groups-api';

/** Adding wallets to a custom group, or taking them out of one. */
export type MembershipChange = 'add' | 'remove';

/** A wallet as far as its custom groups go (the slim list's `groupIds`). */
export interface MemberWallet {
  readonly id: string;
  readonly groupIds: readonly string[];
}

export interface MembershipChoice {
  readonly group: Group;
  /** How many of the wallets are in the group now. */
  readonly alreadyIn: number;
  /** How many of the wallets the change would move: into the group, or out of it. */
  readonly changes: number;
}

/**
 * The custom groups a change can go to, by name: every custom group to add to (those that hold
 * all of the wallets already show nothing to change), and to remove from only the groups that hold
 * at least one of them. Computed and seed groups follow the data and are never offered.
 */
export function membershipChoices(
  groups: readonly Group[],
  wallets: readonly MemberWallet[],
  change: MembershipChange,
): MembershipChoice[] {
  const inGroup = new Map<string, number>();
  for (const wallet of wallets) {
    for (const groupId of wallet.groupIds) inGroup.set(groupId, (inGroup.get(groupId) ?? 0) + 1);
  }
  return groups
    .filter((group) => group.kind === 'custom')
    .map((group) => {
      const alreadyIn = inGroup.get(group.id) ?? 0;
      return {
        group,
        alreadyIn,
        changes: change === 'add' ? wallets.length - alreadyIn : alreadyIn,
      };
    })
    .filter((choice) => change === 'add' || choice.alreadyIn > 0)
    .sort((a, b) => a.group.group_name.localeCompare(b.group.group_name));
}

/** The `PATCH /api/groups/:id` body for the change: only the wallets it actually moves. */
export function membershipRequest(
  groupId: string,
  wallets: readonly MemberWallet[],
  change: MembershipChange,
): UpdateGroupRequest {
  const moved = wallets
    .filter((wallet) => wallet.groupIds.includes(groupId) === (change === 'remove'))
    .map((wallet) => wallet.id);
  return change === 'add' ? { addWalletIds: moved } : { removeWalletIds: moved };
}

function walletsText(count: number): string {
  return `${count} ${count === 1 ? 'wallet' : 'wallets'}`;
}

/** The line beside a group in the picker: what choosing it would do. */
export function choiceText(choice: MembershipChoice, change: MembershipChange): string {
  if (change === 'remove') return `${walletsText(choice.alreadyIn)} in it`;
  if (choice.changes === 0) return 'All already in it';
  return choice.alreadyIn === 0
    ? `${walletsText(choice.changes)} to add`
    : `${walletsText(choice.changes)} to add, ${choice.alreadyIn} already in it`;
}

/** The toast after a change went through. */
export function membershipDoneText(
  change: MembershipChange,
  count: number,
  groupName: string,
): { readonly title: string; readonly description: string } {
  return change === 'add'
    ? { title: 'Added to group', description: `${walletsText(count)} added to ${groupName}.` }
    : {
        title: 'Removed from group',
        description: `${walletsText(count)} removed from ${groupName}.`,
      };
}

export const NO_GROUP_TO_REMOVE_FROM = 'None of these wallets is in a custom group.';
