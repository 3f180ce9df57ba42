import { describe, expect, it } from 'vitest';
import {
  closeHistoryFilterSchema,
  closeHistoryQuerySchema,
  closeProfitLamports,
} from './close-history';

const WALLET = '9sBory5aFhsv9E3o8ZcFsZ4T9efGP8idVhRDUzdU5cgq';

describe('the close history contract', () => {
  it('reads a date as its whole UTC day: from its first instant, to before the next day', () => {
    expect(closeHistoryFilterSchema.parse({ from: '2026-11-01', to: '2026-11-02' })).toEqual({
      wallet: undefined,
      mint: undefined,
      from: new Date('2026-11-01T00:00:00.000Z'),
      before: new Date('2026-11-03T00:00:00.000Z'),
    });
  });

  it('reads an instant with its offset, `to` included', () => {
    const filter = closeHistoryFilterSchema.parse({
      from: '2026-11-01T10:00:00+02:00',
      to: '2026-11-01T12:00:00.000Z',
    });
    expect(filter.from).toEqual(new Date('2026-11-01T08:00:00.000Z'));
    expect(filter.before).toEqual(new Date('2026-11-01T12:00:00.001Z'));
  });

  it('treats empty parameters as no filter, and pages 100 by default', () => {
    expect(
      closeHistoryQuerySchema.parse({ wallet: '', mint: '', from: '', to: '', cursor: '' }),
    ).toEqual({
      wallet: undefined,
      mint: undefined,
      from: undefined,
      before: undefined,
      cursor: undefined,
      limit: 100,
    });
    expect(closeHistoryQuerySchema.parse({ wallet: WALLET, limit: '500' })).toMatchObject({
      wallet: WALLET,
      limit: 500,
    });
  });

  it.each([
    [{ limit: '0' }],
    [{ limit: '501' }],
    [{ limit: '1.5' }],
    [{ wallet: 'not-an-address' }],
    [{ mint: 'x'.repeat(44) }],
    [{ from: '2026-02-30' }],
    [{ from: '0000-01-01' }],
    [{ to: '+275760-09-13T00:00:00.000Z' }],
    [{ to: '300000-01-01' }],
    [{ from: '2026-11-01T10:00:00' }],
    [{ from: '2026-11-03', to: '2026-11-02' }],
    [{ cursor: 'x'.repeat(201) }],
  ])('refuses %j', (query) => {
    expect(closeHistoryQuerySchema.safeParse(query).success).toBe(false);
  });

  it('floors profit at 0 (spec 2 §9)', () => {
    expect(closeProfitLamports(2_039_280n, 5_000n)).toBe(2_034_280n);
    expect(closeProfitLamports(5_000n, 5_000n)).toBe(0n);
    expect(closeProfitLamports(1_000n, 5_000n)).toBe(0n);
  });
});
