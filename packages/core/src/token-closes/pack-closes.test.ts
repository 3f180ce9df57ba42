import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../keys/base58';
import { address, type Address } from '../primitives/address';
import { createSeededRandom } from '../time/seeded-random';
import { PACKET_DATA_SIZE, fitsInOneTransaction } from '../transactions/message-size';
import { transactionFee } from '../transactions/transaction-fee';
import {
  CLOSE_ACCOUNT_DISCRIMINATOR,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  closeAccountInstruction,
  tokenProgramKindOf,
  type TokenProgramKind,
} from './close-instruction';
import {
  closeComputeUnitLimit,
  closeFeeShares,
  packCloses,
  type CloseFeePayer,
  type CloseItem,
  type PackClosesInput,
  type RentDestination,
} from './pack-closes';

function addressOf(kind: number, n: number): Address {
  const bytes = new Uint8Array(32);
  bytes[0] = kind;
  bytes[1] = n & 0xff;
  bytes[2] = (n >> 8) & 0xff;
  bytes[3] = n >> 16;
  return address(encodeBase58(bytes));
}

const master = addressOf(1, 0);
const mint = addressOf(2, 0);
const RENT = 2_039_280n;
let nextAccount = 0;

function closesOf(owner: Address, count: number, program: TokenProgramKind = 'token'): CloseItem[] {
  return Array.from({ length: count }, () => {
    const tokenAccount = addressOf(3, nextAccount++);
    return { itemId: tokenAccount, owner, tokenAccount, mint, program, rentLamports: RENT };
  });
}

function pack(
  closes: readonly CloseItem[],
  options: Partial<Omit<PackClosesInput, 'closes'>> = {},
) {
  const packed = packCloses({
    master,
    closes,
    rentDestination: 'master',
    feePayer: 'master',
    microLamportsPerComputeUnit: 5000n,
    ...options,
  });
  if (!packed.ok) throw new Error(packed.error.message);
  return packed.value;
}

describe('The close instruction', () => {
  it('is tag 9 with the account, the destination and the signing owner, for both programs', () => {
    const owner = addressOf(4, 1);
    for (const program of ['token', 'token2022'] as const) {
      const instruction = closeAccountInstruction({
        program,
        account: addressOf(3, 1),
        destination: master,
        owner,
      });
      expect([...instruction.data]).toEqual([CLOSE_ACCOUNT_DISCRIMINATOR]);
      expect(instruction.programAddress).toBe(
        program === 'token' ? TOKEN_PROGRAM_ADDRESS : TOKEN_2022_PROGRAM_ADDRESS,
      );
      expect(instruction.accounts.map((meta) => [meta.writable, meta.signer])).toEqual([
        [true, false],
        [true, false],
        [false, true],
      ]);
      expect(tokenProgramKindOf(instruction.programAddress)).toBe(program);
    }
    expect(tokenProgramKindOf('11111111111111111111111111111111')).toBeNull();
  });
});

describe('Packing closes', () => {
  // Legacy, compute budget included. Master pays: 1 + 2×64 + 3 + 1 + (n + 4)×32 + 32 + 1 + 20
  // + 7n = 314 + 39n bytes, so 23 closes (1211 bytes); the owner paying and keeping the rent
  // saves a signature and a key: 218 + 39n, so 26 (exactly 1232).
  it.each<[CloseFeePayer, RentDestination, TokenProgramKind[], number]>([
    ['master', 'master', ['token'], 23],
    ['master', 'owner', ['token'], 23],
    ['master', 'master', ['token', 'token2022'], 22],
    ['owner', 'owner', ['token'], 26],
    ['owner', 'master', ['token'], 25],
  ])(
    'fits as many of one owner as the bytes allow (payer %s, rent to %s, %j)',
    (feePayer, rentDestination, programs, most) => {
      const owner = addressOf(4, 7);
      const closes = Array.from({ length: most + 1 }, (_, i) =>
        closesOf(owner, 1, programs[i % programs.length]),
      ).flat();
      const transactions = pack(closes, { feePayer, rentDestination });
      expect(transactions.map((tx) => tx.closes.length)).toEqual([most, 1]);
      expect(transactions[0]?.size).toBeLessThanOrEqual(PACKET_DATA_SIZE);
      const onePlus = pack(closes.slice(0, most), { feePayer, rentDestination });
      expect(onePlus).toHaveLength(1);
    },
  );

  it('closes an owner with 23 or fewer accounts in one transaction the master pays for', () => {
    const owner = addressOf(4, 8);
    const [transaction, ...rest] = pack(closesOf(owner, 23));
    expect(rest).toEqual([]);
    expect(transaction?.signers).toEqual([master, owner]);
    expect(transaction?.feePayer).toBe(master);
    expect(transaction?.size).toBe(314 + 39 * 23);
  });

  it('lets seven one-account owners share a transaction', () => {
    const owners = Array.from({ length: 14 }, (_, i) => addressOf(5, i));
    const transactions = pack(owners.flatMap((owner) => closesOf(owner, 1)));
    expect(transactions.map((tx) => tx.owners.length)).toEqual([7, 7]);
    expect(transactions[0]?.signatures).toBe(8);
  });

  it('never shares a transaction between owners who pay their own fees', () => {
    const owners = Array.from({ length: 3 }, (_, i) => addressOf(6, i));
    const transactions = pack(
      owners.flatMap((owner) => closesOf(owner, 2)),
      { feePayer: 'owner' },
    );
    expect(transactions.map((tx) => tx.owners)).toEqual(owners.map((owner) => [owner]));
    expect(transactions.map((tx) => tx.feePayer)).toEqual(owners);
  });

  it('charges 5,000 lamports a signature plus the unit price on the limit asked', () => {
    const owner = addressOf(4, 9);
    const closes = [...closesOf(owner, 2), ...closesOf(owner, 1, 'token2022')];
    const [transaction] = pack(closes, { microLamportsPerComputeUnit: 7777n });
    const limit = closeComputeUnitLimit(closes);
    expect(limit).toBe(300 + 2 * 3_500 + 6_000);
    expect(transaction?.computeUnitLimit).toBe(limit);
    expect(transaction?.feeLamports).toBe(
      transactionFee({
        signatures: 2,
        computeUnitLimit: BigInt(limit),
        microLamportsPerComputeUnit: 7777n,
      }),
    );
    expect(transaction?.feeLamports).toBe(10_000n + (13_300n * 7777n + 999_999n) / 1_000_000n);
    expect(transaction?.rentLamports).toBe(3n * RENT);
    const shares = [...(transaction ? closeFeeShares(transaction).values() : [])];
    expect(shares.reduce((a, b) => a + b, 0n)).toBe(transaction?.feeLamports);
    expect(Math.max(...shares.map(Number)) - Math.min(...shares.map(Number))).toBeLessThanOrEqual(
      1,
    );
  });

  describe('an owner that can pay its own', () => {
    const FEE_25 = transactionFee({
      signatures: 1,
      computeUnitLimit: BigInt(closeComputeUnitLimit(closesOf(addressOf(4, 99), 25))),
      microLamportsPerComputeUnit: 5000n,
    });
    const enough = FEE_25 + 890_880n;

    it('pays for its 25 accounts in one transaction it alone signs, instead of signing twice', () => {
      const owner = addressOf(7, 1);
      const closes = closesOf(owner, 25);
      expect(pack(closes).map((tx) => tx.closes.length)).toEqual([23, 2]);
      const [transaction, ...rest] = pack(closes, { ownerLamports: new Map([[owner, enough]]) });
      expect(rest).toEqual([]);
      expect(transaction?.feePayer).toBe(owner);
      expect(transaction?.signers).toEqual([owner]);
      expect(transaction?.closes).toHaveLength(25);
      expect(transaction?.feeLamports).toBe(FEE_25);
    });

    it('closes 26 in one transaction when the rent stays in the wallet (the issue target)', () => {
      const owner = addressOf(7, 2);
      const transactions = pack(closesOf(owner, 26), {
        rentDestination: 'owner',
        ownerLamports: new Map([[owner, 10_000_000n]]),
      });
      expect(transactions.map((tx) => [tx.closes.length, tx.signatures])).toEqual([[26, 1]]);
      expect(transactions[0]?.size).toBe(PACKET_DATA_SIZE);
    });

    it('leaves the master paying when the owner would fall below the rent-exempt minimum', () => {
      const owner = addressOf(7, 3);
      const closes = closesOf(owner, 25);
      const short = pack(closes, { ownerLamports: new Map([[owner, enough - 1n]]) });
      expect(short.map((tx) => tx.feePayer)).toEqual([master, master]);
      const none = pack(closes, { ownerLamports: new Map() });
      expect(none.map((tx) => tx.feePayer)).toEqual([master, master]);
    });

    it('is never asked when the master fits the owner whole, or when it cannot fit one', () => {
      const few = addressOf(7, 4);
      const many = addressOf(7, 5);
      const rich = new Map([
        [few, 10_000_000_000n],
        [many, 10_000_000_000n],
      ]);
      const transactions = pack([...closesOf(few, 23), ...closesOf(many, 40)], {
        ownerLamports: rich,
      });
      expect(transactions.every((tx) => tx.feePayer === master)).toBe(true);
      expect(transactions.filter((tx) => tx.owners.includes(few))).toHaveLength(1);
    });
  });

  it('packs nothing for nothing', () => {
    expect(pack([])).toEqual([]);
  });

  describe('over random fleets', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      it(`puts every close in exactly one transaction that fits (seed ${seed})`, () => {
        const next = createSeededRandom(seed);
        const below = (n: number): number => Math.floor(next() * n);
        const owners = Array.from({ length: 40 + below(80) }, (_, i) =>
          addressOf(9, seed * 1000 + i),
        );
        const closes = owners.flatMap((owner) =>
          Array.from({ length: below(4) === 0 ? below(60) : below(4) }, () =>
            closesOf(owner, 1, below(3) === 0 ? 'token2022' : 'token'),
          ).flat(),
        );
        const feePayer: CloseFeePayer = below(4) === 0 ? 'owner' : 'master';
        const rentDestination: RentDestination = below(2) === 0 ? 'owner' : 'master';
        // Half the fleets know the owners' SOL, some of which could pay their own.
        const ownerLamports =
          below(2) === 0
            ? new Map(owners.map((owner) => [owner, BigInt(below(3)) * 600_000n]))
            : undefined;
        const transactions = pack(closes, {
          feePayer,
          rentDestination,
          ...(ownerLamports ? { ownerLamports } : {}),
        });

        const placed = transactions.flatMap((tx) => tx.closes.map((close) => close.itemId));
        expect(placed.slice().sort()).toEqual(closes.map((close) => close.itemId).sort());
        expect(new Set(placed).size).toBe(placed.length);
        for (const tx of transactions) {
          expect(fitsInOneTransaction(tx.layout)).toBe(true);
          const ownerPaid = tx.feePayer !== master;
          if (feePayer === 'owner') expect(ownerPaid).toBe(true);
          if (ownerPaid) {
            // An owner paying its own: alone in it, with every one of its accounts, and the SOL.
            expect(tx.signers).toEqual([tx.owners[0]]);
            const count = closes.filter((close) => close.owner === tx.feePayer).length;
            if (feePayer === 'master') {
              expect(tx.closes).toHaveLength(count);
              expect(ownerLamports?.get(tx.feePayer) ?? 0n).toBeGreaterThanOrEqual(
                tx.feeLamports + 890_880n,
              );
            }
          } else {
            expect(new Set(tx.signers.slice(1))).toEqual(new Set(tx.owners));
          }
        }
        // An owner whose accounts fit one transaction signs exactly once.
        // The fewest that fit whatever the mix of programs and destinations (see the table above).
        const most = feePayer === 'master' ? 22 : 24;
        for (const owner of owners) {
          const count = closes.filter((close) => close.owner === owner).length;
          const signed = transactions.filter((tx) => tx.owners.includes(owner)).length;
          if (count === 0) expect(signed).toBe(0);
          else if (count <= most) expect(signed).toBe(1);
          else expect(signed).toBeLessThanOrEqual(Math.ceil(count / most));
        }
      });
    }
  });
});
