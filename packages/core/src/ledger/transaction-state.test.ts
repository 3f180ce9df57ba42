import { describe, expect, it } from 'vitest';
import {
  applyObservation,
  type ChainObservation,
  type LedgerTransaction,
  mayStillLand,
  nextStep,
  type NextStepKind,
  nothingObserved,
  plannedTransaction,
  REBROADCAST_INTERVAL_MS,
  resumeSteps,
  TRANSACTION_STATES,
  type TransactionEvent,
  type TransactionState,
  transition,
} from './transaction-state';

const LAST_VALID = 100n;

/** A stored record is frozen, like the records `transition` returns. */
function txIn(state: TransactionState): LedgerTransaction {
  return Object.freeze(buildTx(state));
}

function buildTx(state: TransactionState): LedgerTransaction {
  const planned = plannedTransaction('t1', 'op1', ['i1', 'i2']);
  if (state === 'planned') return planned;
  const signed: LedgerTransaction = {
    ...planned,
    state: 'signed',
    signature: 'sig-1',
    lastValidBlockHeight: LAST_VALID,
  };
  switch (state) {
    case 'signed':
      return signed;
    case 'sent':
      return { ...signed, state: 'sent', broadcasts: 1, lastBroadcastAt: 0 };
    case 'confirmed':
      return { ...signed, state: 'confirmed', broadcasts: 1, lastBroadcastAt: 0 };
    case 'failed':
      return {
        ...signed,
        state: 'failed',
        broadcasts: 1,
        lastBroadcastAt: 0,
        failureReason: 'InsufficientFundsForRent',
      };
    case 'expired':
      return { ...signed, state: 'expired', broadcasts: 3, blockHeightSeen: LAST_VALID + 1n };
  }
}

const EVENTS = {
  signed: { type: 'signed', signature: 'sig-2', lastValidBlockHeight: 200n },
  broadcast: { type: 'broadcast', at: 5_000 },
  blockHeightNow: { type: 'blockHeightNow', height: 50n },
  confirmed: { type: 'statusSeen', status: { kind: 'confirmed' } },
  landedFailed: { type: 'statusSeen', status: { kind: 'failed', reason: 'custom program error' } },
  notFound: { type: 'statusSeen', status: { kind: 'notFound' } },
} as const satisfies Record<string, TransactionEvent>;

type EventName = keyof typeof EVENTS;
type Outcome = TransactionState | 'ILLEGAL' | 'LANDED_AFTER_EXPIRY';

/** Every (state, event) pair and what the ledger does with it. */
const TABLE: Record<TransactionState, Record<EventName, Outcome>> = {
  planned: {
    signed: 'signed',
    broadcast: 'ILLEGAL',
    blockHeightNow: 'ILLEGAL',
    confirmed: 'ILLEGAL',
    landedFailed: 'ILLEGAL',
    notFound: 'ILLEGAL',
  },
  signed: {
    signed: 'ILLEGAL',
    broadcast: 'sent',
    blockHeightNow: 'signed',
    confirmed: 'confirmed',
    landedFailed: 'failed',
    notFound: 'signed',
  },
  sent: {
    signed: 'ILLEGAL',
    broadcast: 'sent',
    blockHeightNow: 'sent',
    confirmed: 'confirmed',
    landedFailed: 'failed',
    notFound: 'sent',
  },
  confirmed: {
    signed: 'ILLEGAL',
    broadcast: 'ILLEGAL',
    blockHeightNow: 'ILLEGAL',
    confirmed: 'confirmed',
    landedFailed: 'ILLEGAL',
    notFound: 'ILLEGAL',
  },
  failed: {
    signed: 'ILLEGAL',
    broadcast: 'ILLEGAL',
    blockHeightNow: 'ILLEGAL',
    confirmed: 'ILLEGAL',
    landedFailed: 'failed',
    notFound: 'ILLEGAL',
  },
  expired: {
    signed: 'ILLEGAL',
    broadcast: 'ILLEGAL',
    blockHeightNow: 'ILLEGAL',
    confirmed: 'LANDED_AFTER_EXPIRY',
    landedFailed: 'LANDED_AFTER_EXPIRY',
    notFound: 'expired',
  },
};

const PAIRS = TRANSACTION_STATES.flatMap((state) =>
  (Object.keys(EVENTS) as EventName[]).map((event) => ({
    state,
    event,
    expected: TABLE[state][event],
  })),
);

describe('the ledger transaction state machine (issue 17)', () => {
  it('has a row for each of the 36 (state, event) pairs', () => {
    expect(PAIRS).toHaveLength(36);
  });

  it.each(PAIRS)('$state + $event → $expected', ({ state, event, expected }) => {
    const before = txIn(state);
    const result = transition(before, EVENTS[event]);
    if (expected === 'ILLEGAL' || expected === 'LANDED_AFTER_EXPIRY') {
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe(
        expected === 'ILLEGAL' ? 'LEDGER__ILLEGAL_TRANSITION' : 'LEDGER__LANDED_AFTER_EXPIRY',
      );
      expect(result.error.context).toMatchObject({ transactionId: 't1' });
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.state).toBe(expected);
    expect(Object.isFrozen(result.value)).toBe(true);
    // Once signed, the signature and its last valid height never change.
    if (before.signature !== null) {
      expect(result.value.signature).toBe(before.signature);
      expect(result.value.lastValidBlockHeight).toBe(before.lastValidBlockHeight);
    }
  });

  it('stores the signature and last valid height when signed, before any broadcast', () => {
    const signed = transition(plannedTransaction('t1', 'op1', ['i1']), EVENTS.signed);
    expect(signed).toMatchObject({
      ok: true,
      value: { state: 'signed', signature: 'sig-2', lastValidBlockHeight: 200n, broadcasts: 0 },
    });
  });

  it('counts every broadcast of the same bytes and when it happened', () => {
    const once = transition(txIn('signed'), { type: 'broadcast', at: 1_000 });
    if (!once.ok) throw once.error;
    const twice = transition(once.value, { type: 'broadcast', at: 3_000 });
    expect(twice).toMatchObject({ ok: true, value: { broadcasts: 2, lastBroadcastAt: 3_000 } });
  });

  it('uses a height for the next status check only', () => {
    const past = transition(txIn('sent'), { type: 'blockHeightNow', height: LAST_VALID + 1n });
    if (!past.ok) throw past.error;
    const lagging = transition(past.value, { type: 'blockHeightNow', height: 80n });
    expect(lagging).toMatchObject({ ok: true, value: { blockHeightSeen: 80n } });
    if (!lagging.ok) return;
    // A not-found in time uses the height up: a later not-found needs a fresh height of its own.
    const inTime = transition(lagging.value, EVENTS.notFound);
    expect(inTime).toMatchObject({ ok: true, value: { state: 'sent', blockHeightSeen: null } });
    if (!inTime.ok) return;
    expect(transition(inTime.value, EVENTS.notFound)).toMatchObject({
      ok: true,
      value: { state: 'sent' },
    });
  });

  it('expires only on a status that finds nothing after a height past the last valid one', () => {
    for (const state of ['signed', 'sent'] as const) {
      for (const [height, expected] of [
        [LAST_VALID - 1n, state],
        [LAST_VALID, state],
        [LAST_VALID + 1n, 'expired'],
      ] as const) {
        const seen = transition(txIn(state), { type: 'blockHeightNow', height });
        if (!seen.ok) throw seen.error;
        expect(transition(seen.value, EVENTS.notFound)).toMatchObject({
          ok: true,
          value: { state: expected },
        });
      }
      // A height past the last valid one is not expiry by itself: the status decides.
      const past = transition(txIn(state), { type: 'blockHeightNow', height: LAST_VALID + 9n });
      if (!past.ok) throw past.error;
      expect(past.value.state).toBe(state);
      expect(transition(past.value, EVENTS.confirmed)).toMatchObject({
        ok: true,
        value: { state: 'confirmed' },
      });
    }
  });

  it('keeps the chain’s reason when a transaction landed with an error', () => {
    expect(transition(txIn('sent'), EVENTS.landedFailed)).toMatchObject({
      ok: true,
      value: { state: 'failed', failureReason: 'custom program error' },
    });
  });
});

const OBSERVATIONS = {
  nothing: nothingObserved(10_000),
  confirmed: { status: { kind: 'confirmed' }, blockHeight: 60n, now: 10_000 },
  landedFailed: {
    status: { kind: 'failed', reason: 'insufficient lamports' },
    blockHeight: 60n,
    now: 10_000,
  },
  notFoundInTime: { status: { kind: 'notFound' }, blockHeight: LAST_VALID, now: 10_000 },
  notFoundNoHeight: { status: { kind: 'notFound' }, blockHeight: null, now: 10_000 },
  notFoundPastExpiry: { status: { kind: 'notFound' }, blockHeight: LAST_VALID + 1n, now: 10_000 },
  confirmedPastExpiry: { status: { kind: 'confirmed' }, blockHeight: LAST_VALID + 5n, now: 10_000 },
} as const satisfies Record<string, ChainObservation>;

type ObservationName = keyof typeof OBSERVATIONS;

const STEPS: Record<TransactionState, Record<ObservationName, NextStepKind>> = {
  planned: {
    nothing: 'sign',
    confirmed: 'sign',
    landedFailed: 'sign',
    notFoundInTime: 'sign',
    notFoundNoHeight: 'sign',
    notFoundPastExpiry: 'sign',
    confirmedPastExpiry: 'sign',
  },
  signed: {
    nothing: 'checkStatus',
    confirmed: 'markConfirmed',
    landedFailed: 'markFailed',
    notFoundInTime: 'broadcastSameBytes',
    notFoundNoHeight: 'broadcastSameBytes',
    notFoundPastExpiry: 'markExpired',
    confirmedPastExpiry: 'markConfirmed',
  },
  sent: {
    nothing: 'checkStatus',
    confirmed: 'markConfirmed',
    landedFailed: 'markFailed',
    notFoundInTime: 'broadcastSameBytes',
    notFoundNoHeight: 'broadcastSameBytes',
    notFoundPastExpiry: 'markExpired',
    confirmedPastExpiry: 'markConfirmed',
  },
  confirmed: {
    nothing: 'done',
    confirmed: 'done',
    landedFailed: 'done',
    notFoundInTime: 'done',
    notFoundNoHeight: 'done',
    notFoundPastExpiry: 'done',
    confirmedPastExpiry: 'done',
  },
  failed: {
    nothing: 'done',
    confirmed: 'done',
    landedFailed: 'done',
    notFoundInTime: 'done',
    notFoundNoHeight: 'done',
    notFoundPastExpiry: 'done',
    confirmedPastExpiry: 'done',
  },
  expired: {
    nothing: 'replanItems',
    confirmed: 'replanItems',
    landedFailed: 'replanItems',
    notFoundInTime: 'replanItems',
    notFoundNoHeight: 'replanItems',
    notFoundPastExpiry: 'replanItems',
    confirmedPastExpiry: 'replanItems',
  },
};

const STEP_CASES = TRANSACTION_STATES.flatMap((state) =>
  (Object.keys(OBSERVATIONS) as ObservationName[]).map((observation) => ({
    state,
    observation,
    expected: STEPS[state][observation],
  })),
);

describe('nextStep: the one safe action', () => {
  it.each(STEP_CASES)(
    '$state seeing $observation → $expected',
    ({ state, observation, expected }) => {
      expect(nextStep(txIn(state), OBSERVATIONS[observation]).kind).toBe(expected);
    },
  );

  it('never answers sign or replan while an earlier transaction may still land', () => {
    for (const { state, observation } of STEP_CASES) {
      const tx = txIn(state);
      const step = nextStep(tx, OBSERVATIONS[observation]);
      if (mayStillLand(tx)) {
        expect(['sign', 'replanItems']).not.toContain(step.kind);
      }
      if (step.kind === 'replanItems') expect(tx.state).toBe('expired');
      if (step.kind === 'sign') expect(tx.signature).toBeNull();
      if (step.kind === 'markExpired') {
        const seen = OBSERVATIONS[observation];
        expect(seen.status?.kind).toBe('notFound');
        expect(seen.blockHeight !== null && seen.blockHeight > LAST_VALID).toBe(true);
      }
    }
  });

  it('treats a transaction that landed with an error as final', () => {
    const failed = applyObservation(txIn('sent'), OBSERVATIONS.landedFailed);
    if (!failed.ok) throw failed.error;
    expect(failed.value).toMatchObject({ state: 'failed', failureReason: 'insufficient lamports' });
    for (const observation of Object.values(OBSERVATIONS)) {
      expect(nextStep(failed.value, observation).kind).toBe('done');
    }
    for (const event of Object.values(EVENTS)) {
      const result = transition(failed.value, event);
      if (result.ok) expect(result.value).toBe(failed.value);
    }
  });

  it('waits between rebroadcasts of the same bytes, then rebroadcasts', () => {
    const sent = { ...txIn('sent'), lastBroadcastAt: 9_000 };
    const notFound = { status: { kind: 'notFound' }, blockHeight: 70n } as const;
    expect(nextStep(sent, { ...notFound, now: 9_500 })).toEqual({
      kind: 'wait',
      untilMs: 9_000 + REBROADCAST_INTERVAL_MS,
    });
    expect(nextStep(sent, { ...notFound, now: 9_000 + REBROADCAST_INTERVAL_MS }).kind).toBe(
      'broadcastSameBytes',
    );
  });

  it('does not pair a height remembered from an earlier check with a later not-found', () => {
    // The remembered height may come from an endpoint ahead of the one that answers not-found.
    const seen = { ...txIn('sent'), blockHeightSeen: LAST_VALID + 3n };
    expect(nextStep(seen, OBSERVATIONS.notFoundNoHeight).kind).toBe('broadcastSameBytes');
    expect(nextStep(seen, OBSERVATIONS.notFoundInTime).kind).toBe('broadcastSameBytes');
  });

  it('re-plans the items of an expired transaction, and only those', () => {
    expect(nextStep(txIn('expired'), OBSERVATIONS.nothing)).toEqual({
      kind: 'replanItems',
      itemIds: ['i1', 'i2'],
    });
  });

  it('applies a marked observation through the transitions, which check expiry again', () => {
    const expired = applyObservation(txIn('sent'), OBSERVATIONS.notFoundPastExpiry);
    expect(expired).toMatchObject({ ok: true, value: { state: 'expired' } });
    const notYet = applyObservation(txIn('sent'), OBSERVATIONS.notFoundInTime);
    expect(notYet).toMatchObject({
      ok: true,
      value: { state: 'sent', blockHeightSeen: null },
    });
    const heightAlone = applyObservation(txIn('sent'), {
      status: null,
      blockHeight: LAST_VALID + 1n,
      now: 0,
    });
    expect(heightAlone).toMatchObject({ ok: true, value: { blockHeightSeen: null } });
    const planned = applyObservation(txIn('planned'), OBSERVATIONS.confirmed);
    expect(planned).toMatchObject({ ok: true, value: { state: 'planned' } });
  });
});

describe('resume after a crash', () => {
  it('reconciles every signed or sent transaction with the chain before anything continues', () => {
    const all = TRANSACTION_STATES.map((state) => ({ ...txIn(state), id: `t-${state}` }));
    const steps = resumeSteps(all, 10_000);
    const kinds = steps.map(({ step }) => step.kind);
    const firstOther = kinds.findIndex((kind) => kind !== 'checkStatus');
    expect(kinds.slice(0, firstOther)).toEqual(['checkStatus', 'checkStatus']);
    expect(steps.slice(0, 2).map(({ tx }) => tx.state)).toEqual(['signed', 'sent']);
    expect(kinds.slice(firstOther)).not.toContain('checkStatus');
    expect(kinds).not.toContain('broadcastSameBytes');
    // Resuming from each single state: in flight → ask first; otherwise nothing can land.
    const expected: Record<TransactionState, NextStepKind> = {
      planned: 'sign',
      signed: 'checkStatus',
      sent: 'checkStatus',
      confirmed: 'done',
      failed: 'done',
      expired: 'replanItems',
    };
    for (const state of TRANSACTION_STATES) {
      expect(resumeSteps([txIn(state)], 0).map(({ step }) => step.kind)).toEqual([expected[state]]);
    }
  });
});
