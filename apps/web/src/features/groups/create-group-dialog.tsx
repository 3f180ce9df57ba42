import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { GroupFields } from './group-fields';
import { EMPTY_GROUP_DRAFT, checkGroupDraft, type GroupDraft } from './group-form';
import { useCreateGroup } from './use-groups';

export interface CreateGroupDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** Wallets to put in the new group (the page's selection); empty makes an empty group. */
  readonly walletIds?: readonly string[];
  readonly onCreated?: (groupId: string) => void;
}

/** Create New Group (spec 2 §2.4, §5). */
export function CreateGroupDialog({
  open,
  onOpenChange,
  walletIds = [],
  onCreated,
}: CreateGroupDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Create New Group">
      {open ? (
        <CreateGroupForm
          walletIds={walletIds}
          onClose={() => onOpenChange(false)}
          {...(onCreated ? { onCreated } : {})}
        />
      ) : null}
    </Dialog>
  );
}

function CreateGroupForm({
  walletIds,
  onClose,
  onCreated,
}: {
  readonly walletIds: readonly string[];
  readonly onClose: () => void;
  readonly onCreated?: (groupId: string) => void;
}) {
  const [draft, setDraft] = useState<GroupDraft>(EMPTY_GROUP_DRAFT);
  const creating = useCreateGroup();
  const toast = useToast();
  const check = checkGroupDraft(draft, walletIds);
  const update = (change: Partial<GroupDraft>) =>
    setDraft((current) => ({ ...current, ...change }));

  const submit = () => {
    if (!check.ok) return;
    creating.mutate(check.request, {
      onSuccess: (group) => {
        toast.show({
          title: 'Group created',
          description: `${group.group_name} with ${walletIds.length} wallet(s).`,
          severity: 'success',
        });
        onCreated?.(group.id);
        onClose();
      },
    });
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <GroupFields
        draft={draft}
        onChange={update}
        error={check.ok ? undefined : (check.error ?? undefined)}
      />
      <p className="text-xs text-fg-muted">
        {walletIds.length > 0
          ? `The ${walletIds.length} selected wallet(s) will be added to the group.`
          : 'The group starts empty; add wallets to it from the wallet list.'}
      </p>
      {creating.isError ? (
        <Alert kind="error">{errorMessage(creating.error, 'Failed to create group')}</Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onClose} disabled={creating.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={!check.ok} busy={creating.isPending}>
          Create Group
        </Button>
      </div>
    </form>
  );
}
