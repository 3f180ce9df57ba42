// Tokens on the chain of a server the crash scenario runs (its embedded localnet, reached only
// over JSON-RPC): mints and balances made the way an issuer would, by real System, Token and
// Associated Token Account transactions signed by a throwaway authority the sandbox's airdrop
// funds; and token accounts read back. Fleet learns of them by reading the chain.

import { buildSignedInstructions } from '@fleet/chain';
import {
  SYSTEM_PROGRAM_ADDRESS,
  associatedTokenAddress,
  createAssociatedAccountInstruction,
  decodeBase58,
  tokenProgramAddress,
  type Address,
  type Instruction,
  type TokenProgramKind,
} from '@fleet/core';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { landedSignatures, rpc } from './crash-chain';
import { sleep } from './crash-harness';

/** A mint without extensions: 82 bytes under either program. */
const MINT_SIZE = 82;
/** Associated-account creates (with a mint-to each) per transaction: inside 1,232 bytes. */
const GRANTS_PER_TRANSACTION = 5;
/** Transactions in flight before their confirmations are awaited. */
const SENDS_IN_FLIGHT = 20;
const CONFIRM_POLLS = 300;
const CONFIRM_POLL_MS = 100;
/** A token account's amount: a u64 after the mint and the owner, in both programs' layouts. */
const AMOUNT_OFFSET = 64;

const meta = (address: string, signer: boolean, writable: boolean) => ({
  address: address as Address,
  signer,
  writable,
});

function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}

/** System Program CreateAccount (0): `space` bytes owned by `owner`, funded by `payer`. */
function createAccount(
  payer: string,
  account: string,
  lamports: bigint,
  space: number,
  owner: string,
): Instruction {
  const data = new Uint8Array(52);
  const view = new DataView(data.buffer);
  view.setUint32(0, 0, true);
  view.setBigUint64(4, lamports, true);
  view.setBigUint64(12, BigInt(space), true);
  data.set(decodeBase58(owner), 20);
  return {
    programAddress: SYSTEM_PROGRAM_ADDRESS,
    accounts: [meta(payer, true, true), meta(account, true, true)],
    data,
  };
}

/** InitializeMint2 (20), without a freeze authority. */
function initializeMint(
  program: TokenProgramKind,
  mint: string,
  decimals: number,
  authority: string,
): Instruction {
  const data = new Uint8Array(35);
  data.set([20, decimals]);
  data.set(decodeBase58(authority), 2);
  return {
    programAddress: tokenProgramAddress(program),
    accounts: [meta(mint, false, true)],
    data,
  };
}

/** MintToChecked (14): the issuer's authority mints to an account that exists. */
export function mintTo(
  mint: CrashMint,
  destination: string,
  authority: string,
  amount: bigint,
): Instruction {
  const data = new Uint8Array(10);
  data[0] = 14;
  data.set(u64(amount), 1);
  data[9] = mint.decimals;
  return {
    programAddress: tokenProgramAddress(mint.program),
    accounts: [
      meta(mint.mint, false, true),
      meta(destination, false, true),
      meta(authority, true, false),
    ],
    data,
  };
}

export interface CrashMint {
  readonly mint: Address;
  readonly program: TokenProgramKind;
  readonly decimals: number;
}

/** An owner's associated account of `mint`, opened and given `amount` (0: opened empty). */
export interface Grant {
  readonly owner: string;
  readonly mint: CrashMint;
  readonly amount: bigint;
}

/** An issuer on the server's sandbox chain: its authority pays and signs what it makes. */
export async function crashIssuer(rpcUrl: () => string) {
  const authority = await generateKeyPairSigner();
  const signers = new Map<string, KeyPairSigner>([[authority.address, authority]]);

  const confirm = async (signatures: readonly string[]): Promise<void> => {
    for (let poll = 0; poll < CONFIRM_POLLS; poll++) {
      const landed = await landedSignatures(rpcUrl(), signatures);
      const failed = [...landed.entries()].find(([, status]) => status.err !== null);
      if (failed) throw new Error(`${failed[0]} failed: ${JSON.stringify(failed[1].err)}`);
      if (landed.size === signatures.length) return;
      await sleep(CONFIRM_POLL_MS);
    }
    throw new Error(`${signatures.length} fixture transactions not confirmed in 30 s`);
  };

  /** Sends each list as a transaction, several in flight, and waits until all are confirmed. */
  const send = async (transactions: readonly (readonly Instruction[])[]): Promise<void> => {
    for (let start = 0; start < transactions.length; start += SENDS_IN_FLIGHT) {
      const { value } = await rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
        rpcUrl(),
        'getLatestBlockhash',
        [{ commitment: 'confirmed' }],
      );
      const signatures: string[] = [];
      for (const instructions of transactions.slice(start, start + SENDS_IN_FLIGHT)) {
        const signed = await buildSignedInstructions(
          {
            feePayer: authority.address,
            instructions,
            lifetime: {
              blockhash: value.blockhash,
              lastValidBlockHeight: BigInt(value.lastValidBlockHeight),
            },
          },
          (address) => {
            const signer = signers.get(address);
            return signer
              ? Promise.resolve(signer)
              : Promise.reject(new Error(`no key for ${address}`));
          },
        );
        signatures.push(
          await rpc<string>(rpcUrl(), 'sendTransaction', [
            signed.wireBase64,
            { encoding: 'base64' },
          ]),
        );
      }
      await confirm(signatures);
    }
  };

  await confirm([
    await rpc<string>(rpcUrl(), 'requestAirdrop', [authority.address, 100_000_000_000]),
  ]);

  return {
    /** The issuer's own address: it pays every fee and signs as the mints' authority. */
    authority: authority.address as string as Address,

    /**
     * Keys the issuer may sign with besides its own: owners co-signing what moves their tokens
     * or SOL (the authority still pays the fees).
     */
    signFor(owners: readonly KeyPairSigner[]): void {
      for (const owner of owners) signers.set(owner.address, owner);
    },

    send,

    async createMint(program: TokenProgramKind, decimals: number): Promise<CrashMint> {
      const mint = await generateKeyPairSigner();
      signers.set(mint.address, mint);
      const rent = BigInt(
        await rpc<number>(rpcUrl(), 'getMinimumBalanceForRentExemption', [MINT_SIZE]),
      );
      await send([
        [
          createAccount(
            authority.address,
            mint.address,
            rent,
            MINT_SIZE,
            tokenProgramAddress(program),
          ),
          initializeMint(program, mint.address, decimals, authority.address),
        ],
      ]);
      return { mint: mint.address as string as Address, program, decimals };
    },

    /** Opens every grant's associated account and mints its amount; the accounts, in order. */
    async give(grants: readonly Grant[]): Promise<string[]> {
      const accounts = grants.map((grant) =>
        associatedTokenAddress(grant.owner as Address, grant.mint.mint, grant.mint.program),
      );
      const transactions: Instruction[][] = [];
      for (let start = 0; start < grants.length; start += GRANTS_PER_TRANSACTION) {
        transactions.push(
          grants.slice(start, start + GRANTS_PER_TRANSACTION).flatMap((grant, index) => {
            const account = accounts[start + index] as Address;
            const create = createAssociatedAccountInstruction({
              program: grant.mint.program,
              payer: authority.address as string as Address,
              account,
              owner: grant.owner as Address,
              mint: grant.mint.mint,
            });
            return grant.amount > 0n
              ? [create, mintTo(grant.mint, account, authority.address, grant.amount)]
              : [create];
          }),
        );
      }
      await send(transactions);
      return accounts;
    },
  };
}

/** Each token account's amount and lamports now; null for one that does not exist (closed). */
export async function tokenAccountsOf(
  rpcUrl: string,
  accounts: readonly string[],
): Promise<Map<string, { readonly amount: bigint; readonly lamports: bigint } | null>> {
  const found = new Map<string, { readonly amount: bigint; readonly lamports: bigint } | null>();
  for (let start = 0; start < accounts.length; start += 100) {
    const batch = accounts.slice(start, start + 100);
    const { value } = await rpc<{
      value: ({ lamports: number; data: [string, string] } | null)[];
    }>(rpcUrl, 'getMultipleAccounts', [batch, { commitment: 'confirmed', encoding: 'base64' }]);
    batch.forEach((account, index) => {
      const entry = value[index];
      if (!entry) {
        found.set(account, null);
        return;
      }
      const data = Buffer.from(entry.data[0], 'base64');
      found.set(account, {
        amount: data.length >= AMOUNT_OFFSET + 8 ? data.readBigUInt64LE(AMOUNT_OFFSET) : 0n,
        lamports: BigInt(entry.lamports),
      });
    });
  }
  return found;
}

/** Each mint's supply in raw units now, from the chain. */
export async function suppliesOf(
  rpcUrl: string,
  mints: readonly string[],
): Promise<Map<string, bigint>> {
  const found = new Map<string, bigint>();
  for (const mint of mints) {
    const { value } = await rpc<{ value: { amount: string } }>(rpcUrl, 'getTokenSupply', [
      mint,
      { commitment: 'confirmed' },
    ]);
    found.set(mint, BigInt(value.amount));
  }
  return found;
}
