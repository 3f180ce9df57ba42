// A plain snapshot of one account, decoupled from LiteSVM's native objects.

export interface AccountState {
  readonly lamports: bigint;
  readonly data: Uint8Array;
  readonly owner: string;
  readonly executable: boolean;
  readonly rentEpoch: bigint;
}

/** Agave reports rent-exempt accounts with this rent epoch. */
export const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n;
