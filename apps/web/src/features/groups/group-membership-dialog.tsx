import { useId, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import {
  NO_GROUP_TO_REMOVE_FROM,
  choiceText,
  membershipChoices,
  membershipDoneText,
  membershipRequest,
  type MemberWallet,
  type MembershipChange,
} from './group-membership';
import { NO_CUSTOM_GROUPS } from './group-view';
import { useGroups, useUpdateGroup } from './use-groups';

export interface GroupMembershipDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly change: MembershipChange;
  /** The wallets to move, with the custom groups each is in now. */
  readonly wallets: readonly MemberWallet[];
  /** The change went through. */
  readonly onDone?: () => void;
}

/** Add the wallets to a custom group, or take them out of one (`PATCH /api/groups/:id`). */
export function GroupMembershipDialog({
  open,
  onOpenChange,
  change,
  wallets,
  onDone,
}: GroupMembershipDialogProps) {
  const count = wallets.length;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={change === 'add' ? 'Add to group' : 'Remove from group'}
      description={`${count} ${count === 1 ? 'wallet' : 'wallets'} selected.`}
    >
      {open ? (
        <MembershipForm
          change={change}
          wallets={wallets}
          onClose={() => onOpenChange(false)}
          {...(onDone ? { onDone } : {})}
        />
      ) : null}
    </Dialog>
  );
}

function MembershipForm({
  change,
  wallets,
  onClose,
  onDone,
}: {
  readonly change: MembershipChange;
  readonly wallets: readonly MemberWallet[];
  readonly onClose: () => void;
  readonly onDone?: () => void;
}) {
  const groups = useGroups();
  const updating = useUpdateGroup();
  const toast = useToast();
  const name = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const choices = membershipChoices(groups.data ?? [], wallets, change);
  const picked = choices.find((choice) => choice.group.id === chosen);
  const verb = change === 'add' ? 'Add to group' : 'Remove from group';

  const submit = () => {
    if (!picked || picked.changes === 0) return;
    const request = membershipRequest(picked.group.id, wallets, change);
    updating.mutate(
      { id: picked.group.id, change: request },
      {
        onSuccess: () => {
          toast.show({
            ...membershipDoneText(change, picked.changes, picked.group.group_name),
            severity: 'success',
          });
          onClose();
          onDone?.();
        },
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {groups.isPending ? <p className="text-sm text-fg-muted">Loading groups…</p> : null}
      {groups.isError ? (
        <Alert kind="error">{errorMessage(groups.error, 'Failed to load groups')}</Alert>
      ) : null}
      {groups.isSuccess && choices.length === 0 ? (
        <p className="text-sm text-fg-muted">
          {change === 'add' ? NO_CUSTOM_GROUPS : NO_GROUP_TO_REMOVE_FROM}
        </p>
      ) : null}
      {choices.length > 0 ? (
        <fieldset className="flex max-h-72 flex-col gap-1 overflow-y-auto">
          <legend className="mb-1.5 text-xs font-semibold tracking-wide text-fg-muted">
            Group
          </legend>
          {choices.map((choice) => (
            <label
              key={choice.group.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm',
                choice.group.id === chosen ? 'border-accent bg-accent/10' : 'border-border',
                choice.changes === 0 && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.group.id}
                checked={choice.group.id === chosen}
                disabled={choice.changes === 0}
                onChange={() => setChosen(choice.group.id)}
                className="accent-[var(--accent)]"
              />
              <span
                className="size-3 shrink-0 rounded-full border border-border"
                style={{ backgroundColor: choice.group.color ?? undefined }}
                aria-hidden
              />
              <span className="mr-auto truncate font-semibold">{choice.group.group_name}</span>
              <span className="text-xs text-fg-muted">{choiceText(choice, change)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {updating.isError ? (
        <Alert kind="error">{errorMessage(updating.error, 'Failed to update group')}</Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onClose} disabled={updating.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={!picked || picked.changes === 0}
          busy={updating.isPending}
        >
          {verb}
        </Button>
      </div>
    </form>
  );
}
