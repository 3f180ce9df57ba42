import { createRequestStore } from '../../ui/request-store';

/** The Quick Refresh the operator asked for (the Tokens Overview's Sync menu): every wallet. */
export type QuickRefreshRequest = { readonly id: number };

const store = createRequestStore<Record<never, never>>();

/** Opens the Quick Refresh dialog on its fetch confirmation. */
export function openQuickRefresh(): void {
  store.open({});
}

export const closeQuickRefresh = store.close;
export const useQuickRefreshRequest: () => QuickRefreshRequest | null = store.useRequest;
