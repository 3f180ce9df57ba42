import { ColorField } from '../../ui/color-field';
import { Input } from '../../ui/input';
import type { GroupDraft } from './group-form';

/** Name, colour and description: the fields shared by Create New Group and Edit group. */
export function GroupFields({
  draft,
  onChange,
  error,
}: {
  readonly draft: GroupDraft;
  readonly onChange: (change: Partial<GroupDraft>) => void;
  readonly error: string | undefined;
}) {
  return (
    <>
      <Input
        label="Name"
        value={draft.name}
        maxLength={64}
        onChange={(event) => onChange({ name: event.target.value })}
        error={error}
      />
      <ColorField label="Colour" value={draft.color} onChange={(color) => onChange({ color })} />
      <Input
        label="Description (optional)"
        value={draft.description}
        maxLength={280}
        onChange={(event) => onChange({ description: event.target.value })}
      />
    </>
  );
}
