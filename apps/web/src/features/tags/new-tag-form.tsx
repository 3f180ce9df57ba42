import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';
import { ColorField } from '../../ui/color-field';
import { Input } from '../../ui/input';
import { EMPTY_TAG_DRAFT, checkTagDraft, type TagDraft } from './tag-form';
import { useCreateTag } from './use-tags';

/** New Tag: name and colour (default #3b82f6); errors are shown in red under the form. */
export function NewTagForm() {
  const [draft, setDraft] = useState<TagDraft>(EMPTY_TAG_DRAFT);
  const [touched, setTouched] = useState(false);
  const creating = useCreateTag();
  const check = checkTagDraft(draft);
  const shownError = creating.isError
    ? errorMessage(creating.error, 'Failed to create tag')
    : touched && !check.ok
      ? check.error
      : null;

  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!check.ok) return;
        creating.mutate(check.value, {
          onSuccess: () => {
            setDraft(EMPTY_TAG_DRAFT);
            setTouched(false);
          },
        });
      }}
    >
      <div className="min-w-48 flex-1">
        <Input
          label="New tag"
          value={draft.name}
          maxLength={64}
          placeholder="Tag name"
          onChange={(event) => {
            creating.reset();
            setDraft({ ...draft, name: event.target.value });
          }}
        />
      </div>
      <ColorField
        label="Colour"
        value={draft.color}
        onChange={(color) => {
          creating.reset();
          setDraft({ ...draft, color });
        }}
      />
      <Button
        type="submit"
        variant="primary"
        disabled={draft.name.trim() === ''}
        busy={creating.isPending}
      >
        Create
      </Button>
      {shownError ? (
        <p role="alert" className="w-full text-sm text-danger">
          {shownError}
        </p>
      ) : null}
    </form>
  );
}
