import { describe, expect, it } from 'vitest';
import {
  burnTokensEventSchema,
  burnTokensPlanRequestSchema,
  burnTokensResultSchema,
  MAX_BURN_TOKEN_MINTS,
  type BurnTokensEvent,
} from './burn-tokens';

const MINT = 'So11111111111111111111111111111111111111112';

describe('A burn plan request', () => {
  it('takes a USD or a raw threshold, every wallet and the master as rent destination by default', () => {
    const usd = burnTokensPlanRequestSchema.parse({
      threshold: { kind: 'usd', belowUsd: '0.50' },
    });
    expect(usd).toEqual({
      walletAddresses: [],
      threshold: { kind: 'usd', belowUsd: '0.50' },
      unpricedMints: [],
      rentDestination: 'master',
    });
    const raw = burnTokensPlanRequestSchema.parse({
      threshold: { kind: 'raw', belowRaw: '1000' },
      tokenMints: [MINT],
      unpricedMints: [MINT],
      rentDestination: 'owner',
    });
    expect(raw.threshold).toEqual({ kind: 'raw', belowRaw: '1000' });
    expect(raw.tokenMints).toEqual([MINT]);
  });

  it('refuses thresholds that are negative or not numbers', () => {
    const bad: unknown[] = [
      { kind: 'usd', belowUsd: '-1' },
      { kind: 'usd', belowUsd: 'NaN' },
      { kind: 'usd', belowUsd: 'Infinity' },
      { kind: 'usd', belowUsd: '1e3' },
      { kind: 'usd', belowUsd: '' },
      { kind: 'usd', belowUsd: 0.5 },
      { kind: 'raw', belowRaw: '-5' },
      { kind: 'raw', belowRaw: '1.5' },
      { kind: 'raw', belowRaw: '18446744073709551616' },
      { kind: 'raw', belowRaw: 10 },
      { kind: 'percent', below: '1' },
      { kind: 'usd', belowUsd: '1', belowRaw: '1' },
    ];
    for (const threshold of bad) {
      expect(
        burnTokensPlanRequestSchema.safeParse({ threshold }).success,
        JSON.stringify(threshold),
      ).toBe(false);
    }
    expect(burnTokensPlanRequestSchema.safeParse({}).success).toBe(false);
  });

  it('refuses a mint list of 10,001 and addresses that are not base58 keys', () => {
    const many = Array.from({ length: MAX_BURN_TOKEN_MINTS + 1 }, () => MINT);
    const threshold = { kind: 'usd', belowUsd: '1' };
    expect(burnTokensPlanRequestSchema.safeParse({ threshold, tokenMints: many }).success).toBe(
      false,
    );
    expect(burnTokensPlanRequestSchema.safeParse({ threshold, unpricedMints: many }).success).toBe(
      false,
    );
    expect(
      burnTokensPlanRequestSchema.safeParse({ threshold, tokenMints: many.slice(1) }).success,
    ).toBe(true);
    expect(burnTokensPlanRequestSchema.safeParse({ threshold, tokenMints: ['nope'] }).success).toBe(
      false,
    );
  });
});

const JOB_ID = '6f1d2c3b-4a5e-4f60-8a71-92b3c4d5e6f7';
const totals = {
  burnedTokens: 2,
  closedAccounts: 2,
  failedAccounts: 0,
  rentLamports: '4078560',
  feeLamports: '5000',
  profitLamports: '4073560',
};
const events: BurnTokensEvent[] = [
  { event: 'start', data: { totalWallets: 2, jobId: JOB_ID } },
  {
    event: 'wallet',
    data: {
      processedWallets: 1,
      totalWallets: 2,
      burnedInThisWallet: 2,
      closedInThisWallet: 2,
      wallet: 'Wallet1111111111111111111111111111111111111',
      totals,
    },
  },
  {
    event: 'done',
    data: {
      totalWallets: 2,
      totalBurnedTokens: 2,
      totalClosedAccounts: 2,
      totalRentLamports: '4078560',
      totalFeeLamports: '5000',
      profitLamports: '4073560',
    },
  },
];

describe('the burn stream contract', () => {
  it('reads every event of spec 2 §7 as the server writes it', () => {
    for (const event of [...events, { event: 'error', data: { message: 'boom' } }]) {
      expect(burnTokensEventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
    }
  });

  it('refuses an unknown event, a lamport amount that is not digits and a wallet without its counts', () => {
    expect(burnTokensEventSchema.safeParse({ event: 'progress', data: {} }).success).toBe(false);
    const done = events[2];
    expect(
      burnTokensEventSchema.safeParse({
        ...done,
        data: { ...done?.data, totalRentLamports: '1.5' },
      }).success,
    ).toBe(false);
    const wallet = events[1];
    expect(
      burnTokensEventSchema.safeParse({
        ...wallet,
        data: { ...wallet?.data, burnedInThisWallet: undefined },
      }).success,
    ).toBe(false);
  });

  it('reads the buffered answer: the events and the final figures', () => {
    const done = events[2]?.event === 'done' ? events[2].data : null;
    const result = { jobId: JOB_ID, operationId: JOB_ID, events, done, error: null };
    expect(burnTokensResultSchema.parse(result)).toEqual(result);
    expect(burnTokensResultSchema.safeParse({ ...result, jobId: 'nope' }).success).toBe(false);
  });
});
