import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import {
  BURN_INITIATE_FAILED,
  burnMintRows,
  burnPlanFigures,
  burnPlanRefusal,
  burnSkippedRows,
  burnWalletRows,
  dustUsd,
  NOTHING_TO_BURN,
  skippedReasonText,
  symbolsByMint,
  thresholdText,
} from './burn-plan-view';
import {
  burnPlanFixture,
  FIXTURE_BIG_MINT,
  FIXTURE_DUST_MINT,
  FIXTURE_MASTER,
  FIXTURE_WALLETS,
} from './burn-plan-fixture';

const known = symbolsByMint([
  { mint: FIXTURE_DUST_MINT, symbol: 'DUST', decimals: 6 },
  { mint: FIXTURE_BIG_MINT, symbol: null, decimals: 9 },
]);

describe('a burn plan as the dialog shows it', () => {
  it('gives the wallets, the threshold, the accounts and value burned, what is skipped and why, rent, fees and net', () => {
    expect(burnPlanFigures(burnPlanFixture())).toEqual([
      { label: 'Wallets in scope', value: '2' },
      { label: 'Dust threshold', value: 'Below $1' },
      { label: 'Accounts to burn', value: '2' },
      { label: 'Value burned', value: '$0.0042', note: 'At the market’s prices when planned.' },
      { label: 'Skipped accounts', value: '2', note: '1 above threshold · 1 unpriced' },
      { label: 'Rent reclaimed', value: '0.004078 SOL' },
      { label: 'Fees', value: '0.000015 SOL' },
      { label: 'Net', value: '0.004063 SOL' },
      { label: 'Transactions', value: '1' },
      { label: 'Signatures', value: '3' },
      {
        label: 'Rent goes to',
        value: 'Master wallet',
        address: FIXTURE_MASTER,
        note: 'The master wallet pays every fee and receives the rent.',
      },
    ]);
  });

  it('says when the fees pass the rent, when picked unpriced mints are burned, and when each wallet keeps its rent', () => {
    const base = burnPlanFixture();
    const [dust] = base.mints;
    if (!dust) throw new Error('the fixture burns a mint');
    const figures = burnPlanFigures(
      burnPlanFixture({
        netLamports: '-5000',
        rentDestination: 'owner',
        skippedAccounts: 0,
        skippedByReason: {
          'above threshold': 0,
          unpriced: 0,
          frozen: 0,
          'withheld transfer fees': 0,
          'wrapped SOL': 0,
          empty: 0,
        },
        threshold: { kind: 'raw', belowRaw: '1000000' },
        mints: [dust, { ...dust, mint: 'Other', priceUsd: null, valueUsd: 'unpriced' }],
      }),
    );
    const byLabel = new Map(figures.map((figure) => [figure.label, figure]));
    expect(byLabel.get('Net')).toEqual({
      label: 'Net',
      value: '-0.000005 SOL',
      note: 'The fees are more than the rent reclaimed.',
    });
    expect(byLabel.get('Dust threshold')?.value).toBe('Below 1,000,000 raw units');
    expect(byLabel.get('Value burned')?.note).toBe(
      'Priced accounts only; 1 unpriced mint(s) burned as picked.',
    );
    expect(byLabel.get('Skipped accounts')).toEqual({ label: 'Skipped accounts', value: '0' });
    expect(byLabel.get('Rent goes to')).toMatchObject({ value: 'Each wallet keeps its rent' });
  });

  it('lists each burned mint with its symbol, accounts, owners, amount at its decimals and value', () => {
    const base = burnPlanFixture();
    const [dust] = base.mints;
    if (!dust) throw new Error('the fixture burns a mint');
    const rows = burnMintRows(
      burnPlanFixture({
        mints: [
          dust,
          {
            ...dust,
            mint: 'Unknown1111111111111',
            priceUsd: null,
            valueUsd: 'unpriced',
            program: 'token2022',
          },
        ],
      }),
      known,
    );
    expect(rows).toEqual([
      {
        key: FIXTURE_DUST_MINT,
        mint: FIXTURE_DUST_MINT,
        label: 'DUST',
        program: 'Token',
        accounts: '2',
        wallets: '2',
        amount: '0.0042',
        value: '$0.0042',
      },
      expect.objectContaining({
        label: 'Unkn…1111',
        program: 'Token-2022',
        value: 'unpriced (picked)',
      }),
    ]);
  });

  it('lists each wallet with what it burns, keeps, gets back and pays', () => {
    expect(burnWalletRows(burnPlanFixture())[0]).toEqual({
      key: FIXTURE_WALLETS[0],
      wallet: FIXTURE_WALLETS[0],
      burn: '1',
      skipped: '1',
      rent: '0.002039 SOL',
      fee: '0.000005 SOL',
      net: '0.002034 SOL',
    });
  });

  it('lists the skipped accounts with their reason, in raw units when the mint is not known', () => {
    const skipped = burnSkippedRows(burnPlanFixture({ skippedAccounts: 1_002 }), known);
    expect(skipped.unlisted).toBe(1_000);
    expect(skipped.rows.map((row) => [row.label, row.amount, row.value, row.reason])).toEqual([
      ['BigM…1111', '5', '$5.0K', 'above threshold'],
      ['Unpr…1111', '77 raw', 'unpriced', 'unpriced'],
    ]);
  });
});

describe('dust values', () => {
  it('shows cents as the spec formats dollars and less than a cent to two significant digits', () => {
    expect(dustUsd(0)).toBe('$0.00');
    expect(dustUsd(0.5)).toBe('$0.50');
    expect(dustUsd(0.01)).toBe('$0.01');
    expect(dustUsd(0.004213)).toBe('$0.0042');
    expect(dustUsd(0.0000001)).toBe('<$0.000001');
    expect(dustUsd(1500)).toBe('$1.5K');
  });

  it('names the threshold and the non-zero skip reasons', () => {
    expect(thresholdText({ kind: 'usd', belowUsd: '0.50' })).toBe('Below $0.50');
    expect(skippedReasonText({ frozen: 2, 'wrapped SOL': 0, empty: 1 })).toBe('2 frozen · 1 empty');
  });
});

describe('a plan the server refused', () => {
  it('warns with its toast when there is nothing to burn', () => {
    const error = new ApiError(
      400,
      JSON.stringify({
        code: 'TOKEN_BURN__NOTHING_TO_BURN',
        error: 'Nothing to burn - No token balances below the threshold found in scope.',
      }),
      'Bad Request',
    );
    expect(burnPlanRefusal(error)).toEqual({
      kind: 'warning',
      text: 'Nothing to burn - No token balances below the threshold found in scope.',
      toast: NOTHING_TO_BURN,
    });
  });

  it('shows any other refusal in the dialog, and the spec’s words when there was no answer', () => {
    const ready = new ApiError(409, JSON.stringify({ error: 'Master wallet not ready' }));
    expect(burnPlanRefusal(ready)).toEqual({
      kind: 'error',
      text: 'Master wallet not ready',
      toast: null,
    });
    expect(burnPlanRefusal(new NetworkError('')).text).toBe(BURN_INITIATE_FAILED);
    expect(burnPlanRefusal(new Error('zod')).text).toBe(BURN_INITIATE_FAILED);
  });
});
