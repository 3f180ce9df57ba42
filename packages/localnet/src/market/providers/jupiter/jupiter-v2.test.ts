import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { decodeBase64 } from '../../../codec/base64.js';
import { startTestBed, type TestBed } from '../../sandbox-test-bed.js';
import { SOL_MINT } from '../../swap/swap-quote.js';

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed({ market: { seed: 'swap-v2' } });
});

afterAll(async () => {
  await bed.close();
});

interface ApiInstruction {
  programId: string;
  accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  data: string;
}

function toKit(ix: ApiInstruction): Instruction {
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

describe('Jupiter Swap API v2', () => {
  it('/order hands out a co-signed transaction and /execute lands it', async () => {
    const moss = bed.token('MOSS');
    const user = await bed.fundedUser();
    const order = await bed.get(
      `/jupiter/swap/v2/order?inputMint=${SOL_MINT}&outputMint=${moss.mint}&amount=300000000&taker=${user.address}`,
    );
    expect(order.status).toBe(200);
    const body = order.body as {
      transaction: string;
      requestId: string;
      outAmount: string;
      router: string;
    };
    expect(body.router).toBe('iris');
    const { getTransactionDecoder, signTransaction } = await import('@solana/kit');
    const signed = await signTransaction(
      [user.keyPair],
      getTransactionDecoder().decode(decodeBase64(body.transaction)),
    );
    const executed = await bed.post('/jupiter/swap/v2/execute', {
      signedTransaction: getBase64EncodedWireTransaction(signed),
      requestId: body.requestId,
    });
    expect(executed.body).toMatchObject({
      status: 'Success',
      code: 0,
      outputAmountResult: body.outAmount,
    });
    expect(await bed.tokenBalance(user.address, moss.mint)).toBe(BigInt(body.outAmount));
    // A second execute of the same order answers the first outcome; nothing lands twice.
    const again = await bed.post('/jupiter/swap/v2/execute', {
      signedTransaction: getBase64EncodedWireTransaction(signed),
      requestId: body.requestId,
    });
    expect(again.body).toEqual(executed.body);
    expect(await bed.tokenBalance(user.address, moss.mint)).toBe(BigInt(body.outAmount));
  });

  it('/build returns instructions the taker assembles, and /submit co-signs and lands them', async () => {
    const qrtz = bed.token('QRTZ');
    const user = await bed.fundedUser();
    const built = await bed.get(
      `/jupiter/swap/v2/build?inputMint=${SOL_MINT}&outputMint=${qrtz.mint}&amount=200000000&taker=${user.address}`,
    );
    expect(built.status).toBe(200);
    const b = built.body as {
      outAmount: string;
      computeBudgetInstructions: ApiInstruction[];
      setupInstructions: ApiInstruction[];
      swapInstruction: ApiInstruction;
      otherInstructions: ApiInstruction[];
      blockhashWithMetadata: { blockhash: number[] };
    };
    const blockhash = getBase58Decoder().decode(
      new Uint8Array(b.blockhashWithMetadata.blockhash),
    ) as Blockhash;
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(address(user.address), m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 0n }, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            ...b.computeBudgetInstructions,
            ...b.setupInstructions,
            b.swapInstruction,
            ...b.otherInstructions,
          ].map(toKit),
          m,
        ),
    );
    // The pools sign only their own /build's payments: a copy without the user's payment is refused.
    const withoutPayment = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(address(user.address), m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 0n }, m),
      (m) => appendTransactionMessageInstructions(b.otherInstructions.map(toKit), m),
    );
    const thief = await partiallySignTransaction(
      [user.keyPair],
      compileTransaction(withoutPayment),
    );
    const refused = await bed.post('/jupiter/swap/v2/submit', {
      signedTransaction: getBase64EncodedWireTransaction(thief),
    });
    expect(refused.status).toBe(400);

    const signed = await partiallySignTransaction([user.keyPair], compileTransaction(message));
    const submitted = await bed.post('/jupiter/swap/v2/submit', {
      signedTransaction: getBase64EncodedWireTransaction(signed),
    });
    expect(submitted.status).toBe(200);
    expect(await bed.tokenBalance(user.address, qrtz.mint)).toBe(BigInt(b.outAmount));
  });
});
