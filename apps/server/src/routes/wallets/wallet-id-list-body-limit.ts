/**
 * Bodies listing wallet ids: the contract allows 100,000 uuids (about 3.9 MB as JSON), more than
 * the app's 1 MiB default.
 */
export const WALLET_ID_LIST_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
