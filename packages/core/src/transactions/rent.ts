/** What every account pays rent on besides its data: the runtime's account storage overhead. */
const ACCOUNT_STORAGE_OVERHEAD = 128n;
/** 3,480 lamports a byte-year, times the two years that make an account exempt. */
const RENT_EXEMPT_LAMPORTS_PER_BYTE = 6960n;

/**
 * The least an account of `dataLength` bytes may hold: (128 + bytes) × 3,480 × 2. A 0-byte
 * account 890,880, a 165-byte token account 2,039,280, a 170-byte Token-2022 associated account
 * 2,074,080. The chain refuses a transfer that would leave a new account below it.
 */
export function rentExemptMinimum(dataLength: number): bigint {
  if (!Number.isInteger(dataLength) || dataLength < 0) {
    throw new RangeError(`An account's data length is a whole number, got ${dataLength}`);
  }
  return (ACCOUNT_STORAGE_OVERHEAD + BigInt(dataLength)) * RENT_EXEMPT_LAMPORTS_PER_BYTE;
}
