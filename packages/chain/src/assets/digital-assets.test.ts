import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { isFleetError } from '@fleet/core';
import { afterEach, describe, expect, it } from 'vitest';

import { createEndpointPool } from '../pool/endpoint-pool';
import { createDigitalAssets } from './digital-assets';

const OWNER = '86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY';
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

interface Call {
  readonly method: string;
  readonly params: Record<string, unknown>;
}

let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) =>
    server === null ? resolve() : server.close(() => resolve()),
  );
  server = null;
});

/** A DAS endpoint on loopback that answers each method with `answer(call)` (raw JSON text). */
async function startDas(answer: (call: Call) => string): Promise<{ url: string; calls: Call[] }> {
  const calls: Call[] = [];
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call & { id: number };
      calls.push(call);
      // The recorded answers carry id "1"; the pool matches on the envelope, not the id.
      res.writeHead(200, { 'content-type': 'application/json' }).end(answer(call));
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls };
}

describe('the digital-asset API through the endpoint pool', () => {
  it('reads an owner’s fungible tokens, NFTs and compressed NFTs, amounts exact', async () => {
    const das = await startDas(() => fixture('get-assets-by-owner.json'));
    const assets = createDigitalAssets(createEndpointPool({ endpoints: [das.url] }));
    const page = await assets.getAssetsByOwner(OWNER);
    expect(das.calls[0]).toMatchObject({
      method: 'getAssetsByOwner',
      params: { ownerAddress: OWNER, page: 1, limit: 1000, options: { showFungible: true } },
    });
    expect(page).toMatchObject({ total: 4, limit: 1000, page: 1 });
    expect(page.items.map((a) => [a.symbol, a.kind])).toEqual([
      ['JUP', 'fungible'],
      ['Bonk', 'fungible'],
      ['MAD', 'nft'],
      ['DRIP', 'compressed-nft'],
    ]);
    expect(page.items[0]?.token).toMatchObject({
      balance: 125_000_000n,
      decimals: 6,
      pricePerTokenUsd: 0.4821,
    });
    expect(page.items[1]?.token?.balance).toBe(18_446_744_073_709_551_000n);
    expect(page.items[2]).toMatchObject({
      collection: 'J1S9H3QjnRtBbbuD4HjPV6RpRhwuk4zKbxsnCHuTgh9w',
      compressed: false,
    });
    expect(page.items[3]).toMatchObject({
      compressed: true,
      tree: 'BDtRm1xN6yMyzTnL3ckX9N5b6T3FYzJj3uAFe9PkTBEG',
      owner: OWNER,
    });
  });

  it('walks pages until a short one', async () => {
    const item = (
      JSON.parse(fixture('get-assets-by-owner.json')) as { result: { items: unknown[] } }
    ).result.items[0];
    const das = await startDas((call) => {
      const page = Number(call.params.page);
      const items = Array.from({ length: page < 3 ? 2 : 1 }, () => item);
      return JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        result: { total: items.length, limit: 2, page, items },
      });
    });
    const assets = createDigitalAssets(createEndpointPool({ endpoints: [das.url] }));
    const all = await assets.allAssetsByOwner(OWNER, { limit: 2 });
    expect(all.items).toHaveLength(5);
    expect(all.truncated).toBe(false);
    expect(das.calls.map((c) => c.params.page)).toEqual([1, 2, 3]);
    const capped = await assets.allAssetsByOwner(OWNER, { limit: 2, maxPages: 2 });
    expect(capped).toMatchObject({ truncated: true });
  });

  it('batches ids 1000 to a call and keeps nulls in place', async () => {
    const das = await startDas(() => fixture('get-asset-batch.json'));
    const assets = createDigitalAssets(createEndpointPool({ endpoints: [das.url] }));
    const found = await assets.getAssetBatch([
      'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
      'Unknown111111111111111111111111111111111111',
      'JDuAmJDsJ2mBbMuVhR6GnBWLkErYHQFMCNC9B8yEtqQb',
    ]);
    expect(found.map((a) => a?.kind ?? null)).toEqual(['fungible', null, 'compressed-nft']);
  });

  it('searches by owner, type and collection', async () => {
    const das = await startDas(() => fixture('search-assets.json'));
    const assets = createDigitalAssets(createEndpointPool({ endpoints: [das.url] }));
    const page = await assets.searchAssets({
      ownerAddress: OWNER,
      tokenType: 'compressedNft',
      collection: 'DRiP2Pn2K6fuMLKQmt5rZWyHiUZ6WK3GChEySUpHSS4x',
      limit: 100,
    });
    expect(das.calls[0]).toMatchObject({
      method: 'searchAssets',
      params: {
        ownerAddress: OWNER,
        tokenType: 'compressedNft',
        grouping: ['collection', 'DRiP2Pn2K6fuMLKQmt5rZWyHiUZ6WK3GChEySUpHSS4x'],
        page: 1,
        limit: 100,
      },
    });
    expect(page.items[0]?.name).toBe('DRiP Drop #1234');
  });

  it('reads a search page wrapped in `assets`, as some Helius references show it', async () => {
    const items = (JSON.parse(fixture('search-assets.json')) as { result: unknown }).result;
    const das = await startDas(() =>
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        result: { assets: items, nativeBalance: { lamports: 5 } },
      }),
    );
    const page = await createDigitalAssets(
      createEndpointPool({ endpoints: [das.url] }),
    ).searchAssets({
      ownerAddress: OWNER,
      tokenType: 'all',
    });
    expect(page.items.map((a) => a.kind)).toEqual(['compressed-nft']);
  });

  it('refuses a page limit above 1000 and an answer without items', async () => {
    const das = await startDas(() =>
      JSON.stringify({ jsonrpc: '2.0', id: 1, result: { total: 0 } }),
    );
    const assets = createDigitalAssets(createEndpointPool({ endpoints: [das.url] }));
    const tooMany = await assets.getAssetsByOwner(OWNER, { limit: 1001 }).catch((e: unknown) => e);
    expect(isFleetError(tooMany, 'REQUEST__INVALID_INPUT')).toBe(true);
    const garbage = await assets.getAssetsByOwner(OWNER).catch((e: unknown) => e);
    expect(isFleetError(garbage, 'RPC__INVALID_ANSWER')).toBe(true);
  });
});
