/**
 * 5,000 base58 keys (~90 bytes each) with a scan preview of 5,000 wallets holding a few tokens
 * each (~700 bytes a wallet with its holder lines) come to about 4 MB; the default 1 MiB limit
 * would refuse a full import. The server reads only the preview's addresses (balances come from
 * its own scan cache), but the client sends the whole preview as spec 1 §7 says.
 */
export const IMPORT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
