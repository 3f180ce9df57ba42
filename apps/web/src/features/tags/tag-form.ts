import { DEFAULT_TAG_COLOR, colorSchema, type Tag } from '@fleet/core';
import { z } from 'zod';

/**
 * The Manage Tags form (spec 2 §5): the name is trimmed and must not be empty, the colour defaults
 * to #3b82f6. The shared contract's rules (64 characters, hex colours) are applied here too so the
 * dialog says what is wrong before the server does.
 */
export interface TagDraft {
  readonly name: string;
  readonly color: string;
}

export const EMPTY_TAG_DRAFT: TagDraft = Object.freeze({ name: '', color: DEFAULT_TAG_COLOR });

const tagDraftSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Tag name is required')
    .max(64, 'Tag name must be at most 64 characters'),
  color: colorSchema,
});

export type TagDraftCheck =
  | { readonly ok: true; readonly value: { readonly name: string; readonly color: string } }
  | { readonly ok: false; readonly error: string };

export function checkTagDraft(draft: TagDraft): TagDraftCheck {
  const parsed = tagDraftSchema.safeParse(draft);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid tag' };
}

export interface TagSections {
  /** The operator's tags: editable, and the only ones wallets are assigned to by hand. */
  readonly custom: readonly Tag[];
  /** Made by Fleet (trader, master). */
  readonly system: readonly Tag[];
  /** Derived from the data (seed sources): membership is computed, not assigned. */
  readonly computed: readonly Tag[];
}

export function splitTags(tags: readonly Tag[]): TagSections {
  const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name);
  return {
    custom: tags.filter((tag) => !tag.is_system && !tag.is_computed).sort(byName),
    system: tags.filter((tag) => tag.is_system).sort(byName),
    computed: tags.filter((tag) => !tag.is_system && tag.is_computed).sort(byName),
  };
}

/** Only the fields that changed are sent, so an untouched colour is never rewritten. */
export function tagChange(
  tag: Pick<Tag, 'name' | 'color'>,
  edited: { readonly name: string; readonly color: string },
): { name?: string; color?: string } | null {
  const change = {
    ...(edited.name !== tag.name ? { name: edited.name } : {}),
    ...(edited.color !== (tag.color ?? '').toLowerCase() ? { color: edited.color } : {}),
  };
  return Object.keys(change).length === 0 ? null : change;
}
