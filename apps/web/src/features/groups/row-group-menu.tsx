import { ChevronRight, FolderMinus, FolderPlus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/error-message';
import { cn } from '../../ui/cn';
import { useToast } from '../../ui/toast';
import {
  membershipChoices,
  membershipDoneText,
  membershipRequest,
  type MembershipChange,
  type MembershipChoice,
} from './group-membership';
import { NO_CUSTOM_GROUPS } from './group-view';
import { useGroups, useUpdateGroup } from './use-groups';

export interface RowGroupItemsProps {
  readonly walletId: string;
  /** The custom groups the wallet is in now. */
  readonly groupIds: readonly string[];
  /** The row menu's item class, so these items look like its others. */
  readonly itemClass: string;
}

/**
 * The row menu's "Add to group" (custom groups the wallet is not in) and "Remove from group" (the
 * groups it is in) submenus. A choice acts at once; the toast says what was done. The row menu
 * unmounts when it closes, so the result is awaited here, not in a callback of the mounted hook.
 */
export function RowGroupItems({ walletId, groupIds, itemClass }: RowGroupItemsProps) {
  const groups = useGroups();
  const updating = useUpdateGroup();
  const toast = useToast();
  const wallets = [{ id: walletId, groupIds }];
  const toAdd = membershipChoices(groups.data ?? [], wallets, 'add').filter(
    (choice) => choice.changes > 0,
  );
  const toRemove = membershipChoices(groups.data ?? [], wallets, 'remove');

  const apply = (change: MembershipChange, choice: MembershipChoice) => {
    updating
      .mutateAsync({
        id: choice.group.id,
        change: membershipRequest(choice.group.id, wallets, change),
      })
      .then(
        () =>
          toast.show({
            ...membershipDoneText(change, 1, choice.group.group_name),
            severity: 'success',
          }),
        (error: unknown) =>
          toast.show({
            title: 'Failed to update group',
            description: errorMessage(error, 'Please try again.'),
            severity: 'error',
          }),
      );
  };

  const empty = (text: string) => (
    <DropdownMenu.Item disabled className={cn(itemClass, 'text-fg-muted')}>
      {text}
    </DropdownMenu.Item>
  );

  return (
    <>
      <SubMenu
        label="Add to group"
        icon={<FolderPlus className="size-3.5 text-fg-muted" aria-hidden />}
        itemClass={itemClass}
      >
        {groups.isPending ? empty('Loading groups…') : null}
        {groups.isSuccess && toAdd.length === 0
          ? empty(toRemove.length > 0 ? 'In every custom group' : NO_CUSTOM_GROUPS)
          : null}
        {toAdd.map((choice) => (
          <DropdownMenu.Item
            key={choice.group.id}
            className={itemClass}
            onSelect={() => apply('add', choice)}
          >
            <GroupDot color={choice.group.color} />
            <span className="truncate">{choice.group.group_name}</span>
          </DropdownMenu.Item>
        ))}
      </SubMenu>
      {toRemove.length > 0 ? (
        <SubMenu
          label="Remove from group"
          icon={<FolderMinus className="size-3.5 text-fg-muted" aria-hidden />}
          itemClass={itemClass}
        >
          {toRemove.map((choice) => (
            <DropdownMenu.Item
              key={choice.group.id}
              className={itemClass}
              onSelect={() => apply('remove', choice)}
            >
              <GroupDot color={choice.group.color} />
              <span className="truncate">{choice.group.group_name}</span>
            </DropdownMenu.Item>
          ))}
        </SubMenu>
      ) : null}
    </>
  );
}

function SubMenu({
  label,
  icon,
  itemClass,
  children,
}: {
  readonly label: string;
  readonly icon: ReactNode;
  readonly itemClass: string;
  readonly children: ReactNode;
}) {
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger className={cn(itemClass, 'justify-between')}>
        <span className="flex items-center gap-2">
          {icon}
          {label}
        </span>
        <ChevronRight className="size-3.5" aria-hidden />
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent
          sideOffset={4}
          className="z-50 max-h-72 max-w-72 min-w-48 overflow-y-auto rounded-md border border-border bg-surface-raised p-1 shadow-xl"
        >
          {children}
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  );
}

function GroupDot({ color }: { readonly color: string | null }) {
  return (
    <span
      className="size-2.5 shrink-0 rounded-full border border-border"
      style={{ backgroundColor: color ?? undefined }}
      aria-hidden
    />
  );
}
