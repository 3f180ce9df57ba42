import { createRequestStore } from '../../ui/request-store';

/**
 * The burn the operator asked for from the Toolkit, waiting for its plan and confirmation: page
 * memory only (a plan lives ten minutes; after a reload the started job, kept by
 * `open-job-store`, is what comes back). One at a time, drawn by `TokenBurnHost`.
 */
export interface BurnRequest {
  /** A new id per opening, so a reopened dialog plans afresh. */
  readonly id: number;
  /** The wallets in scope; empty means every active wallet (the server's rule). */
  readonly walletAddresses: readonly string[];
  /** The mints the form starts with (the Tokens Overview's selection); absent: every mint. */
  readonly tokenMints?: readonly string[];
}

const store = createRequestStore<Omit<BurnRequest, 'id'>>();

/**
 * Opens the Burn Dust dialog on these wallets (none: every wallet), on these mints only when
 * `tokenMints` is given.
 */
export function openBurnTokens(
  walletAddresses: readonly string[],
  tokenMints?: readonly string[],
): void {
  store.open({
    walletAddresses: [...walletAddresses],
    ...(tokenMints ? { tokenMints: [...tokenMints] } : {}),
  });
}

export const closeBurnTokens = store.close;
export const useBurnRequest: () => BurnRequest | null = store.useRequest;
