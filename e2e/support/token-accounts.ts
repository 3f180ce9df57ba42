// Token accounts opened on the sandbox chain the way any wallet app opens them: Associated Token
// Account CreateIdempotent instructions in real transactions (@solana/kit), a funder paying the
// rent, then read back over RPC.

import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createTransactionMessage,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getProgramDerivedAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
} from '@solana/kit';
import { createAssociatedTokenAccountIdempotent } from '../../packages/localnet/src/testing/kit-instructions';
import { rpcCall, waitUntilConfirmed } from './sandbox-market';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';

/** Creates per transaction: well inside 1,232 bytes and the CU limit. */
const CREATES_PER_TRANSACTION = 5;

export interface OpenedAccount {
  readonly owner: string;
  readonly mint: string;
  readonly program: string;
  readonly tokenAccount: string;
}

/** The owner's associated token account for `mint` under `program`. */
export async function associatedTokenAccount(
  owner: string,
  mint: string,
  program: string,
): Promise<string> {
  const encoder = getAddressEncoder();
  const [pda] = await getProgramDerivedAddress({
    programAddress: address(ASSOCIATED_TOKEN_PROGRAM),
    seeds: [
      encoder.encode(address(owner)),
      encoder.encode(address(program)),
      encoder.encode(address(mint)),
    ],
  });
  return pda;
}

/** The program that owns a mint account (Token or Token-2022), read from the chain. */
export async function mintProgram(rpcUrl: string, mint: string): Promise<string> {
  const { value } = await rpcCall<{ value: { owner: string } | null }>(rpcUrl, 'getAccountInfo', [
    mint,
    { encoding: 'base64', commitment: 'confirmed' },
  ]);
  if (!value) throw new Error(`mint ${mint} is not on the chain`);
  return value.owner;
}

/** Lamports each account holds now (null: it does not exist), up to 100 in one read. */
export async function accountsLamports(
  rpcUrl: string,
  accounts: readonly string[],
): Promise<(bigint | null)[]> {
  const { value } = await rpcCall<{ value: ({ lamports: number } | null)[] }>(
    rpcUrl,
    'getMultipleAccounts',
    [accounts, { encoding: 'base64', commitment: 'confirmed' }],
  );
  return value.map((account) => (account === null ? null : BigInt(account.lamports)));
}

/** Lamports an account holds now, or null when it does not exist (closed). */
export async function accountLamports(rpcUrl: string, account: string): Promise<bigint | null> {
  const { value } = await rpcCall<{ value: { lamports: number } | null }>(
    rpcUrl,
    'getAccountInfo',
    [account, { encoding: 'base64', commitment: 'confirmed' }],
  );
  return value === null ? null : BigInt(value.lamports);
}

/**
 * Opens an empty associated token account for each (owner, mint) pair, the funder paying rent and
 * fees, a few per transaction, each confirmed before the next is sent.
 */
export async function openEmptyTokenAccounts(
  rpcUrl: string,
  funderSecretKey: Uint8Array,
  pairs: readonly { readonly owner: string; readonly mint: string; readonly program: string }[],
): Promise<OpenedAccount[]> {
  const funder = await createKeyPairSignerFromBytes(funderSecretKey);
  const opened: OpenedAccount[] = [];
  for (const pair of pairs) {
    opened.push({
      ...pair,
      tokenAccount: await associatedTokenAccount(pair.owner, pair.mint, pair.program),
    });
  }
  for (let start = 0; start < opened.length; start += CREATES_PER_TRANSACTION) {
    const batch = opened.slice(start, start + CREATES_PER_TRANSACTION);
    const { value: latest } = await rpcCall<{
      value: { blockhash: string; lastValidBlockHeight: number };
    }>(rpcUrl, 'getLatestBlockhash', [{ commitment: 'confirmed' }]);
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(funder, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            blockhash: latest.blockhash as Blockhash,
            lastValidBlockHeight: BigInt(latest.lastValidBlockHeight),
          },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          batch.map((account) =>
            createAssociatedTokenAccountIdempotent(
              funder,
              address(account.tokenAccount),
              address(account.owner),
              address(account.mint),
              address(account.program),
            ),
          ),
          m,
        ),
    );
    const signed = await signTransactionMessageWithSigners(message);
    const signature = await rpcCall<string>(rpcUrl, 'sendTransaction', [
      getBase64EncodedWireTransaction(signed),
      { encoding: 'base64' },
    ]);
    await waitUntilConfirmed(rpcUrl, signature);
  }
  return opened;
}
