import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../keys/base58';
import type { Address } from '../primitives/address';
import { createSeededRandom } from '../time/seeded-random';
import { planTokenDistribution, type DistributionRecipient } from './plan-token-distribution';
import { planTokenWithdrawal, type PlanTokenWithdrawalInput } from './plan-token-withdrawal';
import type { AssociatedAccountState, MintState, TokenAccountState } from './token-layouts';

const next = createSeededRandom(0x7e57);
const randomAddress = (): Address =>
  encodeBase58(Uint8Array.from({ length: 32 }, () => Math.floor(next() * 256))) as Address;

const SOL = 1_000_000_000n;
const master = randomAddress();

function mint(overrides: Partial<MintState> = {}): MintState {
  return {
    address: randomAddress(),
    program: 'token',
    decimals: 6,
    supply: 0n,
    freezeAuthority: null,
    transferFee: null,
    defaultFrozen: false,
    blocker: null,
    associatedAccountLength: 165,
    ...overrides,
  };
}

function account(
  owner: Address,
  of: MintState,
  amount: bigint,
  overrides: Partial<TokenAccountState> = {},
): TokenAccountState {
  return {
    address: randomAddress(),
    program: of.program,
    mint: of.address,
    owner,
    amount,
    lamports: 2_039_280n,
    frozen: false,
    isNative: false,
    withheldAmount: 0n,
    requiresIncomingMemo: false,
    ...overrides,
  };
}

function withdrawalInput(
  accounts: TokenAccountState[],
  mints: MintState[],
  masterStates: Map<Address, AssociatedAccountState>,
  overrides: Partial<PlanTokenWithdrawalInput> = {},
): PlanTokenWithdrawalInput {
  return {
    master: { address: master, lamports: SOL },
    wallets: [...new Set(accounts.map((a) => a.owner))],
    accounts,
    mints: new Map(mints.map((m) => [m.address, m])),
    masterAccounts: new Map(
      mints.map((m) => [
        m.address,
        { address: randomAddress(), state: masterStates.get(m.address) ?? 'missing' },
      ]),
    ),
    epoch: 0n,
    closeEmptied: false,
    microLamportsPerComputeUnit: 5_000n,
    ...overrides,
  };
}

describe('planning a withdrawal of SPL tokens to the master', () => {
  it('moves every balance, creates the missing master account once, and prices fees and rent', () => {
    const usdc = mint();
    const bonk = mint({ program: 'token2022', associatedAccountLength: 170 });
    const wallets = Array.from({ length: 5 }, () => randomAddress());
    const accounts = wallets.flatMap((w, i) => [
      account(w, usdc, BigInt(100 + i)),
      account(w, bonk, 7n),
    ]);
    const held = account(master, usdc, 50n);
    const plan = planTokenWithdrawal(
      withdrawalInput(accounts, [usdc, bonk], new Map([[usdc.address, held]]), {
        closeEmptied: true,
      }),
    );
    if (!plan.ok) throw new Error(plan.error.message);
    const { value } = plan;
    expect(value.ready).toBe(true);
    expect(value.items).toHaveLength(10);
    expect(value.mints.map((m) => [m.amount, m.masterAccountExists, m.accountRent])).toEqual([
      [510n, true, 0n],
      [35n, false, 2_074_080n],
    ]);
    expect(value.mints[0]?.masterAfter).toBe(560n);
    // Every owner signs one transaction; the master pays it all, the closes return rent.
    for (const wallet of wallets) {
      expect(value.transactions.filter((tx) => tx.owners.includes(wallet))).toHaveLength(1);
    }
    expect(value.reclaimedRentLamports).toBe(10n * 2_039_280n);
    expect(value.accountRentLamports).toBe(2_074_080n);
    expect(value.feeLamports).toBe(value.transactions.reduce((s, tx) => s + tx.feeLamports, 0n));
    expect(value.netLamports).toBe(
      value.reclaimedRentLamports - value.feeLamports - value.accountRentLamports,
    );
    expect(value.masterLamportsAfter).toBe(SOL + value.netLamports);
    expect(value.wallets.reduce((s, w) => s + w.feeLamports, 0n)).toBe(value.feeLamports);
  });

  it('skips with the reason: empty, frozen, non-transferable, master account frozen, the master', () => {
    const plain = mint();
    const locked = mint({ blocker: 'non-transferable' });
    const frozenAtMaster = mint();
    const wallet = randomAddress();
    const accounts = [
      account(wallet, plain, 0n),
      account(wallet, plain, 5n, { frozen: true }),
      account(wallet, locked, 5n),
      account(wallet, frozenAtMaster, 5n),
      account(master, plain, 9n),
      account(wallet, plain, 3n),
    ];
    const plan = planTokenWithdrawal(
      withdrawalInput(
        accounts,
        [plain, locked, frozenAtMaster],
        new Map([[frozenAtMaster.address, account(master, frozenAtMaster, 0n, { frozen: true })]]),
      ),
    );
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.skipped.map((s) => s.reason)).toEqual([
      'empty',
      'frozen',
      'non-transferable',
      'master account frozen',
      'master',
    ]);
    expect(plan.value.items.map((item) => item.amount)).toEqual([3n]);
  });

  it('keeps open an emptied account that holds withheld fees, and says what the master gets', () => {
    const fee = { epoch: 0n, maximumFee: 1_000n, basisPoints: 200 };
    const taxed = mint({
      program: 'token2022',
      transferFee: { older: fee, newer: fee },
      associatedAccountLength: 182,
    });
    const wallet = randomAddress();
    const accounts = [
      account(wallet, taxed, 1_000n, { withheldAmount: 4n }),
      account(wallet, taxed, 500n),
    ];
    const plan = planTokenWithdrawal(
      withdrawalInput(accounts, [taxed], new Map(), { closeEmptied: true }),
    );
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.keptOpen.map((k) => k.reason)).toEqual(['withheld transfer fees']);
    expect(plan.value.items.map((item) => [item.received, item.closeTo !== null])).toEqual([
      [980n, false],
      [490n, true],
    ]);
    expect(plan.value.mints[0]?.accountRent).toBe(2_157_600n);
    const note = plan.value.problems.find((p) => p.code === 'TOKEN_TRANSFER__TRANSFER_FEE');
    expect(note?.blocking).toBe(false);
    expect(note?.message).toContain('charges a transfer fee of 200 basis points');
    expect(plan.value.ready).toBe(true);
  });

  it('blocks a master that cannot pay the fees and the rent, and a plan with nothing to move', () => {
    const usdc = mint();
    const wallet = randomAddress();
    const poor = planTokenWithdrawal(
      withdrawalInput([account(wallet, usdc, 5n)], [usdc], new Map(), {
        master: { address: master, lamports: 1_000_000n },
      }),
    );
    if (!poor.ok) throw new Error(poor.error.message);
    expect(poor.value.ready).toBe(false);
    expect(poor.value.problems.map((p) => p.code)).toEqual(['SOL_PLAN__MASTER_BALANCE_SHORT']);
    const empty = planTokenWithdrawal(
      withdrawalInput([account(wallet, usdc, 0n)], [usdc], new Map()),
    );
    if (!empty.ok) throw new Error(empty.error.message);
    expect(empty.value.problems.map((p) => p.message)).toEqual([
      'No SPL tokens to withdraw in scope: 1 token account(s) skipped',
    ]);
  });
});

describe('planning a distribution of SPL tokens from the master', () => {
  const recipient = (amount: bigint, state: AssociatedAccountState): DistributionRecipient => ({
    address: randomAddress(),
    amount,
    account: { address: randomAddress(), state },
  });

  it('creates missing recipient accounts, paid by the master, and shows what each receives', () => {
    const fee = { epoch: 0n, maximumFee: 3n, basisPoints: 100 };
    const taxed = mint({
      program: 'token2022',
      transferFee: { older: fee, newer: fee },
      associatedAccountLength: 182,
    });
    const source = account(master, taxed, 10_000n);
    const existing = account(randomAddress(), taxed, 8n);
    const recipients = [
      recipient(1_000n, 'missing'),
      recipient(100n, existing),
      recipient(0n, 'missing'),
      recipient(50n, account(randomAddress(), taxed, 0n, { frozen: true })),
      recipient(50n, account(randomAddress(), taxed, 0n, { requiresIncomingMemo: true })),
      recipient(50n, 'foreign'),
    ];
    const plan = planTokenDistribution({
      master: { address: master, lamports: SOL },
      mint: taxed,
      source,
      recipients,
      epoch: 0n,
      microLamportsPerComputeUnit: 5_000n,
    });
    if (!plan.ok) throw new Error(plan.error.message);
    const { value } = plan;
    expect(value.skipped.map((s) => s.reason)).toEqual([
      'zero amount',
      'recipient account frozen',
      'recipient account requires memo',
      'recipient account not associated',
    ]);
    expect(value.items.map((i) => [i.amount, i.received, i.accountRent, i.before])).toEqual([
      [1_000n, 997n, 2_157_600n, 0n],
      [100n, 99n, 0n, 8n],
    ]);
    expect(value.accountsToCreate).toBe(1);
    expect(value.masterTokenAfter).toBe(8_900n);
    expect(value.transactions).toHaveLength(1);
    expect(value.transactions[0]?.signatures).toBe(1);
    expect(value.masterLamportsAfter).toBe(SOL - value.feeLamports - 2_157_600n);
    expect(value.ready).toBe(true);
  });

  it('blocks a master short of the tokens, a frozen source, a non-transferable mint', () => {
    const usdc = mint({ blocker: 'non-transferable' });
    const plan = planTokenDistribution({
      master: { address: master, lamports: SOL },
      mint: usdc,
      source: account(master, usdc, 10n, { frozen: true }),
      recipients: [recipient(11n, 'missing')],
      epoch: 0n,
      microLamportsPerComputeUnit: 5_000n,
    });
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.ready).toBe(false);
    expect(plan.value.problems.map((p) => p.code)).toEqual([
      'TOKEN_TRANSFER__MINT_NOT_TRANSFERABLE',
      'TOKEN_TRANSFER__MASTER_ACCOUNT_FROZEN',
      'TOKEN_TRANSFER__MASTER_TOKENS_SHORT',
    ]);
    expect(plan.value.problems[2]?.message).toBe(
      `The master wallet holds 0.00001 of ${usdc.address} but this distribution sends 0.000011`,
    );
    const none = planTokenDistribution({
      master: { address: master, lamports: SOL },
      mint: mint(),
      source: null,
      recipients: [recipient(0n, 'missing')],
      epoch: 0n,
      microLamportsPerComputeUnit: 5_000n,
    });
    if (!none.ok) throw new Error(none.error.message);
    expect(none.value.problems.map((p) => p.message)).toEqual([
      'Nothing to distribute: every amount is 0',
    ]);
  });
});
