/**
 * 5,000 base58 keys (~90 bytes each) with a scan preview of 5,000 wallets (~300 bytes each) come
 * to about 2 MB; the default 1 MiB limit would refuse a full import.
 */
export const IMPORT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
