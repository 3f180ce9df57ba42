import { DEFAULT_TAG_COLOR, createGroupRequestSchema } from '@fleet/core';
import type { CreateGroupRequest, UpdateGroupRequest } from './groups-api';

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

/** The draft an existing group starts its edit from. */
export function draftFromGroup(group: {
  readonly group_name: string;
  readonly color: string | null;
  readonly description: string | null;
}): GroupDraft {
  return {
    name: group.group_name,
    color: group.color ?? DEFAULT_TAG_COLOR,
    description: group.description ?? '',
  };
}

/**
 * The PATCH body for an edit: only the fields that changed, checked by the same rules as a new
 * group. `change` is null when nothing changed (Save just closes).
 */
export type GroupEditCheck =
  | { readonly ok: true; readonly change: UpdateGroupRequest | null }
  | { readonly ok: false; readonly error: string | null };

export function checkGroupEdit(original: GroupDraft, draft: GroupDraft): GroupEditCheck {
  const check = checkGroupDraft(draft, []);
  if (!check.ok) return check;
  const before = checkGroupDraft(original, []);
  const was = before.ok ? before.request : undefined;
  const now = check.request;
  const change: UpdateGroupRequest = {
    ...(now.group_name !== was?.group_name ? { group_name: now.group_name } : {}),
    ...(now.color !== was?.color ? { color: now.color } : {}),
    ...((now.description ?? '') !== (was?.description ?? '')
      ? { description: now.description ?? '' }
      : {}),
  };
  return { ok: true, change: Object.keys(change).length === 0 ? null : change };
}
