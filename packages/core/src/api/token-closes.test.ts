import { describe, expect, it } from 'vitest';
import {
  closeTokensEventSchema,
  closeTokensResultSchema,
  type CloseTokensEvent,
} from './token-closes';

const JOB_ID = '6f1d2c3b-4a5e-4f60-8a71-92b3c4d5e6f7';
const totals = {
  closedAccounts: 3,
  skippedAccounts: 1,
  rentLamports: '6117840',
  feeLamports: '15000',
  profitLamports: '6102840',
};
const events: CloseTokensEvent[] = [
  { event: 'start', data: { totalWallets: 2, jobId: JOB_ID } },
  {
    event: 'wallet',
    data: {
      processedWallets: 1,
      totalWallets: 2,
      closedInThisWallet: 3,
      skippedInThisWallet: 1,
      wallet: 'Wallet1111111111111111111111111111111111111',
      totals,
    },
  },
  {
    event: 'done',
    data: {
      totalWallets: 2,
      totalClosedAccounts: 3,
      totalSkippedAccounts: 1,
      totalRentLamports: '6117840',
      totalFeeLamports: '15000',
      profitLamports: '6102840',
    },
  },
];

describe('the close-tokens stream contract', () => {
  it('reads every event of spec 2 §7 as the server writes it', () => {
    for (const event of [...events, { event: 'error', data: { message: 'boom' } }]) {
      expect(closeTokensEventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
    }
  });

  it('refuses an unknown event, a lamport amount that is not digits and a start without its job', () => {
    expect(closeTokensEventSchema.safeParse({ event: 'progress', data: {} }).success).toBe(false);
    const wallet = events[1];
    expect(
      closeTokensEventSchema.safeParse({
        ...wallet,
        data: { ...wallet?.data, totals: { ...totals, rentLamports: '1.5' } },
      }).success,
    ).toBe(false);
    expect(
      closeTokensEventSchema.safeParse({ event: 'start', data: { totalWallets: 2 } }).success,
    ).toBe(false);
  });

  it('reads the buffered answer: the events and the final figures', () => {
    const done = events[2]?.event === 'done' ? events[2].data : null;
    const result = { jobId: JOB_ID, operationId: JOB_ID, events, done, error: null };
    expect(closeTokensResultSchema.parse(result)).toEqual(result);
    expect(closeTokensResultSchema.safeParse({ ...result, jobId: 'nope' }).success).toBe(false);
  });
});
