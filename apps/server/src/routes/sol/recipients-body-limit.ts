/**
 * Bodies listing recipients with amounts: the contract allows 100,000 of them (an address and an
 * amount each, about 100 bytes as JSON), so a full list is about 10 MB.
 */
export const RECIPIENT_LIST_BODY_LIMIT_BYTES = 12 * 1024 * 1024;
