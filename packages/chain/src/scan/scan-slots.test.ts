import { createLocalnet, type Localnet } from '@fleet/localnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEndpointPool } from '../pool/endpoint-pool';
import { randomAddress } from '../testing/fixtures';
import { startSlotRewritingEndpoint } from '../testing/slot-rewriting-endpoint';
import type { ScanReport } from './scan-report';
import { createWalletScanner } from './scan-wallets';
import { TOKEN_2022_PROGRAM } from './token-layout';

function slotsOf(report: ScanReport): bigint[] {
  return report.results.map((result) => {
    if (!result.ok) throw new Error(`${result.owner} failed: ${result.error.message}`);
    return result.value.slot;
  });
}

describe('the slot a scan result carries', () => {
  let localnet: Localnet<'behind'>;
  let owner = '';
  let tokenAccount = '';

  beforeAll(async () => {
    // A stopped clock: slots move only when the test says, so each answer's slot is known.
    localnet = await createLocalnet({ slotIntervalMs: 0, endpoints: { behind: { lagSlots: 7 } } });
    owner = randomAddress();
    await localnet.admin.fund(owner, 5_000_000n);
    const mint = await localnet.admin.createMint({ decimals: 2 });
    tokenAccount = await localnet.admin.createTokenAccount({ owner, mint, amount: 9n });
    localnet.admin.advanceSlots(100);
  });
  afterAll(async () => {
    await localnet.close();
  });

  it('is the slot the endpoint answered at, older from an endpoint that lags', async () => {
    const slot = localnet.admin.getSlot();
    const known = [{ owner, tokenAccounts: [tokenAccount] }];
    const fresh = createWalletScanner({
      pool: createEndpointPool({ endpoints: [localnet.endpoints.default.url] }),
    });
    expect(slotsOf(await fresh.rescan(known))).toEqual([slot]);
    expect(slotsOf(await fresh.scan([owner]))).toEqual([slot]);

    const behind = createWalletScanner({
      pool: createEndpointPool({ endpoints: [localnet.endpoints.behind.url] }),
    });
    expect(slotsOf(await behind.rescan(known))).toEqual([slot - 7n]);
  });

  it('is the oldest of the answers a wallet was read from', async () => {
    // SOL at 500, the Token program's accounts at 420, Token-2022's at 450: the result can only
    // claim 420 for all of it.
    const endpoint = await startSlotRewritingEndpoint(localnet.url, (method, params) => {
      if (method === 'getMultipleAccounts') return 500;
      if (method !== 'getTokenAccountsByOwner') return null;
      const filter = params[1] as { programId?: string } | undefined;
      return filter?.programId === TOKEN_2022_PROGRAM ? 450 : 420;
    });
    try {
      const scanner = createWalletScanner({
        pool: createEndpointPool({ endpoints: [endpoint.url] }),
      });
      const other = randomAddress();
      const report = await scanner.scan([owner, other]);
      expect(slotsOf(report)).toEqual([420n, 420n]);
      const result = report.results[0];
      expect(result?.ok === true ? result.value.tokens.map((t) => t.amount) : null).toEqual([9n]);
    } finally {
      await endpoint.close();
    }
  });

  it('is the oldest chunk’s when a wallet’s known accounts span two calls', async () => {
    let calls = 0;
    // The first getMultipleAccounts of the re-scan answers at 900, the second at 880.
    const endpoint = await startSlotRewritingEndpoint(localnet.url, (method) =>
      method === 'getMultipleAccounts' ? 900 - 20 * calls++ : null,
    );
    try {
      const scanner = createWalletScanner({
        pool: createEndpointPool({ endpoints: [endpoint.url] }),
      });
      // 120 accounts (most of them nothing): the wallet's entries fill a chunk and spill over.
      const accounts = [tokenAccount, ...Array.from({ length: 119 }, () => randomAddress())];
      const report = await scanner.rescan([{ owner, tokenAccounts: accounts }], {
        concurrency: 1,
      });
      // Two chunks, then the mint's decimals (at 860, which says nothing of the wallet).
      expect(report.stats.rpcMethods.getMultipleAccounts).toBe(3);
      expect(slotsOf(report)).toEqual([880n]);
    } finally {
      await endpoint.close();
    }
  });
});
