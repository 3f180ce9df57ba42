// `/swap/v1/swap-instructions`: the user assembles the transaction with @solana/kit from the
// instructions, signs its own slot and sends it through the RPC, which adds the pools' signatures.

import { Configuration, SwapApi, type Instruction as JupiterInstruction } from '@jup-ag/api';
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  type Base64EncodedWireTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { decodeBase64 } from '../../../codec/base64.js';
import { startTestBed, type TestBed } from '../../sandbox-test-bed.js';
import { SOL_MINT } from '../../swap/swap-quote.js';

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed();
});

afterAll(async () => {
  await bed.close();
});

interface WireInstruction {
  programId: string;
  accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  data: string;
}

interface SwapInstructionsAnswer {
  tokenLedgerInstruction: WireInstruction | null;
  computeBudgetInstructions: WireInstruction[];
  setupInstructions: WireInstruction[];
  swapInstruction: WireInstruction;
  cleanupInstruction: WireInstruction | null;
  otherInstructions: WireInstruction[];
  addressLookupTableAddresses: string[];
  prioritizationFeeLamports: number;
  computeUnitLimit: number;
  prioritizationType: unknown;
  dynamicSlippageReport: unknown;
  simulationError: unknown;
}

interface Quote {
  inAmount: string;
  outAmount: string;
  routePlan: { swapInfo: { ammKey: string } }[];
}

function kitInstruction(ix: WireInstruction | JupiterInstruction): Instruction {
  return {
    programAddress: address(ix.programId),
    accounts: ix.accounts.map((a) => ({
      address: address(a.pubkey),
      role: a.isSigner
        ? a.isWritable
          ? AccountRole.WRITABLE_SIGNER
          : AccountRole.READONLY_SIGNER
        : a.isWritable
          ? AccountRole.WRITABLE
          : AccountRole.READONLY,
    })),
    data: decodeBase64(ix.data),
  };
}

/** The user's own transaction around the instructions, signed by the user alone. */
async function assemble(
  user: KeyPairSigner,
  instructions: Instruction[],
): Promise<Base64EncodedWireTransaction> {
  const { value: latest } = await bed.rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(user, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  // Partially: the pools' slots are for the sandbox to fill when the transaction is sent.
  const signed = await partiallySignTransactionMessageWithSigners(message);
  return getBase64EncodedWireTransaction(signed);
}

function inOrder(answer: SwapInstructionsAnswer): WireInstruction[] {
  return [
    ...answer.computeBudgetInstructions,
    ...answer.setupInstructions,
    answer.swapInstruction,
    ...(answer.cleanupInstruction === null ? [] : [answer.cleanupInstruction]),
    ...answer.otherInstructions,
  ];
}

async function quoteOf(inputMint: string, outputMint: string, amount: bigint): Promise<Quote> {
  const quoted = await bed.get(
    `/jupiter/swap/v1/quote?inputMint=${inputMint}&outputMint=${outputMint}&amount=${amount}&slippageBps=100`,
  );
  expect(quoted.status).toBe(200);
  return quoted.body as Quote;
}

async function instructionsFor(quote: Quote, user: string): Promise<SwapInstructionsAnswer> {
  const answer = await bed.post('/jupiter/swap/v1/swap-instructions', {
    quoteResponse: quote,
    userPublicKey: user,
    prioritizationFeeLamports: 12_000,
  });
  expect(answer.status).toBe(200);
  return answer.body as SwapInstructionsAnswer;
}

describe('Jupiter /swap/v1/swap-instructions against the sandbox pools', () => {
  it('answers in Jupiter’s published shape, the user the only signer it must bring', async () => {
    const kelp = bed.token('KELP');
    const user = await bed.fundedUser();
    const answer = await instructionsFor(
      await quoteOf(SOL_MINT, kelp.mint, 100_000_000n),
      user.address,
    );
    expect(Object.keys(answer).sort()).toEqual(
      [
        'addressLookupTableAddresses',
        'cleanupInstruction',
        'computeBudgetInstructions',
        'computeUnitLimit',
        'dynamicSlippageReport',
        'otherInstructions',
        'prioritizationFeeLamports',
        'prioritizationType',
        'setupInstructions',
        'simulationError',
        'swapInstruction',
        'tokenLedgerInstruction',
      ].sort(),
    );
    expect(answer.computeUnitLimit).toBeGreaterThan(0);
    expect(answer.prioritizationFeeLamports).toBe(12_000);
    expect(answer.computeBudgetInstructions).toHaveLength(2);
    expect(answer.swapInstruction.accounts.some((a) => a.pubkey === user.address)).toBe(true);
    expect(typeof answer.swapInstruction.data).toBe('string');
  });

  it('fills a buy, a sell and a token-to-token route from the user’s own kit transactions', async () => {
    const kelp = bed.token('KELP');
    const aura = bed.token('AURA');
    const user = await bed.fundedUser();

    const buy = await quoteOf(SOL_MINT, kelp.mint, 1_000_000_000n);
    const pool = buy.routePlan[0]?.swapInfo.ammKey ?? '';
    const before = bed.market.view.reserves(pool);
    const buyIx = await instructionsFor(buy, user.address);
    const signature = await bed.rpc
      .sendTransaction(await assemble(user, inOrder(buyIx).map(kitInstruction)), {
        encoding: 'base64',
      })
      .send();
    expect(await bed.tokenBalance(user.address, kelp.mint)).toBe(BigInt(buy.outAmount));
    const after = bed.market.view.reserves(pool);
    expect(after.lamports - before.lamports).toBe(1_000_000_000n);
    expect(before.tokenRaw - after.tokenRaw).toBe(BigInt(buy.outAmount));
    expect(bed.market.view.trades(pool)[0]?.signature).toBe(signature);

    const half = BigInt(buy.outAmount) / 2n;
    const cross = await quoteOf(kelp.mint, aura.mint, half);
    expect(cross.routePlan).toHaveLength(2);
    const crossIx = await instructionsFor(cross, user.address);
    await bed.rpc
      .sendTransaction(await assemble(user, inOrder(crossIx).map(kitInstruction)), {
        encoding: 'base64',
      })
      .send();
    expect(await bed.tokenBalance(user.address, aura.mint)).toBe(BigInt(cross.outAmount));

    const sell = await quoteOf(kelp.mint, SOL_MINT, BigInt(buy.outAmount) - half);
    const sellIx = await instructionsFor(sell, user.address);
    const solBefore = (await bed.rpc.getBalance(address(user.address)).send()).value;
    await bed.rpc
      .sendTransaction(await assemble(user, inOrder(sellIx).map(kitInstruction)), {
        encoding: 'base64',
      })
      .send();
    const solAfter = (await bed.rpc.getBalance(address(user.address)).send()).value;
    expect(await bed.tokenBalance(user.address, kelp.mint)).toBe(0n);
    // The SOL out, less two signatures' fees and the 12,000-lamport priority budget.
    expect(solAfter - solBefore).toBe(BigInt(sell.outAmount) - 10_000n - 12_000n);
  });

  it('lets nothing land that leaves out the pools’ payments or repeats them', async () => {
    const kelp = bed.token('KELP');
    const user = await bed.fundedUser();
    const quote = await quoteOf(SOL_MINT, kelp.mint, 500_000_000n);
    const answer = await instructionsFor(quote, user.address);
    const pool = quote.routePlan[0]?.swapInfo.ammKey ?? '';
    const before = bed.market.view.reserves(pool);
    const solBefore = (await bed.rpc.getBalance(address(user.address)).send()).value;

    // The user's payment alone: it names the pool as a signer, so it cannot land unsigned.
    const payOnly = [...answer.computeBudgetInstructions, answer.swapInstruction];
    await expect(
      bed.rpc
        .sendTransaction(await assemble(user, payOnly.map(kitInstruction)), { encoding: 'base64' })
        .send(),
    ).rejects.toThrow(/signature verification failure/i);
    // The pool's payment twice: not the fill the sandbox handed out, so not co-signed.
    const payout = answer.setupInstructions[answer.setupInstructions.length - 1];
    if (payout === undefined) throw new Error('no payout in setup');
    const twice = [...inOrder(answer), payout];
    await expect(
      bed.rpc
        .sendTransaction(await assemble(user, twice.map(kitInstruction)), { encoding: 'base64' })
        .send(),
    ).rejects.toThrow(/signature verification failure/i);

    expect(bed.market.view.reserves(pool)).toEqual(before);
    expect((await bed.rpc.getBalance(address(user.address)).send()).value).toBe(solBefore);
  });

  it('co-signs a fill once: the same instructions under a newer blockhash are refused after it lands', async () => {
    const kelp = bed.token('KELP');
    const user = await bed.fundedUser();
    const quote = await quoteOf(SOL_MINT, kelp.mint, 200_000_000n);
    const ixs = inOrder(await instructionsFor(quote, user.address)).map(kitInstruction);
    await bed.rpc.sendTransaction(await assemble(user, ixs), { encoding: 'base64' }).send();
    bed.localnet.admin.advanceSlots(1n);
    await expect(
      bed.rpc.sendTransaction(await assemble(user, ixs), { encoding: 'base64' }).send(),
    ).rejects.toThrow(/signature verification failure/i);
    expect(await bed.tokenBalance(user.address, kelp.mint)).toBe(BigInt(quote.outAmount));
  });

  it('works through @jup-ag/api’s swapInstructionsPost unchanged', async () => {
    const lantern = bed.token('LNTRN');
    const user = await bed.fundedUser();
    const jupiter = new SwapApi(
      new Configuration({ basePath: `${bed.market.url}/jupiter/swap/v1` }),
    );
    const quote = await jupiter.quoteGet({
      inputMint: SOL_MINT,
      outputMint: lantern.mint,
      amount: 250_000_000,
      slippageBps: 100,
    });
    const answer = await jupiter.swapInstructionsPost({
      swapRequest: { quoteResponse: quote, userPublicKey: user.address },
    });
    expect(answer.addressLookupTableAddresses).toEqual([]);
    const instructions = [
      ...answer.computeBudgetInstructions,
      ...answer.setupInstructions,
      answer.swapInstruction,
      ...(answer.cleanupInstruction === undefined ? [] : [answer.cleanupInstruction]),
    ].map(kitInstruction);
    await bed.rpc
      .sendTransaction(await assemble(user, instructions), { encoding: 'base64' })
      .send();
    expect(await bed.tokenBalance(user.address, lantern.mint)).toBe(BigInt(quote.outAmount));
  });
});
