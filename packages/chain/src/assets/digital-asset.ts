// The Digital Asset Standard's asset, as Helius (and the other DAS providers) answer it, read into
// the fields Fleet uses: what kind of asset it is (fungible token, NFT, compressed NFT), its name,
// symbol and image, and for tokens the balance, supply and decimals. The pool parses answers with
// kit's bigint-safe JSON, so integers arrive as bigint and stay exact; a price is a float.

import { FleetError } from '@fleet/core';

export type AssetKind = 'fungible' | 'nft' | 'compressed-nft' | 'other';

export interface DigitalAsset {
  readonly id: string;
  /** DAS's `interface`: FungibleToken, FungibleAsset, V1_NFT, ProgrammableNFT, MplCoreAsset, … */
  readonly interface: string;
  readonly kind: AssetKind;
  readonly name: string;
  readonly symbol: string;
  readonly image: string | null;
  readonly jsonUri: string | null;
  readonly compressed: boolean;
  /** The Merkle tree a compressed NFT lives in. */
  readonly tree: string | null;
  readonly owner: string | null;
  readonly collection: string | null;
  readonly burnt: boolean;
  readonly token: TokenInfo | null;
}

export interface TokenInfo {
  /** Raw units held by the owner asked about (getAssetsByOwner, searchAssets by owner). */
  readonly balance: bigint | null;
  readonly supply: bigint | null;
  readonly decimals: number | null;
  readonly tokenProgram: string | null;
  readonly associatedTokenAddress: string | null;
  /** USD per whole token, when the provider prices it (Helius `price_info`). */
  readonly pricePerTokenUsd: number | null;
}

export interface AssetPage {
  readonly total: number;
  readonly limit: number;
  readonly page: number;
  readonly items: readonly DigitalAsset[];
}

const FUNGIBLE = new Set(['FungibleToken', 'FungibleAsset']);
const NFT = new Set([
  'V1_NFT',
  'V2_NFT',
  'LEGACY_NFT',
  'ProgrammableNFT',
  'MplCoreAsset',
  'MplCoreCollection',
]);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (value: unknown, key: string): Json | null => {
  if (!isObject(value)) return null;
  const inner = value[key];
  return isObject(inner) ? inner : null;
};
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function integer(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,30}$/.test(value)) return BigInt(value);
  return null;
}

function decimal(value: unknown): number | null {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return null;
}

// Provider text reaches operators' screens: printable characters only, bounded length.
function clean(value: unknown, max = 64): string {
  if (typeof value !== 'string') return '';
  return [...value]
    .filter((c) => (c.codePointAt(0) ?? 0) >= 0x20 && c.codePointAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, max);
}

function invalid(reason: string): FleetError {
  return new FleetError('RPC__INVALID_ANSWER', { reason: `bad digital-asset answer: ${reason}` });
}

/** One asset; a thrown RPC__INVALID_ANSWER when it lacks the fields every asset has. */
export function readDigitalAsset(raw: unknown): DigitalAsset {
  if (!isObject(raw)) throw invalid('an asset is not an object');
  const id = text(raw.id);
  const kindName = text(raw.interface);
  if (id === null || kindName === null) throw invalid('an asset has no id or interface');
  const content = objectAt(raw, 'content');
  const metadata = objectAt(content, 'metadata');
  const links = objectAt(content, 'links');
  const compression = objectAt(raw, 'compression');
  const ownership = objectAt(raw, 'ownership');
  const tokenInfo = objectAt(raw, 'token_info');
  const priceInfo = objectAt(tokenInfo, 'price_info');
  const files: readonly unknown[] =
    isObject(content) && Array.isArray(content.files) ? content.files : [];
  const firstImage = files.find(
    (f) => isObject(f) && typeof f.mime === 'string' && f.mime.startsWith('image/'),
  );
  const compressed = compression?.compressed === true;
  const grouping: readonly unknown[] = Array.isArray(raw.grouping) ? raw.grouping : [];
  const collection = grouping.find((g) => isObject(g) && g.group_key === 'collection');
  return {
    id,
    interface: kindName,
    kind: compressed
      ? 'compressed-nft'
      : FUNGIBLE.has(kindName)
        ? 'fungible'
        : NFT.has(kindName)
          ? 'nft'
          : 'other',
    name: clean(metadata?.name),
    symbol: clean(metadata?.symbol ?? tokenInfo?.symbol),
    image: text(links?.image) ?? (isObject(firstImage) ? text(firstImage.uri) : null),
    jsonUri: isObject(content) ? text(content.json_uri) : null,
    compressed,
    tree: compressed ? text(compression?.tree) : null,
    owner: text(ownership?.owner),
    collection: isObject(collection) ? text(collection.group_value) : null,
    burnt: raw.burnt === true,
    token:
      tokenInfo === null
        ? null
        : {
            balance: integer(tokenInfo.balance),
            supply: integer(tokenInfo.supply),
            decimals: decimal(tokenInfo.decimals),
            tokenProgram: text(tokenInfo.token_program),
            associatedTokenAddress: text(tokenInfo.associated_token_address),
            pricePerTokenUsd: decimal(priceInfo?.price_per_token),
          },
  };
}

/** A page of getAssetsByOwner or searchAssets: `{ total, limit, page, items }`. */
export function readAssetPage(answer: unknown): AssetPage {
  // Some Helius references show searchAssets' page wrapped as `{ assets: { … }, nativeBalance }`.
  const raw = isObject(answer) && isObject(answer.assets) ? answer.assets : answer;
  if (!isObject(raw) || !Array.isArray(raw.items)) throw invalid('the page has no items');
  const total = decimal(raw.total);
  const limit = decimal(raw.limit);
  const page = decimal(raw.page);
  if (total === null || limit === null || page === null)
    throw invalid('the page has no total, limit or page');
  return { total, limit, page, items: raw.items.map(readDigitalAsset) };
}
