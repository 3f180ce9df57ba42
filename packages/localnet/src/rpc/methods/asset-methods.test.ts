// The DAS reads over a real chain: fungible tokens and NFTs are mints and token accounts
// written by the admin helpers; compressed NFTs, images and prices come from the registry and
// a sandbox market.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAdmin, type LocalnetAdmin } from '../../admin/admin.js';
import { AssetRegistry } from '../../admin/asset-registry.js';
import { Faucet } from '../../admin/faucet.js';
import { LocalChain } from '../../chain/local-chain.js';
import { createLocalnet, type Localnet } from '../../index.js';
import {
  CNFT,
  FLEET_MINT,
  NFT_MINT,
  fixedAddress,
  scenarioMarket,
} from '../../market/testing/market-scenario.js';
import { readSample, shapeDifferences } from '../../testing/shape-differences.js';
import { invoke } from '../json-rpc.js';
import type { RpcContext } from '../rpc-context.js';
import { generateKeypair, rpcCall, rpcResult } from '../../testing/raw-rpc.js';

interface Asset {
  interface: string;
  id: string;
  content: { metadata: Record<string, unknown>; links: { image?: string }; json_uri: string };
  compression: { compressed: boolean; tree: string; leaf_id: number };
  grouping: { group_key: string; group_value: string }[];
  ownership: { owner: string; ownership_model: string };
  token_info?: {
    balance?: number;
    decimals: number;
    associated_token_address?: string;
    price_info?: { price_per_token: number; total_price?: number; currency: string };
  };
}

interface AssetList {
  total: number;
  limit: number;
  page?: number;
  items: Asset[];
  grand_total?: number;
  nativeBalance?: { lamports: number; price_per_sol: number; total_price: number };
}

describe('DAS over a localnet', () => {
  let localnet: Localnet;
  let url: string;
  const owner = generateKeypair().address;
  const mints: string[] = [];
  let nft: string;
  let empty: string;

  beforeAll(async () => {
    localnet = await createLocalnet({ slotIntervalMs: 0 });
    url = localnet.url;
    const { admin } = localnet;
    await admin.fund(owner, 2_000_000_000n);
    for (const [i, symbol] of ['AAA', 'BBB', 'CCC'].entries()) {
      const mint = await admin.createMint({ decimals: 6, name: `Token ${symbol}`, symbol });
      await admin.createTokenAccount({ owner, mint, amount: BigInt((i + 1) * 1_000_000) });
      mints.push(mint);
    }
    nft = await admin.createMint({ decimals: 0, name: 'Captain #1', symbol: 'CAP' });
    await admin.createTokenAccount({ owner, mint: nft, amount: 1n });
    empty = await admin.createMint({ decimals: 9, name: 'Empty', symbol: 'MT' });
    await admin.createTokenAccount({ owner, mint: empty, amount: 0n });
  });

  afterAll(async () => {
    await localnet.close();
  });

  it('lists only NFTs by default and fungible tokens with showFungible', async () => {
    const plain = await rpcResult<AssetList>(url, 'getAssetsByOwner', { ownerAddress: owner });
    expect(plain.items.map((asset) => asset.id)).toEqual([nft]);
    expect(plain.items[0]).toMatchObject({
      interface: 'V1_NFT',
      ownership: { owner, ownership_model: 'single' },
      compression: { compressed: false },
    });
    const all = await rpcResult<AssetList>(url, 'getAssetsByOwner', {
      ownerAddress: owner,
      displayOptions: { showFungible: true, showNativeBalance: true },
    });
    expect(all).toMatchObject({ total: 4, limit: 1000, page: 1 });
    expect(all.nativeBalance?.lamports).toBe(2_000_000_000);
    const aaa = all.items.find((asset) => asset.id === mints[0]);
    expect(aaa).toMatchObject({
      interface: 'FungibleToken',
      ownership: { owner, ownership_model: 'token' },
      token_info: { balance: 1_000_000, decimals: 6 },
    });
    expect(aaa?.token_info?.associated_token_address).toBe(
      await localnet.admin.associatedTokenAddress(owner, mints[0] ?? ''),
    );
    const withZero = await rpcResult<AssetList>(url, 'getAssetsByOwner', {
      ownerAddress: owner,
      displayOptions: { showFungible: true, showZeroBalance: true },
    });
    expect(withZero.items.map((asset) => asset.id)).toContain(empty);
  });

  it('pages through an owner’s assets in a stable order', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 6; page += 1) {
      const result = await rpcResult<AssetList>(url, 'getAssetsByOwner', {
        ownerAddress: owner,
        page,
        limit: 2,
        displayOptions: { showFungible: true, showGrandTotal: true },
      });
      expect(result).toMatchObject({ page, limit: 2, grand_total: 4 });
      expect(result.total).toBe(result.items.length);
      if (result.items.length === 0) break;
      seen.push(...result.items.map((asset) => asset.id));
    }
    expect(seen).toHaveLength(4);
    expect(new Set(seen)).toEqual(new Set([...mints, nft]));
    const after = await rpcResult<AssetList>(url, 'getAssetsByOwner', {
      ownerAddress: owner,
      after: seen[1],
      limit: 10,
      displayOptions: { showFungible: true },
    });
    expect(after.items.map((asset) => asset.id)).toEqual(seen.slice(2));
  });

  it('searches an owner’s assets by token type', async () => {
    const search = async (tokenType: string): Promise<string[]> =>
      (
        await rpcResult<AssetList>(url, 'searchAssets', { ownerAddress: owner, tokenType })
      ).items.map((asset) => asset.id);
    expect(new Set(await search('fungible'))).toEqual(new Set(mints));
    expect(await search('nonFungible')).toEqual([nft]);
    expect(await search('regularNft')).toEqual([nft]);
    expect(await search('compressedNft')).toEqual([]);
    expect(await search('all')).toHaveLength(4);
    const paged = await rpcResult<AssetList>(url, 'searchAssets', {
      ownerAddress: owner,
      tokenType: 'fungible',
      page: 2,
      limit: 2,
    });
    expect(paged).toMatchObject({ total: 1, page: 2, limit: 2 });
  });

  it('answers getAsset for an NFT with its holder', async () => {
    const asset = await rpcResult<Asset>(url, 'getAsset', { id: nft });
    expect(asset).toMatchObject({
      interface: 'V1_NFT',
      ownership: { owner, ownership_model: 'single' },
      content: { metadata: { name: 'Captain #1', symbol: 'CAP', token_standard: 'NonFungible' } },
    });
  });

  it('refuses bad parameters with invalid-params errors', async () => {
    for (const params of [
      { ownerAddress: owner, limit: 1001 },
      { ownerAddress: owner, limit: 0 },
      { ownerAddress: owner, page: 0 },
      { ownerAddress: owner, page: 1.5 },
      { ownerAddress: 'not-a-key' },
      { ownerAddress: owner, displayOptions: { showFungible: 'yes' } },
    ]) {
      const reply = await rpcCall(url, 'getAssetsByOwner', params);
      expect({ params, code: reply.error?.code }).toEqual({ params, code: -32602 });
    }
    for (const params of [
      { ownerAddress: owner, tokenType: 'everything' },
      { ownerAddress: owner, grouping: ['creator', owner] },
      { ownerAddress: owner, compressed: 'yes' },
    ]) {
      expect((await rpcCall(url, 'searchAssets', params)).error?.code).toBe(-32602);
    }
    expect((await rpcCall(url, 'getAssetsByOwner', [])).error?.code).toBe(-32602);
  });
});

describe('DAS with the sandbox market', () => {
  let admin: LocalnetAdmin;
  let ctx: RpcContext;
  const market = scenarioMarket();
  const holder = generateKeypair().address;
  const registered = {
    id: fixedAddress('registeredCnft'),
    owner: holder,
    name: 'Registered Leaf',
    symbol: 'LEAF',
    image: 'https://sandbox.example/leaf.jpg',
    metadataUri: 'https://sandbox.example/leaf.json',
    tree: fixedAddress('tree-2'),
    leafIndex: 3,
    collection: null,
  };

  const call = <T>(method: string, params: Record<string, unknown>): T => {
    const reply = invoke({ id: 1, method, params: [params], notification: false }, ctx);
    if (reply.error !== undefined) throw new Error(JSON.stringify(reply.error));
    return reply.result as T;
  };

  beforeAll(async () => {
    const chain = new LocalChain({ seed: 'das-market', slot: 0n });
    const faucet = new Faucet(chain);
    const assets = new AssetRegistry();
    assets.setCompressed(registered);
    admin = createAdmin({
      chain,
      faucet,
      assets,
      endpoints: new Map(),
      onAssetNamed: () => undefined,
      onOutage: () => undefined,
    });
    ctx = {
      chain,
      faucet,
      assets,
      market: () => market,
      slot: () => chain.slot,
      dropSend: () => false,
      reportError: (error) => {
        throw error;
      },
    };
    // The market's tokens exist on the chain under their own addresses, unnamed there.
    await admin.createMint({ decimals: 6, address: FLEET_MINT });
    await admin.createMint({ decimals: 0, address: NFT_MINT });
    await admin.createTokenAccount({ owner: holder, mint: FLEET_MINT, amount: 2_000_000n });
    await admin.createTokenAccount({ owner: holder, mint: NFT_MINT, amount: 1n });
  });

  it('describes market tokens with their metadata, image and price', () => {
    const list = call<AssetList>('getAssetsByOwner', {
      ownerAddress: holder,
      displayOptions: { showFungible: true },
    });
    const fleet = list.items.find((asset) => asset.id === FLEET_MINT);
    expect(fleet).toMatchObject({
      interface: 'FungibleToken',
      content: {
        metadata: {
          name: 'Fleet',
          symbol: 'FLEET',
          description: expect.stringMatching(/./) as string,
        },
        links: { image: `${market.baseUrl}/assets/${FLEET_MINT}.png` },
        json_uri: `${market.baseUrl}/assets/${FLEET_MINT}.json`,
      },
      token_info: { balance: 2_000_000n, price_info: { currency: 'USDC' } },
    });
    expect(fleet?.token_info?.price_info?.price_per_token).toBeCloseTo(0.015, 12);
    expect(fleet?.token_info?.price_info?.total_price).toBeCloseTo(0.03, 12);
    // The market says the 0-decimal mint is an NFT.
    expect(list.items.find((asset) => asset.id === NFT_MINT)?.interface).toBe('V1_NFT');
  });

  it('serves compressed NFTs from the registry and the market', () => {
    const cnft = call<Asset>('getAsset', { id: CNFT.id });
    expect(cnft).toMatchObject({
      interface: 'V1_NFT',
      compression: { compressed: true, tree: CNFT.tree, leaf_id: 7 },
      grouping: [{ group_key: 'collection', group_value: CNFT.collection }],
      ownership: { owner: CNFT.owner, ownership_model: 'single' },
      content: { links: { image: CNFT.imageUrl } },
    });
    const batch = call<(Asset | null)[]>('getAssetBatch', {
      ids: [registered.id, FLEET_MINT, generateKeypair().address],
    });
    expect(batch.map((asset) => asset?.compression.compressed ?? null)).toEqual([
      true,
      false,
      null,
    ]);
    const owned = call<AssetList>('searchAssets', {
      ownerAddress: holder,
      tokenType: 'compressedNft',
    });
    expect(owned.items.map((asset) => asset.id)).toEqual([registered.id]);
    const inCollection = call<AssetList>('searchAssets', {
      grouping: ['collection', CNFT.collection],
      tokenType: 'all',
    });
    expect(inCollection.items.map((asset) => asset.id)).toEqual([CNFT.id]);
    const compressedOnly = call<AssetList>('searchAssets', {
      ownerAddress: holder,
      compressed: true,
    });
    expect(compressedOnly.items).toHaveLength(1);
  });

  it('answers in Helius’s documented shapes for holdings, compressed NFTs and lists', async () => {
    const sample = (name: string): Promise<unknown> =>
      readSample(new URL(`./das-samples/${name}.json`, import.meta.url));
    const list = call<AssetList>('getAssetsByOwner', {
      ownerAddress: holder,
      displayOptions: { showFungible: true },
    });
    expect(shapeDifferences(await sample('list'), list)).toEqual([]);
    const fleet = list.items.find((asset) => asset.id === FLEET_MINT);
    // Through the JSON text bigints become numbers, as on the wire.
    const wire = (value: unknown): unknown =>
      JSON.parse(
        JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
      );
    expect(shapeDifferences(await sample('fungible-holding'), wire(fleet))).toEqual([]);
    expect(
      shapeDifferences(await sample('compressed-nft'), call('getAsset', { id: CNFT.id })),
    ).toEqual([]);
  });
});
