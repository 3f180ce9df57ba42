// The chain itself: LiteSVM plus what a validator adds around it — a slot clock, blockhashes that
// expire, fee and balance bookkeeping for every landed transaction, the token secondary index and
// change events for subscriptions. Everything above this module speaks RPC; nothing below does.
// With a journal, every change is recorded before anything outside this class can see it.

import { Account, Clock, LiteSvm } from 'litesvm/dist/internal.js';

import { decodeBase58, encodeBase58 } from '../codec/base58.js';
import { TransactionIndex } from '../history/transaction-index.js';
import type { TransactionRecord } from '../history/transaction-record.js';
import { RENT_EXEMPT_EPOCH, type AccountState } from './account-state.js';
import { Blockhashes, MAX_PROCESSING_AGE, blockhashBytes } from './blockhashes.js';
import { JournalError, type AccountWrite, type ChainJournal } from './chain-journal.js';
import { computeBudgetOf } from './fees.js';
import { nativeAccount } from './native-account.js';
import type { TokenOwnerIndex } from './token-owner-index.js';
import { TokenView } from './token-view.js';
import type { TransactionErrorJson } from './transaction-error.js';
import type { WireTransaction } from './wire-transaction.js';
import { PrioritizationFees } from './prioritization-fees.js';
import { executeTransaction } from './transaction-execution.js';
import { durableNonceAccountOf, storedNonce } from './transaction-loading.js';
import { simulateTransaction, type SimulationOutcome } from './transaction-simulation.js';
import {
  SLOT_HASHES_ACCOUNT_SIZE,
  SLOT_HASHES_SYSVAR,
  SYSVAR_OWNER,
  SlotHashes,
} from './slot-hashes.js';

export const SLOTS_PER_EPOCH = 432_000n;
/** Agave keeps signature statuses for roughly this many slots without `searchTransactionHistory`. */
export const STATUS_CACHE_SLOTS = 300n;
const SLOT_TIMES_KEPT = 100_000;
const SLOT_HASHES_KEY = decodeBase58(SLOT_HASHES_SYSVAR);
const SYSVAR_OWNER_KEY = decodeBase58(SYSVAR_OWNER);
/** The owners of program accounts, the only accounts that can be executable. */
const LOADERS: ReadonlySet<string> = new Set([
  'NativeLoader1111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
]);

export type LandOutcome =
  | { readonly landed: true; readonly record: TransactionRecord }
  | { readonly landed: false; readonly err: TransactionErrorJson };

export interface ChainEvents {
  slot(slot: bigint): void;
  transaction(record: TransactionRecord): void;
  accounts(addresses: readonly string[]): void;
}

export interface LocalChainOptions {
  readonly svm?: LiteSvm | undefined;
  readonly seed: string;
  readonly slot: bigint;
  readonly clockOffsetSeconds?: number | undefined;
  readonly index?: TransactionIndex | undefined;
  /** Records every landing, account write and clock move first (persistence); none without. */
  readonly journal?: ChainJournal | undefined;
  /** Receives a listener's failure; the chain itself carries on (default: console.error). */
  readonly onListenerError?: ((error: unknown) => void) | undefined;
}

type Listener<K extends keyof ChainEvents> = ChainEvents[K];

/** An account as a direct write gives it: the rent epoch defaults to rent-exempt. */
export type AccountInput = Omit<AccountState, 'rentEpoch'> & { rentEpoch?: bigint };

export class LocalChain {
  readonly svm: LiteSvm;
  readonly index: TransactionIndex;
  readonly tokens: TokenView;
  readonly seed: string;
  private currentSlot: bigint;
  private clockOffsetSeconds: number;
  private readonly blockhashes: Blockhashes;
  private readonly slotHashes: SlotHashes;
  /** The SlotHashes account's lamports and rent epoch, as LiteSVM (or the snapshot) made it. */
  private readonly slotHashesAccount: { readonly lamports: bigint; readonly rentEpoch: bigint };
  private readonly listeners: { [K in keyof ChainEvents]: Set<Listener<K>> } = {
    slot: new Set(),
    transaction: new Set(),
    accounts: new Set(),
  };
  private readonly prioritizationFees = new PrioritizationFees();
  /** Start time of recent slots, oldest first (a Map keeps insertion order). */
  private readonly slotTimes = new Map<bigint, number>();
  private readonly onListenerError: (error: unknown) => void;
  private readonly journal: ChainJournal | null;
  /** Set once the journal failed: the chain then refuses every further change. */
  private halted: JournalError | null = null;

  constructor(options: LocalChainOptions) {
    this.svm = options.svm ?? new LiteSvm();
    this.tokens = new TokenView((address) => this.getAccount(address));
    // The localnet checks blockhash age itself (150 slots) and duplicates through its own index,
    // so LiteSVM's single-hash check and its history are off (also for a restored snapshot).
    this.svm.setBlockhashCheck(false);
    this.svm.setTransactionHistory(0n);
    this.seed = options.seed;
    this.index = options.index ?? new TransactionIndex();
    this.journal = options.journal ?? null;
    this.currentSlot = options.slot;
    this.onListenerError =
      options.onListenerError ?? ((error) => console.error('[localnet]', error));
    this.clockOffsetSeconds = options.clockOffsetSeconds ?? 0;
    this.journal?.clockMoving(this.currentSlot, this.clockOffsetSeconds);
    this.blockhashes = new Blockhashes(options.seed);
    this.blockhashes.advanceTo(this.currentSlot);
    this.slotHashes = new SlotHashes((slot) => blockhashBytes(options.seed, slot));
    const sysvar = this.svm.getAccount(SLOT_HASHES_KEY);
    this.slotHashesAccount = {
      lamports:
        sysvar?.lamports() ??
        this.svm.minimumBalanceForRentExemption(BigInt(SLOT_HASHES_ACCOUNT_SIZE)),
      rentEpoch: sysvar?.rentEpoch() ?? 0n,
    };
    this.slotTimes.set(this.currentSlot, this.unixTimestamp());
    this.writeClock();
    // A restored snapshot holds the sysvar of its own slot: it is rebuilt for the slot resumed at.
    this.writeSlotHashes();
    this.tokens.rebuild((program) => this.programAccounts(program));
  }

  /**
   * Calls every listener of `event`. A listener that throws is reported, never propagated: the
   * transaction or slot that triggered it has already happened.
   */
  private emit<K extends keyof ChainEvents>(event: K, ...args: Parameters<ChainEvents[K]>): void {
    for (const listener of this.listeners[event] as Set<
      (...a: Parameters<ChainEvents[K]>) => void
    >) {
      try {
        listener(...args);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  on<K extends keyof ChainEvents>(event: K, listener: Listener<K>): () => void {
    const set = this.listeners[event] as Set<Listener<K>>;
    set.add(listener);
    return () => set.delete(listener);
  }

  // ---- clock -------------------------------------------------------------------------------

  get slot(): bigint {
    return this.currentSlot;
  }

  /** Block height equals slot: the localnet never skips a slot. */
  get blockHeight(): bigint {
    return this.currentSlot;
  }

  get clockOffset(): number {
    return this.clockOffsetSeconds;
  }

  unixTimestamp(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffsetSeconds;
  }

  /** Throws, leaving the clock where it was, when the journal cannot record the move. */
  advanceSlots(count = 1n): void {
    if (count <= 0n) return;
    this.journal?.clockMoving(this.currentSlot + count, this.clockOffsetSeconds);
    this.currentSlot += count;
    this.slotTimes.set(this.currentSlot, this.unixTimestamp());
    if (this.slotTimes.size > SLOT_TIMES_KEPT) {
      const oldest = this.slotTimes.keys().next().value;
      if (oldest !== undefined) this.slotTimes.delete(oldest);
    }
    this.blockhashes.advanceTo(this.currentSlot);
    // LiteSVM derives durable nonces from its own blockhash; moving it lets nonces advance per slot.
    this.svm.expireBlockhash();
    this.writeClock();
    this.writeSlotHashes();
    this.prioritizationFees.prune(this.currentSlot - MAX_PROCESSING_AGE);
    this.emit('slot', this.currentSlot);
  }

  setUnixTimestamp(unixTimestamp: number): void {
    const offset = unixTimestamp - Math.floor(Date.now() / 1000);
    this.journal?.clockMoving(this.currentSlot, offset);
    this.clockOffsetSeconds = offset;
    this.writeClock();
  }

  private writeClock(): void {
    const epoch = this.currentSlot / SLOTS_PER_EPOCH;
    const now = BigInt(this.unixTimestamp());
    this.svm.setClock(new Clock(this.currentSlot, now, epoch, epoch + 1n, now));
  }

  /**
   * Brings the SlotHashes sysvar to the current slot. Written as the sysvar's account, which
   * LiteSVM also loads into the sysvar cache programs read: a fifth of the cost of
   * `setSlotHashes` with 512 entries, and with the clock stopped every landing moves the slot.
   */
  private writeSlotHashes(): void {
    this.slotHashes.advanceTo(this.currentSlot);
    this.svm.setAccount(
      SLOT_HASHES_KEY,
      new Account(
        this.slotHashesAccount.lamports,
        this.slotHashes.accountData(),
        SYSVAR_OWNER_KEY,
        false,
        this.slotHashesAccount.rentEpoch,
      ),
    );
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    return {
      blockhash: this.blockhashes.hashForSlot(this.currentSlot),
      lastValidBlockHeight: this.currentSlot + MAX_PROCESSING_AGE,
    };
  }

  /** The blockhash of a past or current slot (any slot's hash can be derived from the seed). */
  blockhashOf(slot: bigint): string {
    return this.blockhashes.hashForSlot(slot);
  }

  /**
   * When a slot began, for getBlock/getBlockTime: remembered for recent slots, else taken from a
   * transaction that landed in it; null when neither is known (an old, empty slot).
   */
  blockTimeOf(slot: bigint): number | null {
    return this.slotTimes.get(slot) ?? this.index.inSlot(slot)[0]?.blockTime ?? null;
  }

  genesisHash(): string {
    return this.blockhashes.hashForSlot(-1n);
  }

  isBlockhashValid(blockhash: string): boolean {
    return this.blockhashes.validSlot(blockhash, this.currentSlot) !== undefined;
  }

  // ---- accounts ----------------------------------------------------------------------------

  getAccount(address: string): AccountState | null {
    return this.getAccountByBytes(decodeBase58(address));
  }

  getAccountByBytes(addressBytes: Uint8Array): AccountState | null {
    const account = this.svm.getAccount(addressBytes);
    if (account === null) return null;
    const lamports = account.lamports();
    // LiteSVM keeps closed accounts as empty zero-lamport entries; the RPC reports them as absent.
    if (lamports === 0n) return null;
    // Each accessor is a native call (~1.5 µs), and getMultipleAccounts makes a hundred reads:
    // only loader-owned accounts can be executable, and every account is rent-exempt today, so
    // those two are not asked for (rentEpoch reads as u64::MAX, as Agave reports it).
    const owner = encodeBase58(account.owner());
    return {
      lamports,
      data: account.data(),
      owner,
      executable: LOADERS.has(owner) ? account.executable() : false,
      rentEpoch: RENT_EXEMPT_EPOCH,
    };
  }

  getBalance(address: string): bigint {
    return this.svm.getBalance(decodeBase58(address)) ?? 0n;
  }

  programAccounts(programId: string): { address: string; account: AccountState }[] {
    return this.svm.getProgramAccounts(decodeBase58(programId)).flatMap((entry) => {
      const account = entry.account();
      const lamports = account.lamports();
      if (lamports === 0n) return [];
      return [
        {
          address: encodeBase58(entry.address),
          account: {
            lamports,
            data: account.data(),
            owner: programId,
            executable: LOADERS.has(programId) ? account.executable() : false,
            rentEpoch: RENT_EXEMPT_EPOCH,
          },
        },
      ];
    });
  }

  /** A direct account write (admin fixtures); subscribers and the token index see it. */
  writeAccount(address: string, state: AccountInput): void {
    this.writeAccounts([{ address, state }]);
  }

  /**
   * Direct account writes recorded as one change: all of them survive a crash, or none does
   * (a token account and its mint's supply, say).
   */
  writeAccounts(list: readonly { readonly address: string; readonly state: AccountInput }[]): void {
    if (this.halted !== null) throw this.halted;
    // Everything that can refuse bad input does so before the journal records anything.
    const writes: AccountWrite[] = list.map(({ address, state }) => ({
      address,
      account: { ...state, rentEpoch: state.rentEpoch ?? RENT_EXEMPT_EPOCH },
    }));
    const native = writes.map(({ address, account }) => ({
      key: decodeBase58(address),
      account: nativeAccount(account),
    }));
    try {
      this.journal?.accountsWritten(writes);
    } catch (error) {
      throw this.halt(error);
    }
    for (const [i, { address }] of writes.entries()) {
      const entry = native[i];
      if (entry === undefined) continue;
      this.svm.setAccount(entry.key, entry.account);
      this.tokens.accountWritten(address);
    }
    this.emit(
      'accounts',
      writes.map((w) => w.address),
    );
  }

  /** The journal failed: this change and every later one are refused. */
  private halt(cause: unknown): JournalError {
    this.halted = new JournalError(cause);
    return this.halted;
  }

  minimumBalanceForRentExemption(dataLength: bigint): bigint {
    return this.svm.minimumBalanceForRentExemption(dataLength);
  }

  /** Who owns or is delegated which token account (the RPC's token queries). */
  get tokenIndex(): TokenOwnerIndex {
    return this.tokens.index;
  }

  mintDecimals(mint: string): number | null {
    return this.tokens.mintDecimals(mint);
  }

  // ---- transactions ------------------------------------------------------------------------

  /** Checks that happen before execution: blockhash age and duplicate signatures. */
  precheck(tx: WireTransaction): TransactionErrorJson | null {
    if (this.index.get(tx.signature) !== undefined) return 'AlreadyProcessed';
    if (this.isBlockhashValid(tx.recentBlockhash)) return null;
    // A durable-nonce transaction is valid while its nonce account still holds that nonce.
    const nonceAccount = durableNonceAccountOf(tx);
    if (nonceAccount !== null && storedNonce(this.getAccount(nonceAccount)) === tx.recentBlockhash)
      return null;
    return 'BlockhashNotFound';
  }

  simulate(
    tx: WireTransaction,
    options: { sigVerify: boolean; checkBlockhash: boolean },
  ): SimulationOutcome {
    return simulateTransaction(this, tx, options);
  }

  /**
   * Executes for real. A transaction that fails before charging its fee (bad blockhash, no funds
   * for the fee, bad signature) does not land, as on mainnet; one that fails in a program lands
   * with its error and pays the fee.
   */
  land(tx: WireTransaction): LandOutcome {
    if (this.halted !== null) throw this.halted;
    const precheck = this.precheck(tx);
    if (precheck !== null) return { landed: false, err: precheck };
    const execution = executeTransaction(this, tx);
    if (!execution.charged) return { landed: false, err: execution.err };
    const { record, keys, writes } = execution;
    try {
      this.journal?.transactionLanded(record, writes);
    } catch (error) {
      // Not recorded, so it must not have happened: the written accounts get their old state back.
      execution.undo();
      throw this.halt(error);
    }
    const writable = writes.map((write) => write.address);
    this.index.add(record, keys);
    for (const { address, account } of writes) {
      this.tokens.indexAccount(address, account.lamports === 0n ? null : account);
    }
    this.prioritizationFees.record(this.currentSlot, computeBudgetOf(tx).unitPrice, writable);
    this.emit('transaction', record);
    this.emit('accounts', writable);
    return { landed: true, record };
  }

  /** Per slot, the compute-unit prices that landed (see PrioritizationFees). */
  recentPrioritizationFees(
    accounts: readonly string[],
  ): { slot: bigint; prioritizationFee: bigint }[] {
    return this.prioritizationFees.recent(accounts);
  }

  /** Whether a landed transaction is still in the status cache a plain status query searches. */
  inStatusCache(record: TransactionRecord): boolean {
    return this.currentSlot - record.slot <= STATUS_CACHE_SLOTS;
  }
}
