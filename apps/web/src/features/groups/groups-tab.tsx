import type { Group } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast';
import { useDisplayPreferences } from '../preferences/display-preferences-store';
import { useDisplayUnit } from '../preferences/display-unit-store';
import { NO_CUSTOM_GROUPS, groupCountText, groupTotalsText, splitGroups } from './group-view';
import { EditGroupDialog } from './edit-group-dialog';
import { GroupWalletsPanel } from './group-wallets-panel';
import { useDeleteGroup, useGroups } from './use-groups';

export interface GroupsTabProps {
  /** Opens the Create New Group dialog (the page owns it, with its selection). */
  readonly onCreateGroup?: () => void;
}

/** The Groups tab: custom group cards, then the computed groups; opening one lists its wallets. */
export function GroupsTab({ onCreateGroup }: GroupsTabProps) {
  const groups = useGroups();
  const unit = useDisplayUnit();
  const { hideBalances } = useDisplayPreferences();
  const totalsOf = (group: Group) => groupTotalsText(group, unit, hideBalances);
  const [opened, setOpened] = useState<Group | null>(null);
  const [editing, setEditing] = useState<Group | null>(null);

  if (opened) {
    return (
      <GroupWalletsPanel
        groupId={opened.id}
        groupName={opened.group_name}
        onBack={() => setOpened(null)}
      />
    );
  }
  if (groups.isPending) return <p className="text-sm text-fg-muted">Loading groups…</p>;
  if (groups.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert kind="error">{errorMessage(groups.error, 'Failed to load groups')}</Alert>
        <Button size="sm" onClick={() => void groups.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { custom, computed } = splitGroups(groups.data);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="custom-groups" className="flex flex-col gap-3">
        <div className="flex items-center justify-between">
          <h3 id="custom-groups" className="text-xs font-bold tracking-widest text-fg-muted">
            CUSTOM GROUPS
          </h3>
          {onCreateGroup ? (
            <Button size="sm" variant="primary" onClick={onCreateGroup}>
              Create Group
            </Button>
          ) : null}
        </div>
        {custom.length === 0 ? (
          <p className="text-sm text-fg-muted">{NO_CUSTOM_GROUPS}</p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {custom.map((group) => (
              <GroupCard
                key={group.id}
                group={group}
                totals={totalsOf(group)}
                onOpen={() => setOpened(group)}
                onEdit={() => setEditing(group)}
              />
            ))}
          </div>
        )}
      </section>
      {computed.length > 0 ? (
        <section aria-labelledby="computed-groups" className="flex flex-col gap-2">
          <h3 id="computed-groups" className="text-xs font-bold tracking-widest text-fg-muted">
            COMPUTED GROUPS
          </h3>
          <ul className="divide-y divide-border rounded-md border border-border">
            {computed.map((group) => (
              <li key={group.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <span className="mr-auto font-semibold">{group.group_name}</span>
                <span className="text-fg-muted">{groupCountText(group.count)}</span>
                <span className="w-40 text-right text-fg-muted tabular-nums">
                  {totalsOf(group).sol}
                </span>
                <Button size="sm" variant="ghost" onClick={() => setOpened(group)}>
                  Open
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <EditGroupDialog group={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function GroupCard({
  group,
  totals,
  onOpen,
  onEdit,
}: {
  readonly group: Group;
  /** Its SOL and value as shown (unit and hidden balances applied). */
  readonly totals: { readonly sol: string; readonly value: string };
  readonly onOpen: () => void;
  readonly onEdit: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const deleting = useDeleteGroup();
  const toast = useToast();
  return (
    <article className="flex flex-col gap-2 rounded-md border border-border bg-surface-raised p-4">
      <div className="flex items-center gap-2">
        <span
          className="size-3 shrink-0 rounded-full border border-border"
          style={{ backgroundColor: group.color ?? undefined }}
          aria-hidden
        />
        <h4 className="mr-auto truncate font-semibold">{group.group_name}</h4>
        <span className="text-xs text-fg-muted">{groupCountText(group.count)}</span>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 text-sm" aria-label="Group totals">
        <dt className="text-fg-muted">SOL</dt>
        <dd className="font-semibold tabular-nums">{totals.sol}</dd>
        <dt className="text-fg-muted">Value</dt>
        <dd className="tabular-nums">{totals.value}</dd>
      </dl>
      {group.description ? <p className="text-sm text-fg-muted">{group.description}</p> : null}
      <div className="mt-auto flex justify-end gap-2">
        <Button size="sm" variant="danger-ghost" onClick={() => setConfirming(true)}>
          Delete
        </Button>
        <Button size="sm" variant="ghost" onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" onClick={onOpen}>
          Open
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) deleting.reset();
        }}
        title="Delete group"
        description={`Delete the group ${group.group_name}? Its wallets are kept.`}
        confirmLabel="Delete group"
        busy={deleting.isPending}
        error={
          deleting.isError ? errorMessage(deleting.error, 'Failed to delete group') : undefined
        }
        onConfirm={() =>
          deleting.mutate(group.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.show({
                title: 'Group deleted',
                description: group.group_name,
                severity: 'success',
              });
            },
          })
        }
      />
    </article>
  );
}
