import { describe, expect, it } from 'vitest';
import {
  MAX_TOKEN_TRANSFER_MINTS,
  distributeSplTokensPlanRequestSchema,
  splTokensExecuteRequestSchema,
  splWithdrawalFinishedToast,
  withdrawSplTokensPlanRequestSchema,
  type SplTransferReport,
} from './token-transfers';

const WALLET = '9sBory5aFhsv9E3o8ZcFsZ4T9efGP8idVhRDUzdU5cgq';
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('the SPL withdrawal contract', () => {
  it('reads an empty body as every wallet, every token, accounts left open', () => {
    expect(withdrawSplTokensPlanRequestSchema.parse({})).toEqual({
      publicAddresses: [],
      closeEmptied: false,
    });
  });

  it('takes one mint or a list of them, and refuses an empty list and a list of 10,001', () => {
    expect(
      withdrawSplTokensPlanRequestSchema.parse({ tokenMints: [MINT], closeEmptied: true }),
    ).toEqual({ publicAddresses: [], tokenMints: [MINT], closeEmptied: true });
    expect(withdrawSplTokensPlanRequestSchema.safeParse({ tokenMints: [] }).success).toBe(false);
    const many = Array.from({ length: MAX_TOKEN_TRANSFER_MINTS + 1 }, () => MINT);
    expect(messages(withdrawSplTokensPlanRequestSchema.safeParse({ tokenMints: many }))).toEqual([
      'At most 10000 token mints',
    ]);
  });

  it('refuses fields it does not know, so a misspelt option is not silently ignored', () => {
    expect(withdrawSplTokensPlanRequestSchema.safeParse({ closeEmpty: true }).success).toBe(false);
    expect(splTokensExecuteRequestSchema.safeParse({ planId: 'a'.repeat(64) }).success).toBe(true);
    expect(splTokensExecuteRequestSchema.safeParse({ planId: 'nope' }).success).toBe(false);
  });
});

describe('the SPL distribution contract', () => {
  it('takes an equal amount for all, or one per recipient', () => {
    expect(
      distributeSplTokensPlanRequestSchema.parse({
        mint: MINT,
        amountEach: '1.5',
        recipients: [{ address: WALLET }],
      }),
    ).toEqual({ mint: MINT, unit: 'ui', amountEach: '1.5', recipients: [{ address: WALLET }] });
    expect(
      distributeSplTokensPlanRequestSchema.safeParse({
        mint: MINT,
        unit: 'raw',
        recipients: [{ address: WALLET, amount: '1000' }],
      }).success,
    ).toBe(true);
  });

  it.each(['-1', '1e3', 'abc', '1,5', '', ' 1', '0x10', '1.2.3'])(
    'refuses the amount %j with a sentence',
    (amount) => {
      const result = distributeSplTokensPlanRequestSchema.safeParse({
        mint: MINT,
        amountEach: amount,
        recipients: [{ address: WALLET }],
      });
      expect(result.success).toBe(false);
      expect(messages(result).join(' ')).toMatch(/number of tokens/);
    },
  );

  it('refuses zero recipients, a recipient without an amount, and one named twice over', () => {
    expect(
      messages(
        distributeSplTokensPlanRequestSchema.safeParse({
          mint: MINT,
          amountEach: '1',
          recipients: [],
        }),
      ),
    ).toEqual(['Add at least one recipient']);
    expect(
      messages(
        distributeSplTokensPlanRequestSchema.safeParse({
          mint: MINT,
          recipients: [{ address: WALLET }],
        }),
      ),
    ).toEqual(['Give every recipient an amount, or one amount for all (amountEach)']);
    expect(
      distributeSplTokensPlanRequestSchema.safeParse({
        mint: MINT,
        amountEach: '1',
        recipients: [{ address: WALLET, walletId: '5b0e3f8e-0c5b-4a8e-9f3e-2b7c1d9e4a10' }],
      }).success,
    ).toBe(false);
  });
});

describe("spec 2 §8's withdrawal toast", () => {
  const report = (errors: number): SplTransferReport => ({
    operationId: '5b0e3f8e-0c5b-4a8e-9f3e-2b7c1d9e4a10',
    kind: 'token.withdraw',
    totals: {
      processedWallets: 3,
      totalWallets: 3,
      succeededWallets: 3 - errors,
      failedWallets: errors,
      transfers: 5,
      closes: 0,
      createdAccounts: 1,
      failedTransfers: errors,
      feeLamports: '15000',
      reclaimedRentLamports: '0',
      accountRentLamports: '2039280',
    },
    mints: [],
    errors: Array.from({ length: errors }, () => ({
      wallet: WALLET,
      tokenAccount: WALLET,
      mint: MINT,
      signature: null,
      message: 'failed',
    })),
    done: true,
  });

  it('is a success when everything went through, and a warning with errors or after Abort', () => {
    expect(splWithdrawalFinishedToast({ status: 'succeeded', report: report(0) })).toMatchObject({
      title: 'SPL Token Withdrawal Finished',
      tone: 'success',
    });
    expect(splWithdrawalFinishedToast({ status: 'succeeded', report: report(1) }).tone).toBe(
      'warning',
    );
    expect(splWithdrawalFinishedToast({ status: 'cancelled', report: report(0) }).tone).toBe(
      'warning',
    );
  });
});
