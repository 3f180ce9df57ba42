import { address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { MarketEvent } from '../../market-model.js';
import { startTestBed, type TestBed } from '../../sandbox-test-bed.js';
import { SOL_MINT } from '../../swap/swap-quote.js';

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed();
});

afterAll(async () => {
  await bed.close();
});

interface Quote {
  inAmount: string;
  outAmount: string;
  otherAmountThreshold: string;
  routePlan: { swapInfo: { ammKey: string } }[];
}

describe('Jupiter /swap/v1 against the sandbox pools', () => {
  it('fills a quoted buy exactly: the user signs with kit, sends through the RPC, balances and reserves move by the quote', async () => {
    const kelp = bed.token('KELP');
    const user = await bed.fundedUser();
    const quoted = await bed.get(
      `/jupiter/swap/v1/quote?inputMint=${SOL_MINT}&outputMint=${kelp.mint}&amount=1000000000&slippageBps=50`,
    );
    expect(quoted.status).toBe(200);
    const quote = quoted.body as Quote;
    const pool = quote.routePlan[0]?.swapInfo.ammKey ?? '';
    const before = bed.market.view.reserves(pool);
    const solBefore = (await bed.rpc.getBalance(address(user.address)).send()).value;

    const events: MarketEvent[] = [];
    const unsubscribe = bed.market.view.subscribe((e) => events.push(e));
    const swapped = await bed.post('/jupiter/swap/v1/swap', {
      quoteResponse: quote,
      userPublicKey: user.address,
    });
    expect(swapped.status).toBe(200);
    const { swapTransaction } = swapped.body as { swapTransaction: string };
    // Nothing has moved until the transaction lands.
    expect(bed.market.view.reserves(pool).lamports).toBe(before.lamports);
    expect(events).toHaveLength(0);

    const signature = await bed.signAndSend(user, swapTransaction);
    unsubscribe();

    const after = bed.market.view.reserves(pool);
    expect(after.lamports - before.lamports).toBe(1_000_000_000n);
    expect(before.tokenRaw - after.tokenRaw).toBe(BigInt(quote.outAmount));
    expect(await bed.tokenBalance(user.address, kelp.mint)).toBe(BigInt(quote.outAmount));
    const solAfter = (await bed.rpc.getBalance(address(user.address)).send()).value;
    const ataRent = (await bed.rpc.getMinimumBalanceForRentExemption(165n).send()) as bigint;
    // The swap's SOL, two signatures' fees (the user's and the pool's, as with an RFQ maker's
    // fill) and the rent of the new token account.
    expect(solBefore - solAfter).toBe(1_000_000_000n + 10_000n + ataRent);

    expect(events).toHaveLength(1);
    const event = events[0];
    expect(event?.type).toBe('trade');
    if (event?.type === 'trade') {
      expect(event.trade).toMatchObject({
        signature,
        side: 'buy',
        trader: user.address,
        lamports: 1_000_000_000n,
        tokenRaw: BigInt(quote.outAmount),
        pool,
        mint: kelp.mint,
      });
    }
    expect(bed.market.view.trades(pool)[0]?.signature).toBe(signature);
  });

  it('sells tokens back for SOL and routes token to token through SOL', async () => {
    const kelp = bed.token('KELP');
    const aura = bed.token('AURA');
    const user = await bed.fundedUser();
    const buy = (
      await bed.get(
        `/jupiter/swap/v1/quote?inputMint=${SOL_MINT}&outputMint=${kelp.mint}&amount=2000000000`,
      )
    ).body as Quote;
    const tx = (
      await bed.post('/jupiter/swap/v1/swap', { quoteResponse: buy, userPublicKey: user.address })
    ).body as { swapTransaction: string };
    await bed.signAndSend(user, tx.swapTransaction);

    const half = BigInt(buy.outAmount) / 2n;
    const cross = (
      await bed.get(
        `/jupiter/swap/v1/quote?inputMint=${kelp.mint}&outputMint=${aura.mint}&amount=${half}`,
      )
    ).body as Quote;
    expect(cross.routePlan).toHaveLength(2);
    const crossTx = (
      await bed.post('/jupiter/swap/v1/swap', {
        quoteResponse: cross,
        userPublicKey: user.address,
        asLegacyTransaction: true,
      })
    ).body as { swapTransaction: string };
    await bed.signAndSend(user, crossTx.swapTransaction);
    expect(await bed.tokenBalance(user.address, aura.mint)).toBe(BigInt(cross.outAmount));

    const rest = BigInt(buy.outAmount) - half;
    const sell = (
      await bed.get(
        `/jupiter/swap/v1/quote?inputMint=${kelp.mint}&outputMint=${SOL_MINT}&amount=${rest}`,
      )
    ).body as Quote;
    const solBefore = (await bed.rpc.getBalance(address(user.address)).send()).value;
    const sellTx = (
      await bed.post('/jupiter/swap/v1/swap', { quoteResponse: sell, userPublicKey: user.address })
    ).body as { swapTransaction: string };
    await bed.signAndSend(user, sellTx.swapTransaction);
    const solAfter = (await bed.rpc.getBalance(address(user.address)).send()).value;
    expect(solAfter - solBefore).toBe(BigInt(sell.outAmount) - 10_000n);
    expect(await bed.tokenBalance(user.address, kelp.mint)).toBe(0n);
  });

  it('fills an ExactOut quote with exactly the output asked for, paying no more than quoted', async () => {
    const helio = bed.token('HELIO');
    const user = await bed.fundedUser();
    const quote = (
      await bed.get(
        `/jupiter/swap/v1/quote?inputMint=${SOL_MINT}&outputMint=${helio.mint}&amount=123456789&swapMode=ExactOut&slippageBps=100`,
      )
    ).body as Quote & { swapMode: string };
    expect(quote).toMatchObject({ swapMode: 'ExactOut', outAmount: '123456789' });
    expect(BigInt(quote.otherAmountThreshold)).toBeGreaterThan(BigInt(quote.inAmount));
    const pool = quote.routePlan[0]?.swapInfo.ammKey ?? '';
    const before = bed.market.view.reserves(pool);
    const tx = (
      await bed.post('/jupiter/swap/v1/swap', { quoteResponse: quote, userPublicKey: user.address })
    ).body as { swapTransaction: string };
    await bed.signAndSend(user, tx.swapTransaction);
    expect(await bed.tokenBalance(user.address, helio.mint)).toBe(123_456_789n);
    expect(bed.market.view.reserves(pool).lamports - before.lamports).toBe(BigInt(quote.inAmount));
  });

  it('refuses a quote the market has moved beyond its slippage', async () => {
    const pbl = bed.token('PBL');
    const [alice, bob] = [await bed.fundedUser(), await bed.fundedUser(100n)];
    const stale = (
      await bed.get(
        `/jupiter/swap/v1/quote?inputMint=${SOL_MINT}&outputMint=${pbl.mint}&amount=500000000&slippageBps=50`,
      )
    ).body as Quote;
    // Bob buys a large amount first: the price rises well beyond Alice's 0.5 %.
    const big = (
      await bed.get(
        `/jupiter/swap/v1/quote?inputMint=${SOL_MINT}&outputMint=${pbl.mint}&amount=30000000000`,
      )
    ).body as Quote;
    const bigTx = (
      await bed.post('/jupiter/swap/v1/swap', { quoteResponse: big, userPublicKey: bob.address })
    ).body as { swapTransaction: string };
    await bed.signAndSend(bob, bigTx.swapTransaction);

    const refused = await bed.post('/jupiter/swap/v1/swap', {
      quoteResponse: stale,
      userPublicKey: alice.address,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'SLIPPAGE_TOLERANCE_EXCEEDED' });
  });

  it('answers unknown mints, bad amounts and circular routes in Jupiter’s error shape', async () => {
    const unknown = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
    const notTradable = await bed.get(
      `/jupiter/swap/v1/quote?inputMint=${SOL_MINT}&outputMint=${unknown}&amount=1000`,
    );
    expect(notTradable).toMatchObject({ status: 400, body: { errorCode: 'TOKEN_NOT_TRADABLE' } });
    const badAmount = await bed.get(
      `/jupiter/swap/v1/quote?inputMint=${SOL_MINT}&outputMint=${unknown}&amount=-5`,
    );
    expect(badAmount.status).toBe(400);
    expect((badAmount.body as { error: string }).error).toMatch(/amount/);
    const circular = await bed.get(
      `/jupiter/swap/v1/quote?inputMint=${SOL_MINT}&outputMint=${SOL_MINT}&amount=5`,
    );
    expect(circular.body).toMatchObject({ errorCode: 'CIRCULAR_ARBITRAGE_IS_DISABLED' });
    const kelp = bed.token('KELP');
    const excluded = await bed.get(
      `/jupiter/swap/v1/quote?inputMint=${SOL_MINT}&outputMint=${kelp.mint}&amount=5&excludeDexes=Whirlpool`,
    );
    expect(excluded.body).toMatchObject({ errorCode: 'COULD_NOT_FIND_ANY_ROUTE' });
    const nft = bed.market.view.tokens().find((t) => t.kind === 'nft');
    const nftQuote = await bed.get(
      `/jupiter/swap/v1/quote?inputMint=${SOL_MINT}&outputMint=${nft?.mint ?? ''}&amount=5`,
    );
    expect(nftQuote.body).toMatchObject({ errorCode: 'TOKEN_NOT_TRADABLE' });
  });
});
