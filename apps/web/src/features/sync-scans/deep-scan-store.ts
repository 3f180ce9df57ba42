import { createRequestStore } from '../../ui/request-store';

/** The Deep Scan the operator asked for (the Tokens Overview's Sync menu): every wallet. */
export type DeepScanRequest = { readonly id: number };

const store = createRequestStore<Record<never, never>>();

/** Opens the Deep Scan dialog on its fetch confirmation. */
export function openDeepScan(): void {
  store.open({});
}

export const closeDeepScan = store.close;
export const useDeepScanRequest: () => DeepScanRequest | null = store.useRequest;
