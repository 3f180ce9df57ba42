import { createRequestStore } from '../../ui/request-store';

/**
 * The close the operator asked for from the Toolkit or the Closeable card, waiting for its plan
 * and confirmation: page memory only (a plan lives ten minutes; after a reload the started job,
 * kept by `open-job-store`, is what comes back). One at a time, drawn by `TokenCloseHost`.
 */
export interface CloseRequest {
  /** A new id per opening, so a reopened dialog plans afresh. */
  readonly id: number;
  /** The wallets in scope; empty means every active wallet (the server's rule). */
  readonly walletAddresses: readonly string[];
  /** The mints in scope (the Tokens Overview's Close Acct and Close Selected); absent: every mint. */
  readonly tokenMints?: readonly string[];
}

const store = createRequestStore<Omit<CloseRequest, 'id'>>();

/**
 * Opens the Closing Token Accounts dialog on these wallets (none: every wallet), on these mints only when
 * `tokenMints` is given.
 */
export function openCloseTokens(
  walletAddresses: readonly string[],
  tokenMints?: readonly string[],
): void {
  store.open({
    walletAddresses: [...walletAddresses],
    ...(tokenMints ? { tokenMints: [...tokenMints] } : {}),
  });
}

export const closeCloseTokens = store.close;
export const useCloseRequest: () => CloseRequest | null = store.useRequest;
