import type { Group } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { GroupFields } from './group-fields';
import { checkGroupEdit, draftFromGroup, type GroupDraft } from './group-form';
import { useUpdateGroup } from './use-groups';

/** Edit a custom group's name, colour and description (`PATCH /api/groups/:id`). */
export function EditGroupDialog({
  group,
  onClose,
}: {
  /** The group being edited, or null when the dialog is closed. */
  readonly group: Group | null;
  readonly onClose: () => void;
}) {
  return (
    <Dialog
      open={group !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Edit group"
    >
      {group ? <EditGroupForm key={group.id} group={group} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditGroupForm({
  group,
  onClose,
}: {
  readonly group: Group;
  readonly onClose: () => void;
}) {
  const [original] = useState<GroupDraft>(() => draftFromGroup(group));
  const [draft, setDraft] = useState<GroupDraft>(original);
  const updating = useUpdateGroup();
  const check = checkGroupEdit(original, draft);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!check.ok) return;
        if (check.change === null) {
          onClose();
          return;
        }
        updating.mutate({ id: group.id, change: check.change }, { onSuccess: onClose });
      }}
    >
      <GroupFields
        draft={draft}
        onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
        error={check.ok ? undefined : (check.error ?? undefined)}
      />
      {updating.isError ? (
        <Alert kind="error">{errorMessage(updating.error, 'Failed to update group')}</Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onClose} disabled={updating.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={!check.ok} busy={updating.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
