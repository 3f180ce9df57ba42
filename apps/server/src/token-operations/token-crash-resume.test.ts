import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCrashSession, type OpenCrashSession } from '../testing/crash/crash-session';
import {
  burnUnderKills,
  closeUnderKills,
  distributeUnderKills,
  issuerFor,
  withdrawUnderKills,
  type Issuer,
  type TokenOperationOutcome,
} from '../testing/crash/token-operations';

/**
 * Kills per operation: one, in flight, is what each operation's resume must survive; a restart
 * takes seconds of the suite's 30 minutes, so the repeated kills are the bench's
 * (bench/crash/tokens.ts runs 20 over larger jobs).
 */
const KILLS = 1;
const WALLETS = 24;

/** Every item applied once on chain, the chain where the ledger puts it, nothing left open. */
function expectPaidOnceAndReconciled(outcome: TokenOperationOutcome): void {
  expect(outcome, outcome.kind).toMatchObject({
    jobStatus: 'succeeded',
    wrongItems: 0,
    ledgerMismatches: 0,
    supplyMismatches: 0,
    masterDrift: 0n,
    unfinishedItems: 0,
    unsettled: 0,
    resignedEarly: 0,
    expiredButLanded: 0,
    unrecordedLandings: 0,
  });
  expect(outcome.paidOnce).toBe(outcome.items);
  // The chain shows as many transactions of the master as the ledger has landed: no other.
  expect(outcome.landedOnChain).toBe(outcome.landedInLedger);
  // At least one kill came while a transaction was planned, signed or sent, not after the end.
  expect(outcome.kills).toBeGreaterThan(0);
  expect(outcome.killsInFlight).toBeGreaterThan(0);
  expect(outcome.kills).toBeLessThanOrEqual(KILLS);
}

// Issue 19, "Trust": `npm start` killed with SIGKILL at points of each token operation's ledger
// and restarted on the same data directory; afterwards the chain is held against the ledger. The
// four operations share one server and its wallets, each with mints of its own.
// bench/crash/tokens.ts runs the same with 20 kills each over 1,200 to 4,000 wallets.
describe('token operations across kill -9 of the server', () => {
  let session: OpenCrashSession;
  let issuer: Issuer;
  let wallets: { id: string; address: string }[];
  const options = { kills: KILLS, maxKillDelayMs: 0, log: () => undefined };

  beforeAll(async () => {
    session = await openCrashSession(options);
    wallets = await session.createWallets(WALLETS);
    issuer = await issuerFor(session);
  }, 120_000);
  afterAll(() => session.close());

  it('closes every empty account once, its rent with the master', async () => {
    const outcome = await closeUnderKills(session, issuer, {
      ...options,
      wallets,
      accountsPerWallet: 2,
    });
    expect(outcome.items).toBe(WALLETS * 2);
    expectPaidOnceAndReconciled(outcome);
  }, 120_000);

  it('burns every dust balance once and closes its account, its rent with the master', async () => {
    const outcome = await burnUnderKills(session, issuer, { ...options, wallets, mints: 2 });
    expect(outcome.items).toBe(WALLETS * 2);
    expectPaidOnceAndReconciled(outcome);
  }, 120_000);

  it('withdraws every balance to the master once, closing what it empties', async () => {
    const outcome = await withdrawUnderKills(session, issuer, { ...options, wallets, mints: 1 });
    expect(outcome.items).toBe(WALLETS);
    expectPaidOnceAndReconciled(outcome);
  }, 120_000);

  it('pays every recipient of an SPL distribution once', async () => {
    const outcome = await distributeUnderKills(session, issuer, {
      ...options,
      wallets,
      program: 'token2022',
      amountEach: 250n,
    });
    expect(outcome.items).toBe(WALLETS);
    expectPaidOnceAndReconciled(outcome);
  }, 120_000);
});
