import type { Tag } from '@fleet/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../ui/dialog';
import { CustomTagRow } from './custom-tag-row';
import { NewTagForm } from './new-tag-form';
import { splitTags } from './tag-form';
import { ReadOnlyTagRow } from './tag-swatch';
import { useTags } from './use-tags';

export interface ManageTagsDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The selected wallets; when given, custom tags can be assigned to or removed from them. */
  readonly walletIds?: readonly string[];
}

/** Manage Tags (spec 2 §2.4): create, edit and delete custom tags; system tags listed apart. */
export function ManageTagsDialog({ open, onOpenChange, walletIds = [] }: ManageTagsDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Manage Tags"
      description={
        walletIds.length > 0
          ? `Assign tags to the ${walletIds.length} selected wallet(s), or edit your tags.`
          : 'Create and edit tags. Select wallets first to assign tags to them.'
      }
      className="w-[min(44rem,calc(100vw-2rem))]"
    >
      {open ? <TagsPanel walletIds={walletIds} /> : null}
    </Dialog>
  );
}

function TagsPanel({ walletIds }: { readonly walletIds: readonly string[] }) {
  const tags = useTags();
  return (
    <div className="flex max-h-[70vh] flex-col gap-4 overflow-auto">
      <NewTagForm />
      {tags.isPending ? <p className="text-sm text-fg-muted">Loading tags…</p> : null}
      {tags.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(tags.error, 'Failed to load tags')}
        </p>
      ) : null}
      {tags.isSuccess ? <TagSectionsView tags={tags.data} walletIds={walletIds} /> : null}
    </div>
  );
}

function TagSectionsView({
  tags,
  walletIds,
}: {
  readonly tags: readonly Tag[];
  readonly walletIds: readonly string[];
}) {
  const { custom, system, computed } = splitTags(tags);
  return (
    <>
      <TagSection title="CUSTOM TAGS" empty="No custom tags yet.">
        {custom.map((tag) => (
          <CustomTagRow key={tag.id} tag={tag} walletIds={walletIds} />
        ))}
      </TagSection>
      <TagSection title="SYSTEM TAGS" empty="No system tags.">
        {system.map((tag) => (
          <ReadOnlyTagRow key={tag.id} tag={tag} />
        ))}
      </TagSection>
      {computed.length > 0 ? (
        <TagSection title="SOURCE TAGS" empty="">
          {computed.map((tag) => (
            <ReadOnlyTagRow key={tag.id} tag={tag} />
          ))}
        </TagSection>
      ) : null}
    </>
  );
}

function TagSection({
  title,
  empty,
  children,
}: {
  readonly title: string;
  readonly empty: string;
  readonly children: readonly ReactNode[];
}) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-xs font-bold tracking-widest text-fg-muted">{title}</h3>
      {children.length === 0 ? (
        <p className="text-sm text-fg-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">{children}</ul>
      )}
    </section>
  );
}
