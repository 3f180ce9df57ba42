import type { Tag } from '@fleet/core';
import { SECONDARY_TAG_COLOR } from '@fleet/core';

/** A tag's colour dot; tags without a colour use the spec's secondary tag colour. */
export function TagSwatch({ tag }: { readonly tag: Pick<Tag, 'color'> }) {
  return (
    <span
      className="size-3 shrink-0 rounded-full border border-border"
      style={{ backgroundColor: tag.color ?? SECONDARY_TAG_COLOR }}
      aria-hidden
    />
  );
}

/** A read-only line for system and computed tags. */
export function ReadOnlyTagRow({ tag }: { readonly tag: Tag }) {
  return (
    <li className="flex items-center gap-2 px-3 py-2 text-sm">
      <TagSwatch tag={tag} />
      <span className="mr-auto">{tag.name}</span>
      <span className="text-xs text-fg-muted">{tag.wallet_count} wallet(s)</span>
    </li>
  );
}
