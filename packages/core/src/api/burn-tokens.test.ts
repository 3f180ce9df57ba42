import { describe, expect, it } from 'vitest';
import { burnTokensPlanRequestSchema, MAX_BURN_TOKEN_MINTS } from './burn-tokens';

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
