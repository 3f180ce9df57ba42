// Digital assets in Helius's DAS shapes (https://www.helius.dev/docs/api-reference/das/getasset):
// a mint on the chain (FungibleToken, FungibleAsset or V1_NFT) or a compressed NFT from the
// index, with content, compression, grouping, ownership and token_info as Helius writes them.
// Metadata comes from the registry, then the sandbox market, then a Token-2022 extension.

import { createHash } from 'node:crypto';

import type { CompressedNftRecord } from '../../admin/asset-registry.js';
import { TOKEN_2022_PROGRAM, isTokenProgram } from '../../chain/program-ids.js';
import { tokenMetadataOf } from '../../chain/token-extensions.js';
import { parseMint, parseTokenAccount, type MintState } from '../../chain/token-layout.js';
import { encodeBase58 } from '../../codec/base58.js';
import { tokenMetrics } from '../../market/metrics/pool-metrics.js';
import type { RpcContext } from '../rpc-context.js';

export type AssetInterface = 'V1_NFT' | 'FungibleToken' | 'FungibleAsset';

export interface MintFacts {
  readonly id: string;
  readonly program: string;
  readonly mint: MintState;
  readonly name: string;
  readonly symbol: string;
  readonly description: string | null;
  readonly image: string | null;
  readonly jsonUri: string;
  readonly interface: AssetInterface;
}

/** One owner's holding of a mint: its balance summed over its token accounts. */
export interface Holding {
  readonly owner: string;
  readonly balance: bigint;
  readonly tokenAccount: string;
  readonly frozen: boolean;
  readonly delegate: string | null;
}

export type AssetRecord = Record<string, unknown>;

const SCHEMA = 'https://schema.metaplex.com/nft1.0.json';

/** What the chain and the off-chain sources say about a mint; null when `id` is not a mint. */
export function mintFacts(ctx: RpcContext, id: string): MintFacts | null {
  const account = ctx.chain.getAccount(id);
  if (account === null || !isTokenProgram(account.owner)) return null;
  const mint = parseMint(account.data);
  if (mint === null) return null;
  const onChain = account.owner === TOKEN_2022_PROGRAM ? tokenMetadataOf(account.data) : null;
  const registered = ctx.assets.get(id);
  const market = ctx.market?.()?.token(id);
  const kind =
    registered?.kind ??
    market?.kind ??
    (mint.decimals === 0 && mint.supply === 1n ? 'nft' : 'fungible');
  return {
    id,
    program: account.owner,
    mint,
    name: registered?.name || market?.name || onChain?.name || '',
    symbol: registered?.symbol || market?.symbol || onChain?.symbol || '',
    description: registered?.description ?? market?.description ?? null,
    image: registered?.image ?? market?.imageUrl ?? null,
    jsonUri: registered?.metadataUri ?? market?.metadataUri ?? onChain?.uri ?? '',
    // Helius: decimals 0 with more than one unit is a semi-fungible FungibleAsset.
    interface: kind === 'nft' ? 'V1_NFT' : mint.decimals === 0 ? 'FungibleAsset' : 'FungibleToken',
  };
}

/** USD per whole token from the sandbox market's deepest pool; null when nothing prices it. */
export function priceOf(ctx: RpcContext, mint: string): number | null {
  const market = ctx.market?.() ?? null;
  if (market === null) return null;
  return tokenMetrics(market, mint, Date.now())?.priceUsd ?? null;
}

/** Whoever holds the single unit of an NFT (the owner Helius reports), or '' when nobody does. */
export function nftHolder(ctx: RpcContext, mint: string): Holding | null {
  for (const address of ctx.chain.tokenIndex.ofMint(mint)) {
    const account = ctx.chain.getAccount(address);
    const parsed = account === null ? null : parseTokenAccount(account.data);
    if (parsed !== null && parsed.amount > 0n) {
      return {
        owner: parsed.owner,
        balance: parsed.amount,
        tokenAccount: address,
        frozen: parsed.state === 'frozen',
        delegate: parsed.delegate,
      };
    }
  }
  return null;
}

function mimeOf(url: string): string {
  const extension = /\.([a-z0-9]+)(?:\?|#|$)/i.exec(url)?.[1]?.toLowerCase();
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'gif') return 'image/gif';
  if (extension === 'svg') return 'image/svg+xml';
  if (extension === 'webp') return 'image/webp';
  return 'image/png';
}

function content(
  jsonUri: string,
  metadata: Record<string, unknown>,
  image: string | null,
): AssetRecord {
  return {
    $schema: SCHEMA,
    json_uri: jsonUri,
    files: image === null ? [] : [{ uri: image, cdn_uri: image, mime: mimeOf(image) }],
    metadata,
    links: image === null ? {} : { image },
  };
}

const ROYALTY = {
  royalty_model: 'creators',
  target: null,
  percent: 0,
  basis_points: 0,
  primary_sale_happened: false,
  locked: false,
} as const;

const NFT_SUPPLY = { print_max_supply: 0, print_current_supply: 0, edition_nonce: null } as const;

/** A mint as a DAS asset; `holding` makes it that owner's (getAssetsByOwner, searchAssets). */
export function mintAsset(ctx: RpcContext, facts: MintFacts, holding: Holding | null): AssetRecord {
  const { mint } = facts;
  const nft = facts.interface === 'V1_NFT';
  const holder = holding ?? (nft ? nftHolder(ctx, facts.id) : null);
  const price = nft ? null : priceOf(ctx, facts.id);
  const whole = holding === null ? 0 : Number(holding.balance) / 10 ** mint.decimals;
  return {
    interface: facts.interface,
    id: facts.id,
    content: content(
      facts.jsonUri,
      {
        name: facts.name,
        symbol: facts.symbol,
        ...(facts.description === null ? {} : { description: facts.description }),
        // A plain SPL mint's metadata is just its name and symbol (the committed getAsset
        // sample pins that); the NFT standard is named for NFTs.
        ...(nft ? { token_standard: 'NonFungible' } : {}),
      },
      facts.image,
    ),
    authorities:
      mint.mintAuthority === null ? [] : [{ address: mint.mintAuthority, scopes: ['full'] }],
    compression: {
      eligible: false,
      compressed: false,
      data_hash: '',
      creator_hash: '',
      asset_hash: '',
      tree: '',
      seq: 0,
      leaf_id: 0,
    },
    grouping: [],
    royalty: ROYALTY,
    creators: [],
    ownership: {
      frozen: holder?.frozen ?? false,
      delegated: (holder?.delegate ?? null) !== null,
      delegate: holder?.delegate ?? null,
      ownership_model: nft ? 'single' : 'token',
      owner: holder?.owner ?? '',
    },
    supply: nft ? NFT_SUPPLY : null,
    mutable: true,
    burnt: false,
    token_info: {
      symbol: facts.symbol,
      ...(holding === null ? {} : { balance: holding.balance }),
      supply: mint.supply,
      decimals: mint.decimals,
      token_program: facts.program,
      ...(holding === null ? {} : { associated_token_address: holding.tokenAccount }),
      mint_authority: mint.mintAuthority,
      freeze_authority: mint.freezeAuthority,
      ...(price === null
        ? {}
        : {
            price_info: {
              price_per_token: price,
              ...(holding === null ? {} : { total_price: whole * price }),
              currency: 'USDC',
            },
          }),
    },
  };
}

/** A stand-in for a Merkle leaf hash: stable per asset and field, base58 like Helius's. */
function leafHash(id: string, field: string): string {
  return encodeBase58(createHash('sha256').update(`${field}:${id}`).digest());
}

export function compressedAsset(nft: CompressedNftRecord): AssetRecord {
  return {
    interface: 'V1_NFT',
    id: nft.id,
    content: content(
      nft.metadataUri,
      {
        name: nft.name,
        symbol: nft.symbol,
        ...(nft.description === undefined ? {} : { description: nft.description }),
        token_standard: 'NonFungible',
      },
      nft.image,
    ),
    authorities: [],
    compression: {
      eligible: false,
      compressed: true,
      data_hash: leafHash(nft.id, 'data'),
      creator_hash: leafHash(nft.id, 'creator'),
      asset_hash: leafHash(nft.id, 'asset'),
      tree: nft.tree,
      seq: nft.leafIndex + 1,
      leaf_id: nft.leafIndex,
    },
    grouping:
      nft.collection === null ? [] : [{ group_key: 'collection', group_value: nft.collection }],
    royalty: ROYALTY,
    creators: [],
    ownership: {
      frozen: false,
      delegated: false,
      delegate: null,
      ownership_model: 'single',
      owner: nft.owner,
    },
    supply: NFT_SUPPLY,
    mutable: true,
    burnt: false,
  };
}

/** Every compressed NFT the index knows: the registry's, then the market's not already there. */
export function compressedNfts(ctx: RpcContext): CompressedNftRecord[] {
  const registered = ctx.assets.compressedEntries();
  const known = new Set(registered.map((nft) => nft.id));
  const fromMarket = (ctx.market?.()?.compressedNfts() ?? [])
    .filter((nft) => !known.has(nft.id))
    .map((nft): CompressedNftRecord => ({
      id: nft.id,
      owner: nft.owner,
      name: nft.name,
      symbol: nft.symbol,
      image: nft.imageUrl,
      metadataUri: nft.metadataUri,
      tree: nft.tree,
      leafIndex: nft.leafIndex,
      collection: nft.collection,
    }));
  return [...registered, ...fromMarket];
}

/** Any asset by id: a mint on the chain or a compressed NFT; null when neither. */
export function assetById(ctx: RpcContext, id: string): AssetRecord | null {
  const facts = mintFacts(ctx, id);
  if (facts !== null) return mintAsset(ctx, facts, null);
  const compressed = ctx.assets.compressed(id) ?? compressedNfts(ctx).find((nft) => nft.id === id);
  return compressed === undefined ? null : compressedAsset(compressed);
}
