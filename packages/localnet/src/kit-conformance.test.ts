// @solana/kit's own RPC client, subscriptions client and sendAndConfirmTransactionFactory, used
// unchanged against the localnet: if these pass, Fleet's chain code talks to it as to mainnet.

import {
  address,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLocalnet, type Localnet } from './index.js';
import {
  burnChecked,
  closeAccount,
  createAssociatedTokenAccountIdempotent,
  tokenProgramOf,
  transferChecked,
  transferSol,
} from './testing/kit-instructions.js';

let localnet: Localnet;
let rpc: Rpc<SolanaRpcApi>;
let rpcSubscriptions: ReturnType<typeof createSolanaRpcSubscriptions>;
let sendAndConfirm: ReturnType<typeof sendAndConfirmTransactionFactory>;

beforeAll(async () => {
  localnet = await createLocalnet({ slotIntervalMs: 100 });
  rpc = createSolanaRpc(localnet.url);
  rpcSubscriptions = createSolanaRpcSubscriptions(localnet.wsUrl);
  sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions });
});

afterAll(async () => {
  await localnet.close();
});

async function send(
  payer: KeyPairSigner,
  instructions: Instruction[],
  lookupTables: Record<Address, Address[]> = {},
): Promise<Signature> {
  const { value: blockhash } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => compressTransactionMessageUsingAddressLookupTables(m, lookupTables),
  );
  const transaction = await signTransactionMessageWithSigners(message);
  assertIsTransactionWithBlockhashLifetime(transaction);
  await sendAndConfirm(transaction, { commitment: 'confirmed' });
  return getSignatureFromTransaction(transaction);
}

async function fundedSigner(sol = 2n): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  await rpc.requestAirdrop(signer.address, lamports(sol * 1_000_000_000n)).send();
  return signer;
}

describe('kit against the localnet', () => {
  it('sends a SOL transfer with sendAndConfirmTransactionFactory and reads it back', async () => {
    const payer = await fundedSigner();
    const recipient = (await generateKeyPairSigner()).address;
    const signature = await send(payer, [transferSol(payer, recipient, 1_000_000_000n)]);

    expect((await rpc.getBalance(recipient).send()).value).toBe(1_000_000_000n);
    expect((await rpc.getBalance(payer.address).send()).value).toBe(
      2_000_000_000n - 1_000_000_000n - 5_000n,
    );

    const statuses = await rpc.getSignatureStatuses([signature]).send();
    expect(statuses.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' });

    const tx = await rpc
      .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send();
    expect(tx?.meta?.fee).toBe(5_000n);
    expect(tx?.meta?.err).toBeNull();
    expect(tx?.meta?.preBalances[0]).toBe(2_000_000_000n);
    expect(tx?.meta?.postBalances[1]).toBe(1_000_000_000n);
    expect(tx?.meta?.logMessages).toContain('Program 11111111111111111111111111111111 success');
    expect(tx?.version).toBe(0);

    const parsed = await rpc
      .getTransaction(signature, {
        maxSupportedTransactionVersion: 0,
        encoding: 'jsonParsed',
      })
      .send();
    expect(parsed?.transaction.message.instructions[0]).toMatchObject({
      program: 'system',
      parsed: {
        type: 'transfer',
        info: { source: payer.address, destination: recipient, lamports: 1_000_000_000n },
      },
    });

    const history = await rpc.getSignaturesForAddress(recipient).send();
    expect(history.map((h) => h.signature)).toEqual([signature]);

    const accounts = await rpc
      .getMultipleAccounts([recipient, payer.address], { encoding: 'base64' })
      .send();
    expect(accounts.value.map((a) => a?.lamports)).toEqual([1_000_000_000n, 999_995_000n]);
    const info = await rpc.getAccountInfo(recipient, { encoding: 'base64' }).send();
    expect(info.value?.owner).toBe('11111111111111111111111111111111');
  });

  it.each(['token', 'token-2022'] as const)(
    'creates, transfers, burns and closes %s accounts through kit',
    async (programName) => {
      const tokenProgram = tokenProgramOf(programName);
      const alice = await fundedSigner();
      const bob = await fundedSigner();
      const mint = address(
        await localnet.admin.createMint({
          decimals: 6,
          name: 'Test Dollar',
          symbol: 'TUSD',
          program: programName,
        }),
      );
      const aliceAta = address(
        await localnet.admin.createTokenAccount({ owner: alice.address, mint, amount: 1_000_000n }),
      );
      const bobAta = address(
        await localnet.admin.associatedTokenAddress(bob.address, mint, programName),
      );

      const transferSignature = await send(alice, [
        createAssociatedTokenAccountIdempotent(alice, bobAta, bob.address, mint, tokenProgram),
        transferChecked(aliceAta, mint, bobAta, alice, 400_000n, 6, tokenProgram),
      ]);
      expect((await rpc.getTokenAccountBalance(bobAta).send()).value).toMatchObject({
        amount: '400000',
        decimals: 6,
        uiAmountString: '0.4',
      });

      const tx = await rpc
        .getTransaction(transferSignature, {
          maxSupportedTransactionVersion: 0,
          encoding: 'jsonParsed',
        })
        .send();
      const post = tx?.meta?.postTokenBalances ?? [];
      expect(post.find((b) => b.owner === bob.address)?.uiTokenAmount.amount).toBe('400000');
      expect(
        tx?.meta?.preTokenBalances?.find((b) => b.owner === alice.address)?.uiTokenAmount.amount,
      ).toBe('1000000');
      expect(post.every((b) => b.programId === tokenProgram)).toBe(true);

      const owned = await rpc
        .getTokenAccountsByOwner(bob.address, { mint }, { encoding: 'jsonParsed' })
        .send();
      expect(owned.value).toHaveLength(1);
      expect(owned.value[0]?.pubkey).toBe(bobAta);
      expect(owned.value[0]?.account.data.parsed.info.tokenAmount.amount).toBe('400000');
      // Agave lists Token-2022 extensions; an associated account is created ImmutableOwner.
      const info = owned.value[0]?.account.data.parsed.info as { extensions?: unknown } | undefined;
      expect(info?.extensions).toEqual(
        programName === 'token-2022' ? [{ extension: 'immutableOwner' }] : undefined,
      );
      const byProgram = await rpc
        .getTokenAccountsByOwner(alice.address, { programId: tokenProgram }, { encoding: 'base64' })
        .send();
      expect(byProgram.value.map((v) => v.pubkey)).toEqual([aliceAta]);

      await send(bob, [burnChecked(bobAta, mint, bob, 400_000n, 6, tokenProgram)]);
      expect((await rpc.getTokenSupply(mint).send()).value.amount).toBe('600000');
      const bobBefore = (await rpc.getBalance(bob.address).send()).value;
      // A Token-2022 associated account carries the ImmutableOwner extension, so its rent differs.
      const rent = (await rpc.getBalance(bobAta).send()).value;
      expect(rent).toBe(programName === 'token' ? 2_039_280n : 2_074_080n);
      await send(bob, [closeAccount(bobAta, bob.address, bob, tokenProgram)]);
      expect((await rpc.getAccountInfo(bobAta, { encoding: 'base64' }).send()).value).toBeNull();
      // Closing returns the rent deposit, minus the fee.
      expect((await rpc.getBalance(bob.address).send()).value).toBe(bobBefore + rent - 5_000n);
      expect((await rpc.getTokenAccountsByOwner(bob.address, { mint }).send()).value).toEqual([]);

      const largest = await rpc.getTokenLargestAccounts(mint).send();
      expect(largest.value.map((l) => [l.address, l.amount])).toEqual([[aliceAta, '600000']]);
    },
  );

  it('indexes v0 transactions by the addresses they load from a lookup table', async () => {
    const payer = await fundedSigner();
    const recipients = await Promise.all(
      [1, 2, 3].map(async () => (await generateKeyPairSigner()).address),
    );
    const table = address(await localnet.admin.createLookupTable(recipients));
    const signature = await send(
      payer,
      recipients.map((r) => transferSol(payer, r, 1_000_000n)),
      { [table]: recipients },
    );
    const tx = await rpc
      .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send();
    const loaded = tx?.meta?.loadedAddresses?.writable ?? [];
    expect([...loaded].sort()).toEqual([...recipients].sort());
    expect(tx?.transaction.message.accountKeys).not.toContain(recipients[0]);
    const message = tx?.transaction.message as
      { addressTableLookups?: { accountKey: string }[] } | undefined;
    expect(message?.addressTableLookups?.[0]?.accountKey).toBe(table);
    // Balances follow the key order: static keys, then loaded writable, then loaded readonly.
    const keys = [...(tx?.transaction.message.accountKeys ?? []), ...loaded];
    for (const recipient of recipients)
      expect(tx?.meta?.postBalances[keys.indexOf(recipient)]).toBe(1_000_000n);
    for (const recipient of recipients) {
      expect((await rpc.getSignaturesForAddress(recipient).send()).map((h) => h.signature)).toEqual(
        [signature],
      );
      expect((await rpc.getBalance(recipient).send()).value).toBe(1_000_000n);
    }
    // A client that does not declare v0 support is refused, as Agave does.
    await expect(rpc.getTransaction(signature, { encoding: 'json' }).send()).rejects.toThrow();
  });

  it('simulates through kit with units consumed, fee, logs and balances', async () => {
    const payer = await fundedSigner();
    const recipient = (await generateKeyPairSigner()).address;
    const { value: blockhash } = await rpc.getLatestBlockhash().send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions([transferSol(payer, recipient, 3_000_000n)], m),
    );
    const wire = getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message));
    const { value } = await rpc
      .simulateTransaction(wire, { encoding: 'base64', sigVerify: true })
      .send();
    expect(value.err).toBeNull();
    expect(value.unitsConsumed).toBe(150n);
    expect(value.fee).toBe(5_000n);
    expect(value.logs).toContain('Program 11111111111111111111111111111111 success');
    expect(value.postBalances?.[1]).toBe(3_000_000n);
    expect((await rpc.getBalance(recipient).send()).value).toBe(0n);
  });

  it('streams account and slot notifications through kit subscriptions', async () => {
    const target = (await generateKeyPairSigner()).address;
    const abort = new AbortController();
    try {
      const accounts = await rpcSubscriptions
        .accountNotifications(target, { commitment: 'confirmed', encoding: 'base64' })
        .subscribe({ abortSignal: abort.signal });
      const slots = await rpcSubscriptions
        .slotNotifications()
        .subscribe({ abortSignal: abort.signal });
      await localnet.admin.fund(target, 7_000_000n);
      for await (const notification of accounts) {
        expect(notification.value.lamports).toBe(7_000_000n);
        expect(notification.value.owner).toBe('11111111111111111111111111111111');
        break;
      }
      for await (const notification of slots) {
        expect(notification.slot).toBe(notification.parent + 1n);
        break;
      }
    } finally {
      abort.abort();
    }
  });

  it('estimates compute units from an unsigned transaction, as compute-unit estimators do', async () => {
    const payer = await fundedSigner();
    // A placeholder lifetime: the estimate asks the node to replace it.
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 0n },
          m,
        ),
      (m) => appendTransactionMessageInstructions([transferSol(payer, payer.address, 1n)], m),
    );
    const wire = getBase64EncodedWireTransaction(compileTransaction(message));
    const { value } = await rpc
      .simulateTransaction(wire, {
        encoding: 'base64',
        sigVerify: false,
        replaceRecentBlockhash: true,
      })
      .send();
    expect(value.err).toBeNull();
    expect(value.unitsConsumed).toBe(150n);
    const replacement = value.replacementBlockhash?.blockhash;
    expect(replacement).toBeDefined();
    if (replacement !== undefined)
      expect((await rpc.isBlockhashValid(replacement).send()).value).toBe(true);
  });

  it('reports slots, epochs, blockhash validity and rent like a cluster', async () => {
    const slot = await rpc.getSlot().send();
    const epoch = await rpc.getEpochInfo().send();
    expect(epoch.absoluteSlot).toBeGreaterThanOrEqual(slot);
    const { value } = await rpc.getLatestBlockhash().send();
    // The clock may tick between the two calls, so the window is checked from below and above.
    expect(value.lastValidBlockHeight).toBeGreaterThanOrEqual(epoch.blockHeight + 150n);
    expect(value.lastValidBlockHeight).toBeLessThanOrEqual(epoch.blockHeight + 160n);
    expect((await rpc.isBlockhashValid(value.blockhash).send()).value).toBe(true);
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n);
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n);
    expect(await rpc.getHealth().send()).toBe('ok');
    expect((await rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
