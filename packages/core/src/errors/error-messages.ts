import { formatSolExact, groupThousands } from '../format/lamports';
import { formatTokenAmount } from '../format/token-amount';
import { NO_PRIVATE_KEYS_MESSAGE } from '../keys/parse-private-keys';
import { SEED_PHRASE_MESSAGES } from '../seed/seed-phrase-messages';
import { fundsWarning } from '../wallets/funds-at-risk';
import type { DatabaseRefusedState, FleetErrorCode, FleetErrorContextByCode } from './error-codes';

export type FleetErrorMessages = {
  readonly [C in FleetErrorCode]: (context: FleetErrorContextByCode[C]) => string;
};

/** The sentence a database refusal is answered with, by SQLSTATE. */
export const DATABASE_REFUSED_VALUES: Readonly<Record<DatabaseRefusedState, string>> = {
  '22021': 'Text contains a character that cannot be stored (such as NUL)',
  '22P05': 'Text contains a character that cannot be stored',
  '22001': 'A text value is longer than allowed',
  '22003': 'A number is out of range',
  '22008': 'A date or time is out of range',
  '22007': 'A date or time is not valid',
  '22009': 'A date or time is out of range',
  '22015': 'A time interval is out of range',
  '22P02': 'A value is not in the expected format',
};

export const NUL_IN_TEXT_MESSAGE = 'Text must not contain NUL characters';
export const NUL_IN_FIELD_NAME_MESSAGE = 'Field names must not contain NUL characters';

/**
 * The one table of what each code says to people. The sentences are the spec's, word for word:
 * clients show them and tests assert them, so a change here is a change of behaviour.
 */
export const FLEET_ERROR_MESSAGES: FleetErrorMessages = {
  REQUEST__INVALID_INPUT: ({ message }) => message,
  REQUEST__MALFORMED_JSON: () => 'Request body is not valid JSON',
  REQUEST__EMPTY_JSON_BODY: () => 'Request body is empty but the content type says JSON',
  REQUEST__PAYLOAD_TOO_LARGE: ({ limitBytes }) =>
    `Request body is larger than the ${formatBytes(limitBytes)} limit`,
  REQUEST__UNSUPPORTED_MEDIA_TYPE: () => 'Unsupported content type: send application/json',
  REQUEST__CONTENT_LENGTH_MISMATCH: () =>
    'Request body length does not match its Content-Length header',
  REQUEST__REJECTED: ({ message }) => message,
  REQUEST__NOT_FOUND: ({ message }) => message,
  REQUEST__FORBIDDEN: () => 'Forbidden',
  REQUEST__RATE_LIMITED: ({ message }) => message,
  REQUEST__ROUTE_NOT_FOUND: ({ method, path }) => `Route ${method} ${path} not found`,
  REQUEST__CROSS_SITE_REFUSED: () => 'Cross-site request refused',
  REQUEST__NUL_CHARACTER: ({ field, inName }) => {
    const message = inName ? NUL_IN_FIELD_NAME_MESSAGE : NUL_IN_TEXT_MESSAGE;
    return field ? `${field}: ${message}` : message;
  },
  DATABASE__VALUE_REFUSED: ({ sqlState }) => DATABASE_REFUSED_VALUES[sqlState],
  INTERNAL__UNEXPECTED: () => 'Internal server error',
  INTERNAL__UNHANDLED_CASE: ({ value }) => `Unhandled case: ${value}`,
  TENANT__REQUIRED: () =>
    'Cannot insert wallet data: Missing license key - tenant isolation required',
  TENANT__NOT_FOUND: () => 'Tenant not found',

  AUTH__NOT_SIGNED_IN: () => 'Not signed in',
  AUTH__INVALID_CREDENTIALS: () => 'Invalid credentials',
  AUTH__WRONG_CURRENT_PASSWORD: () => 'Current password is incorrect',
  AUTH__SIGN_IN_RATE_LIMITED: ({ retryAfterSeconds }) =>
    `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
  AUTH__INVITE_RATE_LIMITED: () => 'Too many invite requests. Please try again later.',
  AUTH__EMAIL_TAKEN: () => 'This email already has an account. Try signing in instead.',
  AUTH__INVITE_INVALID: () => 'This invite link is invalid or has expired. Request a new invite.',
  AUTH__ACCOUNT_NOT_CREATED: () => 'The account could not be created',
  AUTH__NO_PUBLIC_URL: () =>
    'Invites cannot be sent: the server has no public URL (FLEET_PUBLIC_URL).',
  CAPTCHA__FAILED: () => 'Captcha verification failed',
  CAPTCHA__UNAVAILABLE: () => 'Captcha service unavailable. Please try again later.',
  ADMIN__AUTHENTICATION_FAILED: () => 'Authentication failed',
  ADMIN__RATE_LIMITED: () => 'Too many failed admin sign-ins. Try again later.',

  LICENSE__NOT_FOUND: () => 'License key not found',
  LICENSE__INVITE_KEY_NOT_FOUND: () => 'Licence key not found',
  LICENSE__MISSING: () => 'Your account has no licence key',
  LICENSE__REVOKED: () => 'This licence key has been revoked',
  LICENSE__EXPIRED: () => 'This licence key has expired',
  LICENSE__NO_ACTIVATIONS_LEFT: () => 'This licence key has no activations left',
  LICENSE__KEYS_NOT_CREATED: () => 'Failed to create keys',
  LICENSE__MAX_USES_BELOW_USES: ({ uses }) =>
    `Maximum uses cannot be lower than the ${uses} activation(s) already made`,

  WALLET__NOT_FOUND: () => 'Wallet not found',
  WALLET__SOME_NOT_FOUND: ({ missing, firstMissing }) =>
    missing === 1
      ? `Wallet not found: ${firstMissing}`
      : `${missing} wallets not found, first ${firstMissing}`,
  WALLET__NOT_FOUND_IN_STATE: ({ state, missing, requested }) => {
    const where = state === 'active' ? 'among active wallets' : 'in the archive';
    return missing === 1 && requested === 1
      ? `Wallet not found ${where}`
      : `${missing} of ${requested} wallets not found ${where}; nothing was changed`;
  },
  WALLET__MASTER_NOT_ARCHIVABLE: () => 'The master wallet cannot be archived',
  WALLET__MASTER_NOT_DELETABLE: () => 'The master wallet cannot be deleted',
  WALLET__FUNDED_DELETE_UNCONFIRMED: ({ funds, wallets }) =>
    `${fundsWarning(funds) ?? ''} Deleting them permanently destroys their keys: confirm with ` +
    `confirmFunded: ${wallets}, the number of wallets being deleted.`,
  WALLET__KEY_REQUESTS_RATE_LIMITED: ({ retryAfterSeconds }) =>
    `Too many key requests. Try again in ${retryAfterSeconds} seconds.`,
  WALLET__BATCH_NOT_CREATED: () => 'The wallet batch could not be created',
  WALLET__LIST_NOT_WRITTEN: () => 'The wallet list could not be written',
  WALLET__SUMMARY_NOT_COMPUTED: () => 'The wallet summary could not be computed',

  TAG__NOT_FOUND: () => 'Tag not found',
  TAG__SOME_NOT_FOUND: ({ firstMissing }) => `Tag not found: ${firstMissing}`,
  TAG__COMPUTED: () => 'This tag is computed from the wallets and cannot be assigned or changed',
  TAG__NAME_TAKEN: () => 'A tag with this name already exists',
  TAG__NAME_WITHOUT_LETTER: () => 'Tag name must contain a letter or a digit',
  GROUP__NOT_FOUND: () => 'Group not found',
  GROUP__COMPUTED: () => 'Computed groups follow the wallets and cannot be changed',
  GROUP__NOT_CREATED: () => 'The group could not be created',

  SEED_GROUP__NOT_FOUND: () => 'Seed group not found',
  SEED_GROUP__NOT_CREATED: () => 'The seed group could not be created',
  SEED_GROUP__UNKNOWN_SCHEME: () => 'The seed vault records an unknown derivation scheme',
  SEED__INVALID_PHRASE: ({ reason }) => reason,
  SEED__FINGERPRINT_FAILED: () => SEED_PHRASE_MESSAGES.fingerprint,
  IMPORT__INVALID_KEY: ({ index, reason }) => `Key ${index + 1}: ${reason}`,
  IMPORT__INVALID_ACCOUNT: ({ index, reason }) => `Account ${index + 1}: ${reason}`,
  IMPORT__NO_PRIVATE_KEYS: () => NO_PRIVATE_KEYS_MESSAGE,
  IMPORT__TOO_MANY_KEYS: ({ found, max }) =>
    `Too many private keys: ${found} found, at most ${max} per import`,
  IMPORT__DERIVATION_CONTEXT_MISSING: () => SEED_PHRASE_MESSAGES.contextMissing,
  IMPORT__SCHEME_MISMATCH: ({ stored, requested }) =>
    `This seed vault derives its accounts as ${stored}, not ${requested}`,
  IMPORT__BATCH_NOT_CREATED: () => 'The import batch could not be created',

  MASTER_WALLET__NOT_FOUND: () => 'No master wallet is set',
  MASTER_WALLET__INVALID_KEY: ({ reason }) => reason,
  MASTER_WALLET__ADDRESS_MISMATCH: () => 'The public address does not match the private key',
  MASTER_WALLET__NOT_SAVED: () => 'The master wallet could not be saved',
  MASTER_WALLET__HOLDINGS_UNREADABLE: ({ reason }) =>
    `Could not read what the master wallet holds (${reason})`,
  MASTER_WALLET__HISTORY_ENTRY_NOT_FOUND: () => 'No such master wallet history entry',
  MASTER_WALLET__HISTORY_KEY_NOT_STORED: () => 'This value was not stored for this event.',
  MASTER_WALLET__INVALID_HISTORY_CURSOR: () => 'Invalid history cursor',
  AUDIT__INVALID_CURSOR: () => 'Invalid audit log cursor',

  VAULT__DECRYPT_FAILED: () => 'The stored private key could not be decrypted',
  VAULT__ENCRYPT_FAILED: () => 'The private key could not be encrypted',
  VAULT__DATA_KEY_NOT_STORED: () => 'The tenant data key could not be stored',
  VAULT__KEY_ADDRESS_MISMATCH: () => 'The private key does not belong to this address',
  VAULT__UNKNOWN_ALGORITHM: ({ tenantId, version }) =>
    `Data key version ${version} of tenant ${tenantId} uses an unknown algorithm`,
  VAULT__KEK_NOT_GIVEN: ({ tenantId, version, kekId }) =>
    `Data key version ${version} of tenant ${tenantId} is wrapped by KEK ${kekId}, which was not given`,
  VAULT__KEK_DOES_NOT_OPEN: ({ tenantId, version, kekId }) =>
    `Data key version ${version} of tenant ${tenantId} does not open under KEK ${kekId}`,
  KEK__ID_MISMATCH: ({ kekId }) => `The key-encryption key ${kekId} does not match its id`,
  KEK__WRONG_LENGTH: ({ expected, actual }) =>
    `The key-encryption key must be ${expected} bytes, not ${actual}`,
  KEK__EMPTY: () => 'The key-encryption key is empty',
  KEK__NOT_BASE64: ({ expected }) =>
    `The key-encryption key is not valid base64 (expected ${expected} random bytes in base64)`,
  KEK__DECODED_WRONG_LENGTH: ({ expected, actual }) =>
    `The key-encryption key must be ${expected} bytes, but its base64 decodes to ${actual}`,
  KEK__INVALID_ENTRY: ({ index, reason }) => `Key-encryption key #${index + 1}: ${reason}`,

  RPC__NO_ENDPOINT: () => 'The RPC pool needs at least one endpoint',
  RPC__ENDPOINTS_MISSING: () => 'No RPC endpoint given (expected comma-separated URLs)',
  RPC__ENDPOINT_INVALID_URL: () => 'An RPC endpoint is not a valid URL',
  RPC__ENDPOINT_BAD_PROTOCOL: ({ host }) => `RPC endpoint ${host} must use http or https`,
  RPC__ENDPOINT_BAD_RPS: ({ host }) => `RPC endpoint ${host}: rps must be positive`,
  RPC__ENDPOINT_BAD_SEND_RPS: ({ host }) => `RPC endpoint ${host}: sendRps must be positive`,
  RPC__BATCH_UNSUPPORTED: () => 'The RPC pool sends single JSON-RPC calls only',
  RPC__NO_ENDPOINT_ANSWERED: ({ method, attempts }) =>
    `No RPC endpoint answered ${method} (${attempts})`,
  RPC__CALL_REFUSED: ({ method, rpcMessage, rpcCode }) =>
    `${method} was refused: ${rpcMessage} (${rpcCode})`,
  RPC__INVALID_ANSWER: ({ reason }) => reason,
  RPC__BALANCE_UNREADABLE: ({ attempts }) =>
    `Could not read the balance from any RPC endpoint (${attempts})`,
  ADDRESS__INVALID: ({ address }) => `Not a Solana address: ${address}`,
  SCAN__INVALID_CONCURRENCY: ({ max }) =>
    `Scan concurrency must be a whole number from 1 to ${max}`,
  SCAN__NOT_SCANNED: () => 'not scanned',
  SCAN__WALLET_FAILED: ({ reason }) => reason,
  SCAN__MINT_UNRESOLVED: ({ reason }) => reason,
  SCAN__FINAL_TRUTH_RUNNING: () => 'A final truth scan is already running for these wallets',
  SCAN__FINAL_TRUTH_FINISHED: ({ status }) => `The scan has already finished (${status})`,
  SCAN__SYNC_RUNNING: () => 'A scan of this kind is already running',
  SCAN__SYNC_FINISHED: ({ status }) => `The scan has already finished (${status})`,
  SCAN__DEEP_SCAN_NOT_DONE: ({ status }) =>
    `The deep scan has not finished (${status}); update once it is done`,
  SCAN__SYNC_FAILED: ({ message }) => `The scan failed: ${message}`,

  LEDGER__ILLEGAL_TRANSITION: ({ transactionId, from, event }) =>
    `Transaction ${transactionId} cannot take '${event}' while ${from}`,
  LEDGER__LANDED_AFTER_EXPIRY: ({ transactionId, signature }) =>
    `Transaction ${transactionId} was recorded as expired but landed (${signature}); its items may be paid twice`,
  SOL_PLAN__MASTER_NOT_READY: () => 'Master wallet not ready',
  SOL_PLAN__MASTER_BALANCE_SHORT: ({ needed, available }) =>
    `The master wallet holds ${formatSolExact(BigInt(available))} SOL but this needs ` +
    `${formatSolExact(BigInt(needed))} SOL (amounts plus network fees)`,
  SOL_PLAN__BELOW_RENT_EXEMPT: ({ address, after, minimum }) =>
    `${address} would be left with ${formatSolExact(BigInt(after))} SOL, below the rent-exempt ` +
    `minimum of ${formatSolExact(BigInt(minimum))} SOL, and the chain would refuse the transfer`,
  SOL_PLAN__BALANCE_NOT_ABOVE_FEE: ({ address }) =>
    `${address}: the wallet balance is not above the network fee`,
  SOL_PLAN__NO_PRIVATE_KEY: ({ wallets }) =>
    `${wallets} wallet(s) skipped because no private key is available`,
  SOL_PLAN__NOTHING_TO_DISTRIBUTE: () => 'Nothing to distribute: every amount is 0',
  SOL_PLAN__LOOKUP_TABLE_UNAVAILABLE: ({ reason }) =>
    `The lookup table cannot be used for this plan (${reason}); it sends legacy transactions`,
  SOL_PLAN__NO_SOL_TO_WITHDRAW: () => 'No SOL available to withdraw',
  SOL_PLAN__DUPLICATE_RECIPIENT: ({ address }) =>
    `${address} is listed more than once: give each wallet one amount`,
  SOL_PLAN__NOT_READY: ({ reason }) => `This plan cannot run: ${reason}`,
  TOKEN_CLOSE__NO_WALLETS_SELECTED: () => 'No Wallets Selected',
  TOKEN_CLOSE__NOTHING_TO_CLOSE: () =>
    'Nothing to close - No zero-balance token accounts found in scope.',
  TOKEN_CLOSE__ACCOUNTS_UNREADABLE: ({ wallet, attempts }) =>
    `The token accounts of ${wallet} could not be read: ${attempts}`,
  TOKEN_TRANSFER__NO_WALLETS_SELECTED: () => 'No Wallets Selected',
  TOKEN_TRANSFER__NOTHING_TO_WITHDRAW: ({ skipped }) =>
    skipped === 0
      ? 'No SPL tokens to withdraw in scope'
      : `No SPL tokens to withdraw in scope: ${skipped} token account(s) skipped`,
  TOKEN_TRANSFER__UNKNOWN_MINT: ({ mint }) => `${mint} is not a token mint`,
  TOKEN_TRANSFER__MINT_NOT_TRANSFERABLE: ({ mint, reason }) =>
    `The tokens of ${mint} cannot be transferred (${reason})`,
  TOKEN_TRANSFER__INVALID_AMOUNT: ({ amount, reason }) => `${amount}: ${reason}`,
  TOKEN_TRANSFER__MASTER_TOKENS_SHORT: ({ mint, needed, available, decimals }) =>
    `The master wallet holds ${formatTokenAmount(available, decimals, decimals)} of ${mint} but ` +
    `this distribution sends ${formatTokenAmount(needed, decimals, decimals)}`,
  TOKEN_TRANSFER__MASTER_ACCOUNT_FROZEN: ({ mint, account }) =>
    `The master wallet's token account ${account} for ${mint} is frozen`,
  TOKEN_TRANSFER__TRANSFER_FEE: ({ mint, basisPoints, amount, received, decimals }) =>
    `${mint} charges a transfer fee of ${basisPoints} basis points: ` +
    `${formatTokenAmount(received, decimals, decimals)} of ` +
    `${formatTokenAmount(amount, decimals, decimals)} arrive`,
  TOKEN_TRANSFER__CHAIN_UNREADABLE: ({ what, attempts }) =>
    `Could not read ${what} from the chain: ${attempts}`,
  TOKEN_BURN__NOTHING_TO_BURN: () =>
    'Nothing to burn - No token balances below the threshold found in scope.',
  OPERATION__ALREADY_RETRIED: () =>
    "This operation's failed wallets were already retried: retry the newer operation instead",
  OPERATION__NOT_FINISHED: () => 'This operation is still running: retry its failures once it ends',
  OPERATION__MASTER_BUSY: () =>
    'Another operation is spending from the master wallet. Wait for it to finish, then plan again.',
  JOB__NOT_FOUND: () => 'Job not found',
  JOB__UNKNOWN_KIND: ({ kind }) => `Unknown job kind: ${kind}`,
  JOB__QUEUE_UNAVAILABLE: () => 'This server runs no jobs: try again later',
  MIDDLEMAN__COUNT_OUT_OF_RANGE: ({ count, max }) =>
    `Middlemen are created 1 to ${max.toLocaleString('en-US')} at a time, not ${count}`,
  MIDDLEMAN__NOT_FOUND: ({ walletId }) => `Wallet ${walletId} is not a middleman`,
  MIDDLEMAN__ALREADY_USED: ({ walletId }) =>
    `Middleman ${walletId} has already served a two-hop distribution and is never reused`,
  LOOKUP_TABLE__BAD_ACCOUNT: ({ tableAddress, reason }) =>
    `Account ${tableAddress} is not an address lookup table: ${reason}`,
  LOOKUP_TABLE__NOT_USABLE: ({ tableAddress, lastExtendedSlot, slot }) =>
    `Lookup table ${tableAddress} was extended in slot ${lastExtendedSlot} and the chain is still at slot ${slot}`,
  TRANSACTION__ITEM_DOES_NOT_FIT: ({ itemId, size, accountLocks }) =>
    `${itemId} does not fit in one transaction (${size} of 1232 bytes, ${accountLocks} of 64 accounts)`,
  TRANSFER__SIMULATION_FAILED: ({ reason }) => `The transfer failed in simulation: ${reason}`,
  TRANSFER__SIGNER_MISMATCH: ({ expected, actual }) =>
    `The key given to sign for ${expected} belongs to ${actual}`,
  TRANSFER__BUILD_MISMATCH: ({ plannedSize, builtSize }) =>
    `The transaction built has ${builtSize} bytes but its plan has ${plannedSize}`,
  PLAN__NOT_FOUND: () => 'Plan not found',
  PLAN__EXPIRED: () => 'This plan has expired; review the operation again',
  PLAN__ALREADY_USED: () => 'This plan has already been executed',
  PLAN__ALTERED: () => 'This plan was changed after it was reviewed; review the operation again',
  OPERATION__NOT_FOUND: () => 'Operation not found',
  OPERATION__INVALID_CURSOR: () => 'Invalid operations cursor',
  TRANSACTION_HISTORY__INVALID_CURSOR: () => 'Invalid transaction history cursor',
  CLOSE_HISTORY__INVALID_CURSOR: () => 'Invalid close history cursor',
  LEDGER__STALE_TRANSACTION: ({ transactionId }) =>
    `Transaction ${transactionId} was updated by another process`,
  FEE_CAP__INVALID: () =>
    'The fee cap must be a whole number of micro-lamports per compute unit (0 or more)',
  FEE_CAP__ABOVE_LIMIT: ({ limit }) =>
    `The fee cap must be at most ${groupThousands(limit)} micro-lamports per compute unit`,
};

/** The sentence for a code, from its context. */
export function fleetErrorMessage<C extends FleetErrorCode>(
  code: C,
  context: FleetErrorContextByCode[C],
): string {
  const message = FLEET_ERROR_MESSAGES[code] as (context: FleetErrorContextByCode[C]) => string;
  return message(context);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
