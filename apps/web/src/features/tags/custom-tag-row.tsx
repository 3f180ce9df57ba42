import type { Tag } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';
import { ColorField } from '../../ui/color-field';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';
import { useToast } from '../../ui/toast';
import { checkTagDraft, tagChange } from './tag-form';
import { TagSwatch } from './tag-swatch';
import { useAssignTags, useDeleteTag, useUnassignTags, useUpdateTag } from './use-tags';

/**
 * One custom tag: assign it to or remove it from the given wallets, rename or recolour it, delete
 * it. Any failure is shown in red on the row it belongs to.
 */
export function CustomTagRow({
  tag,
  walletIds,
}: {
  readonly tag: Tag;
  readonly walletIds: readonly string[];
}) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const assign = useAssignTags();
  const unassign = useUnassignTags();
  const remove = useDeleteTag();
  const toast = useToast();
  const failed = [assign, unassign].find((mutation) => mutation.isError);

  const assignment = { walletIds, tagIds: [tag.id] };
  const changed = (verb: string) => (count: number) =>
    toast.show({
      title: `Tag ${verb}`,
      description: `${tag.name}: ${count} wallet(s) changed.`,
      severity: 'success',
    });

  if (editing) return <EditTagRow tag={tag} onDone={() => setEditing(false)} />;
  return (
    <li className="flex flex-col gap-1 px-3 py-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <TagSwatch tag={tag} />
        <span className="mr-auto font-semibold">{tag.name}</span>
        <span className="text-xs text-fg-muted">{tag.wallet_count} wallet(s)</span>
        {walletIds.length > 0 ? (
          <>
            <Button
              size="sm"
              variant="primary"
              busy={assign.isPending}
              onClick={() => assign.mutate(assignment, { onSuccess: changed('assigned') })}
            >
              Assign {walletIds.length}
            </Button>
            <Button
              size="sm"
              busy={unassign.isPending}
              onClick={() => unassign.mutate(assignment, { onSuccess: changed('removed') })}
            >
              Unassign
            </Button>
          </>
        ) : null}
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button size="sm" variant="danger-ghost" onClick={() => setConfirmingDelete(true)}>
          Delete
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(failed.error, 'Failed to update tag assignments')}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={(open) => {
          setConfirmingDelete(open);
          if (!open) remove.reset();
        }}
        title="Delete tag"
        description={`Delete the tag ${tag.name}? It is removed from every wallet; the wallets stay.`}
        confirmLabel="Delete tag"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Failed to delete tag') : undefined}
        onConfirm={() => remove.mutate(tag.id, { onSuccess: () => setConfirmingDelete(false) })}
      />
    </li>
  );
}

function EditTagRow({ tag, onDone }: { readonly tag: Tag; readonly onDone: () => void }) {
  const [name, setName] = useState(tag.name);
  const [color, setColor] = useState(tag.color ?? '#3b82f6');
  const update = useUpdateTag();
  const check = checkTagDraft({ name, color });
  const change = check.ok ? tagChange(tag, check.value) : null;
  const shownError = update.isError
    ? errorMessage(update.error, 'Failed to update tag')
    : check.ok
      ? null
      : check.error;
  return (
    <li className="flex flex-col gap-2 px-3 py-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <Input
            label="Name"
            value={name}
            maxLength={64}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <ColorField label="Colour" value={color} onChange={setColor} />
        <Button onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button
          variant="primary"
          disabled={!check.ok}
          busy={update.isPending}
          onClick={() => {
            if (!change) {
              onDone();
              return;
            }
            update.mutate({ id: tag.id, change }, { onSuccess: onDone });
          }}
        >
          Save
        </Button>
      </div>
      {shownError ? (
        <p role="alert" className="text-sm text-danger">
          {shownError}
        </p>
      ) : null}
    </li>
  );
}
