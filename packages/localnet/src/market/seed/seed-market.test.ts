import { afterAll, describe, expect, it } from 'vitest';

import { createLocalnet, type Localnet } from '../../create-localnet.js';
import { rpcResult } from '../../testing/raw-rpc.js';
import type { MarketView } from '../market-model.js';

const opened: Localnet[] = [];

async function marketWith(seed: string): Promise<{ localnet: Localnet; view: MarketView }> {
  const localnet = await createLocalnet({ slotIntervalMs: 0, market: { seed } });
  opened.push(localnet);
  if (localnet.market === null) throw new Error('no market');
  return { localnet, view: localnet.market.view };
}

afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
});

function fingerprint(view: MarketView): unknown {
  return {
    tokens: view.tokens().map((t) => [t.mint, t.symbol, t.decimals, t.program, t.kind, t.supply]),
    pools: view
      .pools()
      .map((p) => [
        p.address,
        p.mint,
        p.tokenVault,
        view.reserves(p.address).lamports,
        view.reserves(p.address).tokenRaw,
      ]),
    compressed: view.compressedNfts().map((n) => n.id),
    boosts: view.boosts().map((b) => [b.mint, b.totalAmount]),
  };
}

describe('seeding the sandbox market', () => {
  it('lists the same market for the same seed, and another for another seed', async () => {
    const a = await marketWith('same');
    const b = await marketWith('same');
    const c = await marketWith('other');
    expect(fingerprint(a.view)).toEqual(fingerprint(b.view));
    expect(a.view.tokens()[0]?.mint).not.toBe(c.view.tokens()[0]?.mint);
  });

  it('lists SPL and Token-2022 fungibles, NFTs with supply 1 and compressed NFTs with no account', async () => {
    const { localnet, view } = await marketWith('shape');
    const fungible = view.tokens().filter((t) => t.kind === 'fungible');
    expect(fungible.filter((t) => t.program === 'spl-token').length).toBeGreaterThanOrEqual(8);
    expect(fungible.filter((t) => t.program === 'token-2022').length).toBeGreaterThanOrEqual(3);
    const nfts = view.tokens().filter((t) => t.kind === 'nft');
    expect(nfts.length).toBeGreaterThan(0);
    for (const nft of nfts) {
      const supply = await rpcResult<{ value: { amount: string; decimals: number } }>(
        localnet.url,
        'getTokenSupply',
        [nft.mint],
      );
      expect(supply.value).toMatchObject({ amount: '1', decimals: 0 });
    }
    const compressed = view.compressedNfts();
    expect(compressed.length).toBeGreaterThan(0);
    const info = await rpcResult<{ value: unknown }>(localnet.url, 'getAccountInfo', [
      compressed[0]?.id,
      { encoding: 'base64' },
    ]);
    expect(info.value).toBeNull();
    for (const token of fungible) {
      expect(view.poolsOf(token.mint)).toHaveLength(1);
      expect(token.websites.length + token.socials.length).toBeGreaterThan(0);
    }
  });

  it('names every real mint for the digital-asset API and serves its image and metadata', async () => {
    const { localnet, view } = await marketWith('names');
    const kelp = view.tokens().find((t) => t.symbol === 'KELP');
    const asset = await rpcResult<{ content: { metadata: { name: string; symbol: string } } }>(
      localnet.url,
      'getAsset',
      { id: kelp?.mint },
    );
    // The market's description too: the digital-asset API reads the market's catalogue.
    expect(asset.content.metadata).toEqual({
      name: 'Kelp Finance',
      symbol: 'KELP',
      description: kelp?.description,
    });
    const image = await fetch(kelp?.imageUrl ?? '');
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toContain('<svg');
    const metadata = (await (await fetch(kelp?.metadataUri ?? '')).json()) as Record<
      string,
      unknown
    >;
    expect(metadata).toMatchObject({ name: 'Kelp Finance', symbol: 'KELP', image: kelp?.imageUrl });
    const cnft = view.compressedNfts()[0];
    expect((await fetch(cnft?.metadataUri ?? '')).status).toBe(200);
  });
});
