import { DEFAULT_TAG_COLOR, createGroupRequestSchema } from '@fleet/core';
import type { CreateGroupRequest } from './groups-api';

/**
 * The Create New Group form (spec 2 §5): the name is trimmed and must not be empty (the submit
 * button is disabled otherwise); colour and description are checked by the shared contract so the
 * form refuses exactly what the server would.
 */
export interface GroupDraft {
  readonly name: string;
  readonly color: string;
  readonly description: string;
}

export const EMPTY_GROUP_DRAFT: GroupDraft = Object.freeze({
  name: '',
  color: DEFAULT_TAG_COLOR,
  description: '',
});

export type GroupDraftCheck =
  | { readonly ok: true; readonly request: CreateGroupRequest }
  | { readonly ok: false; readonly error: string | null };

/** `error` is null for the one case the spec handles by disabling submit: an empty name. */
export function checkGroupDraft(draft: GroupDraft, walletIds: readonly string[]): GroupDraftCheck {
  if (draft.name.trim() === '') return { ok: false, error: null };
  const description = draft.description.trim();
  const parsed = createGroupRequestSchema.safeParse({
    group_name: draft.name,
    color: draft.color,
    ...(description === '' ? {} : { description }),
    walletIds,
  });
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid group' };
  }
  return { ok: true, request: parsed.data };
}
