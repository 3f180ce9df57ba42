import { createRequestStore } from '../../ui/request-store';

/** The Verify the operator asked for (the Tokens Overview's Sync menu): every wallet. */
export type VerifyRequest = { readonly id: number };

const store = createRequestStore<Record<never, never>>();

/** Opens the Verify dialog on its fetch confirmation. */
export function openVerify(): void {
  store.open({});
}

export const closeVerify = store.close;
export const useVerifyRequest: () => VerifyRequest | null = store.useRequest;
