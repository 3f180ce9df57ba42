import type { SearchResponse } from '@fleet/core';
import { shortenAddress } from '../../format/address';

/** One choosable line of the page's search dropdown, and the query parameter it sets. */
export interface SearchOption {
  readonly key: string;
  readonly kind: 'wallet' | 'tag' | 'group';
  readonly label: string;
  readonly detail: string;
  readonly param: { readonly name: 'address' | 'tag' | 'groupId'; readonly value: string };
}

/** Wallets, then tags, then groups (spec 2 §3 search results). Tokens belong to the header search. */
export function searchOptions(results: SearchResponse): SearchOption[] {
  return [
    ...results.wallets.map((wallet) => ({
      key: `w:${wallet.id}`,
      kind: 'wallet' as const,
      label: wallet.name ?? shortenAddress(wallet.public_address),
      detail: wallet.public_address,
      param: { name: 'address' as const, value: wallet.public_address },
    })),
    ...results.tags.map((tag) => ({
      key: `t:${tag.id}`,
      kind: 'tag' as const,
      label: tag.name,
      detail: 'Tag',
      param: { name: 'tag' as const, value: tag.slug },
    })),
    ...results.groups.map((group) => ({
      key: `g:${group.id}`,
      kind: 'group' as const,
      label: group.group_name,
      detail: 'Group',
      param: { name: 'groupId' as const, value: group.id },
    })),
  ];
}
