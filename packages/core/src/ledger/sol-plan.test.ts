import { describe, expect, it } from 'vitest';
import type { Lamports } from '../primitives/lamports';
import {
  describeFeeStrategy,
  FALLBACK_FEE_LAMPORTS,
  feePayers,
  planSolAggregation,
  planSolDistribution,
  RENT_EXEMPT_MINIMUM_LAMPORTS,
  type SolPlan,
  specDistributionFee,
} from './sol-plan';

const L = (value: bigint) => value as Lamports;
const SOL = 1_000_000_000n;
const master = (balance: bigint, hasKey = true) => ({
  address: 'MASTER',
  balance: L(balance),
  hasKey,
});
const codes = (plan: SolPlan) => plan.problems.map((problem) => problem.code);

describe('the rent-exempt minimum', () => {
  it('is 128 bytes of account overhead × 3,480 lamports per byte-year × 2 years', () => {
    expect(RENT_EXEMPT_MINIMUM_LAMPORTS).toBe(128n * 3_480n * 2n);
    expect(RENT_EXEMPT_MINIMUM_LAMPORTS).toBe(890_880n);
  });
});

describe('the spec’s distribution fee (spec 2 §9)', () => {
  it('is 5,000 per signature plus 5,000 micro-lamports per compute unit, rounded up', () => {
    // 30,000 × 20 + 50,000 = 650,000 CU × 5,000 µL = 3,250 lamports.
    expect(specDistributionFee({ signers: 1, transfers: 20 })).toBe(8_250n);
    // 80,000 CU × 5,000 µL = 400 lamports.
    expect(specDistributionFee({ signers: 1, transfers: 1 })).toBe(5_400n);
  });
});

describe('planning a distribution from the master', () => {
  it('skips zero amounts, packs transfers and computes every balance after', () => {
    const plan = planSolDistribution({
      master: master(10n * SOL),
      recipients: [
        { address: 'R1', balance: L(0n), amount: L(SOL) },
        { address: 'R2', balance: L(5n), amount: L(0n) },
        { address: 'R3', balance: L(2n * SOL), amount: L(SOL / 2n) },
      ],
      fee: 5_000n,
      recipientsPerTransaction: 1,
    });
    expect(plan.ready).toBe(true);
    expect(plan.problems).toEqual([]);
    expect(plan.skipped).toEqual([{ address: 'R2', reason: 'zeroAmount' }]);
    expect(plan.transactions).toHaveLength(2);
    expect(plan.totalAmount).toBe((3n * SOL) / 2n);
    expect(plan.totalFees).toBe(10_000n);
    expect(plan.balances).toEqual([
      { address: 'MASTER', before: 10n * SOL, after: 10n * SOL - (3n * SOL) / 2n - 10_000n },
      { address: 'R1', before: 0n, after: SOL },
      { address: 'R3', before: 2n * SOL, after: (5n * SOL) / 2n },
    ]);
  });

  it('puts 20 transfers in a legacy transaction by default, the master signing each', () => {
    const recipients = Array.from({ length: 45 }, (_, i) => ({
      address: `R${i}`,
      balance: L(SOL),
      amount: L(1_000n),
    }));
    const plan = planSolDistribution({
      master: master(SOL),
      recipients,
      fee: specDistributionFee,
    });
    expect(plan.transactions.map((tx) => tx.transfers.length)).toEqual([20, 20, 5]);
    expect(plan.transactions.map((tx) => tx.fee)).toEqual([8_250n, 8_250n, 6_000n]);
    expect(plan.transactions.every((tx) => tx.signers.join() === 'MASTER')).toBe(true);
  });

  it('needs the master wallet with its key', () => {
    for (const missing of [null, master(SOL, false)]) {
      const plan = planSolDistribution({
        master: missing,
        recipients: [{ address: 'R1', balance: L(SOL), amount: L(SOL) }],
        fee: 5_000n,
      });
      expect(plan.ready).toBe(false);
      expect(plan.problems.map((p) => p.message)).toEqual(['Master wallet not ready']);
    }
  });

  it('refuses a master short of the amounts plus fees', () => {
    const plan = planSolDistribution({
      master: master(SOL),
      recipients: [{ address: 'R1', balance: L(SOL), amount: L(SOL) }],
      fee: 5_000n,
    });
    expect(plan.ready).toBe(false);
    expect(plan.problems).toEqual([
      {
        code: 'SOL_PLAN__MASTER_BALANCE_SHORT',
        message:
          'The master wallet holds 1 SOL but this needs 1.000005 SOL (amounts plus network fees)',
        address: 'MASTER',
        blocking: true,
      },
    ]);
  });

  it('allows a master emptied to exactly 0, not one left below rent exemption', () => {
    const exact = planSolDistribution({
      master: master(SOL + 5_000n),
      recipients: [{ address: 'R1', balance: L(SOL), amount: L(SOL) }],
      fee: 5_000n,
    });
    expect(exact.ready).toBe(true);
    expect(exact.balances[0]?.after).toBe(0n);
    const dust = planSolDistribution({
      master: master(SOL + 5_001n),
      recipients: [{ address: 'R1', balance: L(SOL), amount: L(SOL) }],
      fee: 5_000n,
    });
    expect(codes(dust)).toEqual(['SOL_PLAN__BELOW_RENT_EXEMPT']);
  });

  it('refuses an amount that would leave a new account below rent exemption', () => {
    const plan = planSolDistribution({
      master: master(SOL),
      recipients: [
        { address: 'NEW', balance: L(0n), amount: L(RENT_EXEMPT_MINIMUM_LAMPORTS - 1n) },
        { address: 'NEW2', balance: L(0n), amount: L(RENT_EXEMPT_MINIMUM_LAMPORTS) },
        { address: 'OLD', balance: L(SOL), amount: L(1n) },
      ],
      fee: 5_000n,
    });
    expect(plan.ready).toBe(false);
    expect(plan.problems).toMatchObject([
      { code: 'SOL_PLAN__BELOW_RENT_EXEMPT', address: 'NEW', blocking: true },
    ]);
    expect(plan.problems[0]?.message).toBe(
      'NEW would be left with 0.000890879 SOL, below the rent-exempt minimum of 0.00089088 SOL, ' +
        'and the chain would refuse the transfer',
    );
  });

  it('has nothing to do when every amount is 0', () => {
    const plan = planSolDistribution({
      master: master(SOL),
      recipients: [{ address: 'R1', balance: L(0n), amount: L(0n) }],
      fee: 5_000n,
    });
    expect(plan.ready).toBe(false);
    expect(codes(plan)).toEqual(['SOL_PLAN__NOTHING_TO_DISTRIBUTE']);
    expect(plan.totalFees).toBe(0n);
  });

  it('uses the fallback fee of 5,000 per signature when the estimate is unknown', () => {
    const plan = planSolDistribution({
      master: master(SOL),
      recipients: [{ address: 'R1', balance: L(SOL), amount: L(1n) }],
      fee: () => null,
    });
    expect(plan.totalFees).toBe(FALLBACK_FEE_LAMPORTS);
  });
});

describe('a distribution packed another way (lookup tables)', () => {
  const recipients = ['A', 'B', 'C', 'D', 'E'].map((address) => ({
    address,
    balance: L(SOL),
    amount: L(SOL),
  }));

  it('cuts the transactions where the packing says, each transfer once', () => {
    const plan = planSolDistribution({
      master: master(100n * SOL),
      recipients,
      fee: 5_000n,
      packing: (transfers) => [transfers.slice(0, 4), transfers.slice(4)],
    });
    expect(plan.transactions.map((tx) => tx.transfers.map((t) => t.to))).toEqual([
      ['A', 'B', 'C', 'D'],
      ['E'],
    ]);
    expect(plan.totalFees).toBe(10_000n);
  });

  it('refuses a packing that loses or repeats a transfer', () => {
    expect(() =>
      planSolDistribution({
        master: master(100n * SOL),
        recipients,
        fee: 5_000n,
        packing: (transfers) => [transfers.slice(0, 4)],
      }),
    ).toThrow(RangeError);
  });

  it('counts what the master spends besides (setup fees and rent) against its balance', () => {
    const input = {
      recipients,
      fee: 5_000n,
      masterSpendsBesides: L(2_000_000n),
    } as const;
    const enough = planSolDistribution({ ...input, master: master(5n * SOL + 2_005_000n) });
    expect(enough.ready).toBe(true);
    expect(enough.balances[0]?.after).toBe(0n);
    const short = planSolDistribution({ ...input, master: master(5n * SOL + 2_004_999n) });
    expect(codes(short)).toContain('SOL_PLAN__MASTER_BALANCE_SHORT');
  });
});

describe('planning a withdrawal to the master (spec 2 §4 fee strategies)', () => {
  const wallets = [
    { address: 'W1', balance: L(SOL), hasKey: true },
    { address: 'W2', balance: L(0n), hasKey: true },
    { address: 'W3', balance: L(5_000n), hasKey: true },
    { address: 'W4', balance: L(7n * SOL), hasKey: false },
    { address: 'W5', balance: L(2n * SOL), hasKey: true },
  ];

  it('master: the master pays every fee and each wallet is left at exactly 0', () => {
    const plan = planSolAggregation({
      master: master(SOL),
      wallets,
      fee: 10_000n,
      feeStrategy: 'master',
    });
    expect(plan.ready).toBe(true);
    expect(
      plan.transactions.map((tx) => [tx.feePayer, tx.signers, tx.transfers[0]?.amount]),
    ).toEqual([
      ['MASTER', ['MASTER', 'W1'], SOL],
      ['MASTER', ['MASTER', 'W3'], 5_000n],
      ['MASTER', ['MASTER', 'W5'], 2n * SOL],
    ]);
    expect(plan.balances).toEqual([
      { address: 'MASTER', before: SOL, after: SOL - 30_000n + 3n * SOL + 5_000n },
      { address: 'W1', before: SOL, after: 0n },
      { address: 'W3', before: 5_000n, after: 0n },
      { address: 'W5', before: 2n * SOL, after: 0n },
    ]);
    expect(plan.skipped).toEqual([
      { address: 'W4', reason: 'noPrivateKey' },
      { address: 'W2', reason: 'emptyWallet' },
    ]);
    expect(plan.problems).toEqual([
      {
        code: 'SOL_PLAN__NO_PRIVATE_KEY',
        message: '1 wallet(s) skipped because no private key is available',
        address: null,
        blocking: false,
      },
    ]);
    expect(feePayers(plan, 'MASTER')).toBe('master');
  });

  it('master: a master that cannot pay the fees from what it holds blocks the plan', () => {
    const plan = planSolAggregation({
      master: master(0n),
      wallets,
      fee: 10_000n,
      feeStrategy: 'master',
    });
    expect(plan.ready).toBe(false);
    expect(codes(plan)).toContain('SOL_PLAN__MASTER_BALANCE_SHORT');
  });

  it('child: each wallet pays its own fee, and one not above the fee is skipped', () => {
    const plan = planSolAggregation({
      master: master(0n),
      wallets,
      fee: 5_000n,
      feeStrategy: 'child',
    });
    expect(plan.ready).toBe(true);
    expect(plan.transactions.map((tx) => [tx.feePayer, tx.transfers[0]?.amount])).toEqual([
      ['W1', SOL - 5_000n],
      ['W5', 2n * SOL - 5_000n],
    ]);
    expect(plan.skipped).toContainEqual({ address: 'W3', reason: 'balanceNotAboveFee' });
    expect(plan.problems).toContainEqual({
      code: 'SOL_PLAN__BALANCE_NOT_ABOVE_FEE',
      message: 'W3: the wallet balance is not above the network fee',
      address: 'W3',
      blocking: false,
    });
    expect(plan.balances[0]).toEqual({ address: 'MASTER', before: 0n, after: 3n * SOL - 10_000n });
    expect(feePayers(plan, 'MASTER')).toBe('child');
  });

  it('mixed: the master pays while it stays rent-exempt, then the wallets pay their own', () => {
    const plan = planSolAggregation({
      master: master(RENT_EXEMPT_MINIMUM_LAMPORTS + 10_000n),
      wallets,
      fee: 10_000n,
      feeStrategy: 'mixed',
    });
    expect(plan.transactions.map((tx) => tx.feePayer)).toEqual(['MASTER', 'W5']);
    expect(plan.skipped).toContainEqual({ address: 'W3', reason: 'balanceNotAboveFee' });
    expect(plan.ready).toBe(true);
    expect(feePayers(plan, 'MASTER')).toBe('mixed');
  });

  it('needs the master’s key only when the master may pay fees', () => {
    for (const feeStrategy of ['master', 'mixed'] as const) {
      const plan = planSolAggregation({
        master: master(SOL, false),
        wallets,
        fee: 5_000n,
        feeStrategy,
      });
      expect(plan.problems.map((p) => p.message)).toEqual(['Master wallet not ready']);
    }
    const child = planSolAggregation({
      master: master(0n, false),
      wallets,
      fee: 5_000n,
      feeStrategy: 'child',
    });
    expect(child.ready).toBe(true);
    expect(child.transactions.every((tx) => !tx.signers.includes('MASTER'))).toBe(true);
  });

  it('needs the master wallet, and still counts the wallets without a key', () => {
    const plan = planSolAggregation({ master: null, wallets, fee: 5_000n, feeStrategy: 'child' });
    expect(plan.problems.map((p) => p.message)).toEqual(['Master wallet not ready']);
    expect(plan.skipped).toEqual([{ address: 'W4', reason: 'noPrivateKey' }]);
  });

  it('says there is no SOL to withdraw when nothing is left to send', () => {
    const plan = planSolAggregation({
      master: master(SOL),
      wallets: [{ address: 'W2', balance: L(0n), hasKey: true }],
      fee: 5_000n,
      feeStrategy: 'child',
    });
    expect(plan.ready).toBe(false);
    expect(plan.problems.map((p) => p.message)).toEqual(['No SOL available to withdraw']);
  });

  it('never withdraws from the master to itself', () => {
    const plan = planSolAggregation({
      master: master(SOL),
      wallets: [{ address: 'MASTER', balance: L(SOL), hasKey: true }, ...wallets],
      fee: 5_000n,
      feeStrategy: 'master',
    });
    expect(plan.skipped[0]).toEqual({ address: 'MASTER', reason: 'master' });
    expect(plan.transactions.some((tx) => tx.transfers[0]?.from === 'MASTER')).toBe(false);
  });

  it('describes every strategy', () => {
    expect(describeFeeStrategy('master')).toBe('The master wallet pays every network fee');
    expect(describeFeeStrategy('child')).toBe('Each wallet pays its own network fee');
    expect(describeFeeStrategy('mixed')).toMatch(/while it can/);
  });
});

describe('money in plans', () => {
  it('is bigint throughout, with no number in any amount', () => {
    const plan = planSolAggregation({
      master: master(SOL),
      wallets: [{ address: 'W1', balance: L(SOL), hasKey: true }],
      fee: specDistributionFee,
      feeStrategy: 'mixed',
    });
    const amounts = [
      plan.totalAmount,
      plan.totalFees,
      ...plan.transactions.flatMap((tx) => [tx.fee, ...tx.transfers.map((t) => t.amount)]),
      ...plan.balances.flatMap((b) => [b.before, b.after]),
    ];
    expect(amounts.every((amount) => typeof amount === 'bigint')).toBe(true);
  });
});
