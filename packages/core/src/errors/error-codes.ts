import type { FundsSummary } from '../wallets/funds-at-risk';

/**
 * Why the vault refused, for logs and tests. The vault's message stays the same whatever the
 * reason, so a caller (or an attacker probing with altered rows) learns nothing from it.
 */
export type VaultFailureReason =
  | 'unknown-algorithm'
  | 'malformed'
  | 'data-key-missing'
  | 'unknown-kek'
  | 'data-key-unwrap-failed'
  | 'authentication-failed'
  | 'address-mismatch';

/** Codes whose context says when to come back; the server sends it as `Retry-After`. */
export interface RetryAfter {
  readonly retryAfterSeconds: number;
}

/**
 * Every code Fleet raises, `DOMAIN__REASON`, with the facts its message is built from. Facts are
 * non-secret (ids, counts, a decoder's own sentence), since a context may be logged. `{}` when
 * the message needs nothing. Adding a code here makes the compiler ask for its message (core's
 * table) and its HTTP status (the server's table).
 */
export interface FleetErrorContextByCode {
  // The request itself, before any domain sees it.
  readonly REQUEST__INVALID_INPUT: { readonly message: string };
  readonly REQUEST__MALFORMED_JSON: Record<string, never>;
  readonly REQUEST__EMPTY_JSON_BODY: Record<string, never>;
  readonly REQUEST__PAYLOAD_TOO_LARGE: { readonly limitBytes: number };
  readonly REQUEST__UNSUPPORTED_MEDIA_TYPE: Record<string, never>;
  readonly REQUEST__CONTENT_LENGTH_MISMATCH: Record<string, never>;
  /** Another library's refusal (Fastify's, the static file server's) in its own words. */
  readonly REQUEST__REJECTED: { readonly message: string };
  readonly REQUEST__NOT_FOUND: { readonly message: string };
  readonly REQUEST__FORBIDDEN: Record<string, never>;
  readonly REQUEST__RATE_LIMITED: { readonly message: string };
  readonly REQUEST__ROUTE_NOT_FOUND: { readonly method: string; readonly path: string };
  readonly REQUEST__CROSS_SITE_REFUSED: Record<string, never>;
  /** `field` is null when the NUL is at the top level of the input. */
  readonly REQUEST__NUL_CHARACTER: { readonly field: string | null; readonly inName: boolean };
  /** A value the database refused to store or compare (SQLSTATE class 22). */
  readonly DATABASE__VALUE_REFUSED: { readonly sqlState: DatabaseRefusedState };
  readonly INTERNAL__UNEXPECTED: Record<string, never>;
  readonly INTERNAL__UNHANDLED_CASE: { readonly value: string };
  readonly TENANT__REQUIRED: Record<string, never>;
  readonly TENANT__NOT_FOUND: Record<string, never>;

  readonly AUTH__NOT_SIGNED_IN: Record<string, never>;
  readonly AUTH__INVALID_CREDENTIALS: Record<string, never>;
  readonly AUTH__WRONG_CURRENT_PASSWORD: Record<string, never>;
  readonly AUTH__SIGN_IN_RATE_LIMITED: RetryAfter;
  readonly AUTH__INVITE_RATE_LIMITED: RetryAfter;
  readonly AUTH__EMAIL_TAKEN: Record<string, never>;
  readonly AUTH__INVITE_INVALID: Record<string, never>;
  readonly AUTH__ACCOUNT_NOT_CREATED: Record<string, never>;
  readonly AUTH__NO_PUBLIC_URL: Record<string, never>;
  readonly CAPTCHA__FAILED: Record<string, never>;
  readonly CAPTCHA__UNAVAILABLE: Record<string, never>;
  readonly ADMIN__AUTHENTICATION_FAILED: Record<string, never>;
  readonly ADMIN__RATE_LIMITED: RetryAfter;

  readonly LICENSE__NOT_FOUND: Record<string, never>;
  /** An invite names a licence key that no longer exists. */
  readonly LICENSE__INVITE_KEY_NOT_FOUND: Record<string, never>;
  readonly LICENSE__MISSING: Record<string, never>;
  readonly LICENSE__REVOKED: Record<string, never>;
  readonly LICENSE__EXPIRED: Record<string, never>;
  readonly LICENSE__NO_ACTIVATIONS_LEFT: Record<string, never>;
  readonly LICENSE__KEYS_NOT_CREATED: Record<string, never>;
  readonly LICENSE__MAX_USES_BELOW_USES: { readonly uses: number };

  /** Which wallet was asked for, when the request named a well-formed one. */
  readonly WALLET__NOT_FOUND: { readonly walletId?: string; readonly address?: string };
  /** Some of the wallets a request names do not exist (or are not the tenant's). */
  readonly WALLET__SOME_NOT_FOUND: { readonly missing: number; readonly firstMissing: string };
  readonly WALLET__NOT_FOUND_IN_STATE: {
    readonly state: 'active' | 'archived';
    readonly missing: number;
    readonly requested: number;
  };
  readonly WALLET__MASTER_NOT_ARCHIVABLE: Record<string, never>;
  readonly WALLET__MASTER_NOT_DELETABLE: Record<string, never>;
  readonly WALLET__FUNDED_DELETE_UNCONFIRMED: {
    readonly wallets: number;
    readonly funds: FundsSummary;
  };
  readonly WALLET__KEY_REQUESTS_RATE_LIMITED: RetryAfter;
  readonly WALLET__BATCH_NOT_CREATED: Record<string, never>;
  readonly WALLET__LIST_NOT_WRITTEN: Record<string, never>;
  readonly WALLET__SUMMARY_NOT_COMPUTED: Record<string, never>;

  readonly TAG__NOT_FOUND: { readonly tagId?: string };
  /** Like TAG__NOT_FOUND, but among several tags: the message names the first missing one. */
  readonly TAG__SOME_NOT_FOUND: { readonly firstMissing: string };
  readonly TAG__COMPUTED: Record<string, never>;
  readonly TAG__NAME_TAKEN: Record<string, never>;
  readonly TAG__NAME_WITHOUT_LETTER: Record<string, never>;
  readonly GROUP__NOT_FOUND: { readonly groupId?: string };
  readonly GROUP__COMPUTED: Record<string, never>;
  readonly GROUP__NOT_CREATED: Record<string, never>;

  readonly SEED_GROUP__NOT_FOUND: { readonly seedGroupId?: string };
  readonly SEED_GROUP__NOT_CREATED: Record<string, never>;
  readonly SEED_GROUP__UNKNOWN_SCHEME: { readonly groupId: string };
  readonly SEED__INVALID_PHRASE: { readonly reason: string };
  readonly SEED__FINGERPRINT_FAILED: { readonly seedBytes: number; readonly saltBytes: number };
  /** `reason` is the key decoder's own sentence for the line. */
  readonly IMPORT__INVALID_KEY: { readonly index: number; readonly reason: string };
  readonly IMPORT__INVALID_ACCOUNT: { readonly index: number; readonly reason: string };
  readonly IMPORT__NO_PRIVATE_KEYS: Record<string, never>;
  readonly IMPORT__TOO_MANY_KEYS: { readonly found: number; readonly max: number };
  readonly IMPORT__DERIVATION_CONTEXT_MISSING: {
    readonly addresses: number;
    readonly keys: number;
  };
  readonly IMPORT__SCHEME_MISMATCH: {
    readonly groupId: string;
    readonly stored: string;
    readonly requested: string;
  };
  readonly IMPORT__BATCH_NOT_CREATED: Record<string, never>;

  readonly MASTER_WALLET__NOT_FOUND: Record<string, never>;
  readonly MASTER_WALLET__INVALID_KEY: { readonly reason: string };
  readonly MASTER_WALLET__ADDRESS_MISMATCH: Record<string, never>;
  readonly MASTER_WALLET__NOT_SAVED: Record<string, never>;
  readonly MASTER_WALLET__HOLDINGS_UNREADABLE: { readonly reason: string };
  readonly MASTER_WALLET__HISTORY_ENTRY_NOT_FOUND: Record<string, never>;
  readonly MASTER_WALLET__HISTORY_KEY_NOT_STORED: Record<string, never>;
  readonly MASTER_WALLET__INVALID_HISTORY_CURSOR: Record<string, never>;
  readonly AUDIT__INVALID_CURSOR: Record<string, never>;

  readonly VAULT__DECRYPT_FAILED: { readonly reason: VaultFailureReason };
  readonly VAULT__ENCRYPT_FAILED: { readonly reason: VaultFailureReason };
  readonly VAULT__DATA_KEY_NOT_STORED: Record<string, never>;
  readonly VAULT__KEY_ADDRESS_MISMATCH: Record<string, never>;
  readonly VAULT__UNKNOWN_ALGORITHM: { readonly tenantId: string; readonly version: number };
  readonly VAULT__KEK_NOT_GIVEN: {
    readonly tenantId: string;
    readonly version: number;
    readonly kekId: string;
  };
  readonly VAULT__KEK_DOES_NOT_OPEN: {
    readonly tenantId: string;
    readonly version: number;
    readonly kekId: string;
  };
  readonly KEK__ID_MISMATCH: { readonly kekId: string };
  readonly KEK__WRONG_LENGTH: { readonly expected: number; readonly actual: number };
  readonly KEK__EMPTY: Record<string, never>;
  readonly KEK__NOT_BASE64: { readonly expected: number };
  readonly KEK__DECODED_WRONG_LENGTH: { readonly expected: number; readonly actual: number };
  /** One entry of a KEK list; `reason` is that entry's own refusal. */
  readonly KEK__INVALID_ENTRY: { readonly index: number; readonly reason: string };

  readonly RPC__NO_ENDPOINT: Record<string, never>;
  readonly RPC__ENDPOINTS_MISSING: Record<string, never>;
  readonly RPC__ENDPOINT_INVALID_URL: Record<string, never>;
  readonly RPC__ENDPOINT_BAD_PROTOCOL: { readonly host: string };
  readonly RPC__ENDPOINT_BAD_RPS: { readonly host: string };
  /** A `#sendRps=` fragment that is not a positive number. */
  readonly RPC__ENDPOINT_BAD_SEND_RPS: { readonly host: string };
  readonly RPC__BATCH_UNSUPPORTED: Record<string, never>;
  /** Every endpoint failed; `attempts` lists what each one answered. */
  readonly RPC__NO_ENDPOINT_ANSWERED: { readonly method: string; readonly attempts: string };
  /** An endpoint answered with a JSON-RPC error. */
  readonly RPC__CALL_REFUSED: {
    readonly method: string;
    readonly code: number;
    readonly rpcMessage: string;
    readonly rpcCode: string;
  };
  /** An endpoint answered with something that is not the expected shape. */
  readonly RPC__INVALID_ANSWER: { readonly reason: string };
  readonly RPC__BALANCE_UNREADABLE: { readonly attempts: string };
  readonly ADDRESS__INVALID: { readonly address: string };
  readonly SCAN__INVALID_CONCURRENCY: { readonly max: number };
  readonly SCAN__NOT_SCANNED: Record<string, never>;
  readonly SCAN__WALLET_FAILED: { readonly reason: string };
  /** A held token's mint could not be read after every retry; `reason` is the mint directory's. */
  readonly SCAN__MINT_UNRESOLVED: { readonly reason: string };
  /** A final truth scan is queued or running for some of the same wallets: join it instead. */
  readonly SCAN__FINAL_TRUTH_RUNNING: { readonly jobId: string };
  /** An abort of a final truth scan that has already ended: nothing is changed. */
  readonly SCAN__FINAL_TRUTH_FINISHED: { readonly jobId: string; readonly status: string };
  /** A sync scan (quick refresh, deep scan, verify) of this kind is queued or running: join it. */
  readonly SCAN__SYNC_RUNNING: { readonly jobId: string; readonly kind: string };
  /** An abort of a sync scan that has already ended: nothing is changed. */
  readonly SCAN__SYNC_FINISHED: { readonly jobId: string; readonly status: string };
  /** A deep scan's update asked for before the scan ended: there is nothing whole to apply. */
  readonly SCAN__DEEP_SCAN_NOT_DONE: { readonly jobId: string; readonly status: string };
  /** A sync scan the caller waited for ended failed (its job's log says why). */
  readonly SCAN__SYNC_FAILED: { readonly jobId: string; readonly message: string };

  /**
   * The ledger refused an event its state machine has no edge for: a caller bug, or a chain answer
   * that contradicts what was recorded. Nothing is written and nothing is sent.
   */
  readonly LEDGER__ILLEGAL_TRANSITION: {
    readonly transactionId: string;
    readonly from: string;
    readonly event: string;
  };
  /**
   * A transaction recorded as expired was later seen on chain: its items may be paid twice, so
   * the operation stops for a person to look (it cannot happen if expiry followed the rules).
   */
  readonly LEDGER__LANDED_AFTER_EXPIRY: {
    readonly transactionId: string;
    readonly signature: string;
  };
  /** Aggregate and distribute both need the master wallet, with its key (spec 2 §5). */
  readonly SOL_PLAN__MASTER_NOT_READY: Record<string, never>;
  /** Amounts are decimal lamport strings, so the context stays JSON. */
  readonly SOL_PLAN__MASTER_BALANCE_SHORT: { readonly needed: string; readonly available: string };
  /** A transfer would leave an account between 0 and the rent-exempt minimum, which the chain refuses. */
  readonly SOL_PLAN__BELOW_RENT_EXEMPT: {
    readonly address: string;
    readonly after: string;
    readonly minimum: string;
  };
  readonly SOL_PLAN__BALANCE_NOT_ABOVE_FEE: {
    readonly address: string;
    readonly balance: string;
    readonly fee: string;
  };
  readonly SOL_PLAN__NO_PRIVATE_KEY: { readonly wallets: number };
  readonly SOL_PLAN__NOTHING_TO_DISTRIBUTE: Record<string, never>;
  readonly SOL_PLAN__LOOKUP_TABLE_UNAVAILABLE: { readonly reason: string };
  readonly SOL_PLAN__NO_SOL_TO_WITHDRAW: Record<string, never>;
  readonly SOL_PLAN__DUPLICATE_RECIPIENT: { readonly address: string };
  readonly SOL_PLAN__NOT_READY: { readonly reason: string };
  /** A close was asked for no wallet at all (spec 2 §5). */
  readonly TOKEN_CLOSE__NO_WALLETS_SELECTED: Record<string, never>;
  /** No zero-balance token account in the wallets and mints asked (spec 2 §5). */
  readonly TOKEN_CLOSE__NOTHING_TO_CLOSE: Record<string, never>;
  /** The token accounts of a wallet could not be read from any endpoint: no plan is guessed. */
  readonly TOKEN_CLOSE__ACCOUNTS_UNREADABLE: { readonly wallet: string; readonly attempts: string };
  /** An SPL withdrawal was asked for no wallet at all (spec 2 §5). */
  readonly TOKEN_TRANSFER__NO_WALLETS_SELECTED: Record<string, never>;
  /** No token account in scope holds tokens that may move; `skipped` counts those that may not. */
  readonly TOKEN_TRANSFER__NOTHING_TO_WITHDRAW: { readonly skipped: number };
  /** An address named as a mint is no initialized mint of either token program. */
  readonly TOKEN_TRANSFER__UNKNOWN_MINT: { readonly mint: string };
  /** The mint forbids a plain transfer (non-transferable, a transfer hook, paused, unsupported). */
  readonly TOKEN_TRANSFER__MINT_NOT_TRANSFERABLE: {
    readonly mint: string;
    readonly reason: string;
  };
  /** A token amount that is not one at the mint's decimals. */
  readonly TOKEN_TRANSFER__INVALID_AMOUNT: { readonly amount: string; readonly reason: string };
  /** The master holds less of the mint than the distribution sends (raw units as text). */
  readonly TOKEN_TRANSFER__MASTER_TOKENS_SHORT: {
    readonly mint: string;
    readonly needed: string;
    readonly available: string;
    readonly decimals: number;
  };
  /** The master's token account the tokens would leave from (or arrive in) is frozen. */
  readonly TOKEN_TRANSFER__MASTER_ACCOUNT_FROZEN: {
    readonly mint: string;
    readonly account: string;
  };
  /** A Token-2022 transfer fee: what leaves and what arrives (raw units as text). Not blocking. */
  readonly TOKEN_TRANSFER__TRANSFER_FEE: {
    readonly mint: string;
    readonly basisPoints: number;
    readonly amount: string;
    readonly received: string;
    readonly decimals: number;
  };
  /** Accounts a plan needs could not be read from any endpoint: no plan is guessed. */
  readonly TOKEN_TRANSFER__CHAIN_UNREADABLE: { readonly what: string; readonly attempts: string };
  /** No balance in the wallets and mints asked counts as dust at the threshold given. */
  readonly TOKEN_BURN__NOTHING_TO_BURN: Record<string, never>;
  readonly OPERATION__MASTER_BUSY: { readonly operationId: string };
  readonly OPERATION__ALREADY_RETRIED: { readonly operationId: string; readonly retriedBy: string };
  readonly OPERATION__NOT_FINISHED: { readonly operationId: string };
  /** No job with this id for the tenant (another tenant's job is not found either). */
  readonly JOB__NOT_FOUND: { readonly jobId?: string };
  /** A job was asked for a kind no handler runs. */
  readonly JOB__UNKNOWN_KIND: { readonly kind: string };
  /** This server process was started without a job queue, so it cannot start jobs. */
  readonly JOB__QUEUE_UNAVAILABLE: Record<string, never>;
  /** Middlemen are made 1 to `max` at a time (one per recipient of a two-hop distribution). */
  readonly MIDDLEMAN__COUNT_OUT_OF_RANGE: { readonly count: number; readonly max: number };
  /** A wallet named as a middleman is not one of the tenant's middlemen. */
  readonly MIDDLEMAN__NOT_FOUND: { readonly walletId: string };
  /** A middleman serves one recipient of one operation, for ever. */
  readonly MIDDLEMAN__ALREADY_USED: { readonly walletId: string };
  /** One item's instructions exceed a transaction alone (bytes or account locks). */
  /** An account read as a lookup table that is not one (wrong owner, size or state). */
  readonly LOOKUP_TABLE__BAD_ACCOUNT: { readonly tableAddress: string; readonly reason: string };
  /** The slot did not pass a table's last extension within the wait allowed. */
  readonly LOOKUP_TABLE__NOT_USABLE: {
    readonly tableAddress: string;
    readonly lastExtendedSlot: string;
    readonly slot: string;
  };
  readonly TRANSACTION__ITEM_DOES_NOT_FIT: {
    readonly itemId: string;
    readonly size: number;
    readonly accountLocks: number;
  };
  /** The simulation of a transfer transaction ran and failed; `reason` is the chain's error. */
  readonly TRANSFER__SIMULATION_FAILED: {
    readonly reason: string;
    readonly unitsConsumed: string | null;
  };
  /** A key handed to the signer is not the key of the address it was asked for. */
  readonly TRANSFER__SIGNER_MISMATCH: { readonly expected: string; readonly actual: string };
  /** The bytes built differ from what the packer planned (a table or an instruction is missing). */
  readonly TRANSFER__BUILD_MISMATCH: { readonly plannedSize: number; readonly builtSize: number };
  /** No stored plan with this id for the tenant (another tenant's plan is not found either). */
  readonly PLAN__NOT_FOUND: { readonly planId: string };
  /** The plan is older than its validity: balances may have moved, so it is computed again. */
  readonly PLAN__EXPIRED: { readonly planId: string };
  /** A plan executes at most once. */
  readonly PLAN__ALREADY_USED: { readonly planId: string };
  /** The stored plan no longer hashes to its id: it was changed after it was shown. */
  readonly PLAN__ALTERED: { readonly planId: string };
  /** No operation with this id for the tenant (another tenant's is not found either). */
  readonly OPERATION__NOT_FOUND: { readonly operationId?: string };
  /** The history list's cursor is not one this server handed out. */
  readonly OPERATION__INVALID_CURSOR: Record<string, never>;
  /** The transaction history's cursor is not one this server handed out to this tenant. */
  readonly TRANSACTION_HISTORY__INVALID_CURSOR: Record<string, never>;
  /** The close history's cursor is not one this server handed out for this tenant. */
  readonly CLOSE_HISTORY__INVALID_CURSOR: Record<string, never>;
  /** The stored transaction moved on since it was read: another process advanced it first. */
  readonly LEDGER__STALE_TRANSACTION: {
    readonly transactionId: string;
    readonly expected: string;
  };
  /** A tenant's fee cap that is not a whole number of micro-lamports per compute unit. */
  readonly FEE_CAP__INVALID: Record<string, never>;
  /** A tenant's fee cap above the most any operation may bid (`limit`, a decimal string). */
  readonly FEE_CAP__ABOVE_LIMIT: { readonly limit: string };
}

export type FleetErrorCode = keyof FleetErrorContextByCode;

export type FleetErrorContext<C extends FleetErrorCode = FleetErrorCode> =
  FleetErrorContextByCode[C];

/** The SQLSTATEs the server answers with a 400 (see `DATABASE_REFUSED_VALUES`). */
export type DatabaseRefusedState =
  '22021' | '22P05' | '22001' | '22003' | '22008' | '22007' | '22009' | '22015' | '22P02';
