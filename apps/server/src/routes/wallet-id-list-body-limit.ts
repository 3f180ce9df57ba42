/**
 * Bodies listing wallet ids (archive, restore, export, tag assignment, groups): the contract
 * allows 100,000 uuids per list (about 3.9 MB as JSON), more than the app's 1 MiB default.
 */
export const WALLET_ID_LIST_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
