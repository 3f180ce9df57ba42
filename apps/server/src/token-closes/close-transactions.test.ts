import { closeComputeUnitLimit, encodeBase58, transactionFee } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { closeTransactionsOf } from './close-transactions';
import type { StoredCloseBuild } from './stored-close-plan';

const addressOf = (kind: number, n: number): string => {
  const bytes = new Uint8Array(32);
  bytes[0] = kind;
  bytes[1] = n;
  return encodeBase58(bytes);
};
const MASTER = addressOf(1, 0);
const OWNER = addressOf(2, 0);
const OTHER = addressOf(2, 1);

/** 25 accounts of OWNER in one transaction it pays for, then 2 of OTHER the master pays for. */
function build(): StoredCloseBuild {
  const items = [
    ...Array.from({ length: 25 }, (_, i) => ({ owner: OWNER, n: i })),
    { owner: OTHER, n: 25 },
    { owner: OTHER, n: 26 },
  ].map(({ owner, n }) => ({
    wallet: owner,
    walletId: null,
    tokenAccount: addressOf(3, n),
    mint: addressOf(4, 0),
    program: 'token' as const,
    destination: MASTER,
    rentLamports: '2039280',
    feeLamports: n < 25 ? '219' : '5234',
  }));
  return {
    master: MASTER,
    rentDestination: 'master',
    microLamportsPerUnit: '5000',
    wallets: [OWNER, OTHER],
    items,
    transactions: [
      {
        items: Array.from({ length: 25 }, (_, i) => i),
        owners: [OWNER],
        feePayer: OWNER,
        computeUnitLimit: 87_800,
        feeLamports: '5439',
      },
      // Stored before owners could pay their own: no fee payer, so the master.
      { items: [25, 26], owners: [OTHER], computeUnitLimit: 7_300, feeLamports: '10037' },
    ],
    skippedByWallet: {},
  };
}

describe('A close transaction of a stored plan', () => {
  it('is paid for as planned: by the owner the plan let pay, else by the master', () => {
    const transactions = closeTransactionsOf(build());
    const own = Array.from({ length: 25 }, (_, i) => i);
    expect(transactions.feePayer(own)).toBe(OWNER);
    expect(transactions.computeUnitLimit(own)).toBe(87_800);
    expect(transactions.feePayer([26, 25])).toBe(MASTER);
    expect([...transactions.feeShares([25, 26]).values()]).toEqual([5234n, 5234n]);
  });

  it('goes back to the master when an owner-paid one expired, in cuts the bytes allow', () => {
    const plan = build();
    const transactions = closeTransactionsOf(plan);
    const own = Array.from({ length: 25 }, (_, i) => i);
    const cuts = transactions.replan(own);
    expect(cuts.map((cut) => cut.length)).toEqual([23, 2]);
    expect(cuts.flat().sort((a, b) => a - b)).toEqual(own);
    for (const cut of cuts) {
      expect(transactions.feePayer(cut)).toBe(MASTER);
      const closes = cut.map(() => ({ program: 'token' as const }));
      expect(transactions.computeUnitLimit(cut)).toBe(closeComputeUnitLimit(closes));
      // The cut's own fee, two signatures, shared out to the lamport.
      const fee = transactionFee({
        signatures: 2,
        computeUnitLimit: BigInt(closeComputeUnitLimit(closes)),
        microLamportsPerComputeUnit: 5000n,
      });
      const shares = [...transactions.feeShares(cut).values()];
      expect(shares.reduce((a, b) => a + b, 0n)).toBe(fee);
    }
  });

  it('is signed again as it was when the master paid for it', () => {
    expect(closeTransactionsOf(build()).replan([25, 26])).toEqual([[25, 26]]);
  });
});
