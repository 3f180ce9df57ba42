import { createLocalnet, type Localnet } from '@fleet/localnet';
import { address, getAddressEncoder } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEndpointPool } from '../pool/endpoint-pool';
import { fundWallets, randomAddress, type FundedWallet } from '../testing/fixtures';
import { startMisbehavingEndpoint } from '../testing/misbehaving-endpoint';
import type { ScanEvent, ScanReport } from './scan-report';
import { createWalletScanner } from './scan-wallets';
import { TOKEN_PROGRAM } from './token-layout';

/** Every wallet once, each balance exactly what the localnet admin funded. */
function expectExact(report: ScanReport, wallets: readonly FundedWallet[]): void {
  expect(report.results.map((r) => r.owner)).toEqual(wallets.map((w) => w.owner));
  for (const [i, result] of report.results.entries()) {
    const wallet = wallets[i] as FundedWallet;
    if (!result.ok) throw new Error(`${wallet.owner} failed: ${result.error.message}`);
    expect(result.value.lamports).toBe(wallet.lamports);
    const found = new Map(result.value.tokens.map((t) => [t.account, [t.mint, t.amount]]));
    expect(found).toEqual(new Map(wallet.tokens));
  }
  expect(report.failedAddresses).toEqual([]);
  expect(report.error).toBeNull();
}

describe('scanning a fleet of wallets', () => {
  let localnet: Localnet;
  let wallets: FundedWallet[];
  let mints: string[];

  beforeAll(async () => {
    localnet = await createLocalnet({
      endpoints: {
        fast: { latencyMs: 2 },
        flaky: { latencyMs: 5, errorRate: 0.15, errorKind: 'http-500' },
        rpcErrors: { latencyMs: 5, errorRate: 0.15, errorKind: 'json-rpc' },
        limited: { rps: 15 },
        down: { outage: true },
      },
    });
    const { admin } = localnet;
    mints = [
      await admin.createMint({ decimals: 6, name: 'USD Coin', symbol: 'USDC' }),
      await admin.createMint({
        decimals: 9,
        name: 'Bonk Two',
        symbol: 'BONK2',
        program: 'token-2022',
      }),
      await admin.createMint({ decimals: 0, program: 'token' }),
    ];
    wallets = await fundWallets(admin, 230, mints);
  });
  afterAll(async () => {
    await localnet.close();
  });

  const url = (name: string): string => localnet.endpoints[name]?.url ?? '';

  it('reads every SOL and token balance exactly, at 2.01 calls per wallet', async () => {
    const pool = createEndpointPool({ endpoints: [url('fast'), url('default')] });
    const scanner = createWalletScanner({ pool });
    const events: ScanEvent[] = [];
    const report = await scanner.scan(
      wallets.map((w) => w.owner),
      { onEvent: (e) => events.push(e) },
    );
    expectExact(report, wallets);
    const methods = report.stats.rpcMethods;
    expect(methods.getMultipleAccounts).toBe(Math.ceil(230 / 100) + 1); // + the mints' decimals
    expect(methods.getTokenAccountsByOwner).toBe(2 * 230);
    expect(methods.getAssetBatch).toBe(1);
    expect(report.tokens.find((t) => t.mint === mints[0])).toMatchObject({
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
    });
    expect(report.tokens.find((t) => t.mint === mints[1])).toMatchObject({
      symbol: 'BONK2',
      decimals: 9,
    });
    const usdcTotal = wallets
      .flatMap((w) => [...w.tokens.values()])
      .filter(([mint]) => mint === mints[0])
      .reduce((sum, [, amount]) => sum + amount, 0n);
    expect(report.tokens.find((t) => t.mint === mints[0])?.totalAmount).toBe(usdcTotal);
    expect(report.stats.endpoints).toHaveLength(2);
    expect(report.stats.failedAddresses).toEqual([]);
    expect(report.stats.throughputWalletsPerMin).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'progress', done: 230, failed: 0, total: 230 });
    expect(events.some((e) => e.type === 'log')).toBe(true);
  });

  it('loses and double-counts nothing when endpoints throw 500s, JSON-RPC errors and 429s, or are down', async () => {
    const pool = createEndpointPool({
      endpoints: [url('flaky'), url('rpcErrors'), url('limited'), url('down')],
      timeoutMs: 2_000,
    });
    const report = await createWalletScanner({ pool, retryDelayMs: 50 }).scan(
      wallets.map((w) => w.owner),
    );
    expectExact(report, wallets);
    const errors = Object.values(report.stats.endpointErrors).reduce((a, b) => a + b, 0);
    expect(errors).toBeGreaterThan(10);
    expect(Object.values(report.stats.endpoint429s).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('finishes despite an endpoint that hangs and one that answers garbage', async () => {
    const hanging = await startMisbehavingEndpoint('hang');
    const garbage = await startMisbehavingEndpoint('wrong-shape');
    const short = await startMisbehavingEndpoint('short-list');
    try {
      const pool = createEndpointPool({
        endpoints: [hanging.url, garbage.url, short.url, url('fast')],
        timeoutMs: 400,
      });
      const some = wallets.slice(0, 60);
      const report = await createWalletScanner({ pool, retryDelayMs: 50 }).scan(
        some.map((w) => w.owner),
      );
      expectExact(report, some);
      expect(hanging.requests() + garbage.requests() + short.requests()).toBeGreaterThan(0);
    } finally {
      await Promise.all([hanging.close(), garbage.close(), short.close()]);
    }
  });

  it('re-reads known token accounts at (1 + T) / 100 calls and drops the ones that moved', async () => {
    const pool = createEndpointPool({ endpoints: [url('fast')] });
    const scanner = createWalletScanner({ pool });
    const some = wallets.slice(0, 120);
    const cold = await scanner.scan(some.map((w) => w.owner));
    expectExact(cold, some);

    // Balances move on chain between the scans; one token account changes hands.
    const { admin } = localnet;
    const changed = some[5] as FundedWallet;
    await admin.fund(changed.owner, 777n);
    const [movedAccount, [movedMint]] = [...(some[2] as FundedWallet).tokens][0] as [
      string,
      [string, bigint],
    ];
    await admin.createTokenAccount({
      owner: randomAddress(),
      mint: movedMint,
      amount: 5n,
      address: movedAccount,
    });

    const known = cold.results.map((r) => ({
      owner: r.owner,
      tokenAccounts: r.ok ? r.value.tokens.map((t) => t.account) : [],
    }));
    const tokenAccounts = known.reduce((n, k) => n + k.tokenAccounts.length, 0);
    const report = await scanner.rescan(known);
    expect(report.stats.rpcCalls).toBe(Math.ceil((some.length + tokenAccounts) / 100));
    expect(report.failedAddresses).toEqual([]);
    const byOwner = new Map(report.results.map((r) => [r.owner, r]));
    const changedResult = byOwner.get(changed.owner);
    expect(changedResult?.ok && changedResult.value.lamports).toBe(changed.lamports + 777n);
    const movedResult = byOwner.get((some[2] as FundedWallet).owner);
    if (!movedResult?.ok) throw new Error('expected a result');
    expect(movedResult.value.droppedTokenAccounts).toEqual([movedAccount]);
    expect(movedResult.value.tokens.map((t) => t.account)).not.toContain(movedAccount);
    // Restore the fixture for the other tests.
    await admin.createTokenAccount({
      owner: (some[2] as FundedWallet).owner,
      mint: movedMint,
      amount: (some[2] as FundedWallet).tokens.get(movedAccount)?.[1] ?? 0n,
      address: movedAccount,
    });
    await admin.fund(changed.owner, 0n).catch(() => undefined);
    (wallets[5] as { lamports: bigint }).lamports += 777n;
  });

  it('reports a partial failure with the addresses, and scans each wallet once', async () => {
    const pool = createEndpointPool({ endpoints: [url('fast')] });
    const owners = wallets.slice(0, 10).map((w) => w.owner);
    const report = await createWalletScanner({ pool }).scan([
      ...owners,
      'not-an-address',
      owners[0] as string,
    ]);
    expect(report.results).toHaveLength(11);
    expect(report.failedAddresses).toEqual(['not-an-address']);
    expect(report.error).toBe('Scan failed for 1 wallet(s): not-an-address');
    expect(report.results.find((result) => result.owner === 'not-an-address')).toEqual({
      owner: 'not-an-address',
      ok: false,
      error: { code: 'ADDRESS__INVALID', message: 'Not a Solana address: not-an-address' },
    });
    expect(report.stats.rpcMethods.getTokenAccountsByOwner).toBe(20);
  });

  it('ends every wallet with an error, not a throw, when no endpoint answers', async () => {
    const pool = createEndpointPool({ endpoints: [url('down')], timeoutMs: 500 });
    const owners = [randomAddress(), randomAddress(), randomAddress()];
    const report = await createWalletScanner({ pool, retryDelayMs: 10, jobAttempts: 2 }).scan(
      owners,
    );
    expect(report.failedAddresses).toEqual(owners);
    expect(report.error).toMatch(/^Scan failed for 3 wallet\(s\): /);
    for (const result of report.results) {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('RPC__NO_ENDPOINT_ANSWERED');
        expect(result.error.message).toMatch(/No RPC endpoint answered .*127\.0\.0\.1:\d+: /);
      }
    }
  });

  it('scans without names when the endpoint offers no DAS, and asks only once', async () => {
    const noDas = await startMisbehavingEndpoint('no-das', url('fast'));
    try {
      const pool = createEndpointPool({ endpoints: [noDas.url] });
      const scanner = createWalletScanner({ pool });
      const some = wallets.slice(0, 12);
      const report = await scanner.scan(some.map((w) => w.owner));
      expectExact(report, some);
      expect(report.tokens.length).toBeGreaterThan(0);
      for (const token of report.tokens) expect(token).toMatchObject({ name: '', symbol: '' });
      expect(report.tokens.find((t) => t.mint === mints[1])?.decimals).toBe(9);
      expect(report.stats.rpcMethods.getAssetBatch).toBe(1);
    } finally {
      await noDas.close();
    }
  });

  it('keeps each token account’s rent, and tells a frozen account, cold and on a re-scan', async () => {
    const { admin } = localnet;
    const owner = randomAddress();
    await admin.fund(owner, 1_000_000n);
    const open = await admin.createTokenAccount({ owner, mint: mints[0] ?? '', amount: 0n });
    const frozen = randomAddress();
    const bytes = new Uint8Array(165);
    bytes.set(getAddressEncoder().encode(address(mints[0] ?? '')), 0);
    bytes.set(getAddressEncoder().encode(address(owner)), 32);
    bytes[108] = 2; // AccountState::Frozen
    admin.setAccount(frozen, { lamports: 2_039_280n, data: bytes, owner: TOKEN_PROGRAM });

    const scanner = createWalletScanner({ pool: createEndpointPool({ endpoints: [url('fast')] }) });
    const cold = (await scanner.scan([owner])).results[0];
    const again = (await scanner.rescan([{ owner, tokenAccounts: [open, frozen] }])).results[0];
    for (const result of [cold, again]) {
      if (!result?.ok) throw new Error('expected balances');
      const byAccount = new Map(result.value.tokens.map((t) => [t.account, t]));
      expect(byAccount.get(address(open))).toMatchObject({
        lamports: 2_039_280n,
        frozen: false,
        withheldAmount: 0n,
      });
      expect(byAccount.get(address(frozen))).toMatchObject({ lamports: 2_039_280n, frozen: true });
    }
  });

  it('stops at once, with the caller’s reason, when the scan is cancelled', async () => {
    const pool = createEndpointPool({ endpoints: [`${url('limited')}#rps=15`] });
    const controller = new AbortController();
    const scanning = createWalletScanner({ pool }).scan(
      wallets.map((w) => w.owner),
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(new Error('scan cancelled by the operator')), 200);
    const started = Date.now();
    await expect(scanning).rejects.toThrow('scan cancelled by the operator');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(pool.waiting()).toBe(0);
  });
});
