import type { AssetKind, DigitalAsset } from '@fleet/chain';
import type { OwnedAsset, TokenType } from '@fleet/core';

/** The Tokens Overview's class of what the digital-asset API calls an asset. */
export const CLASS_OF_KIND: Readonly<Record<AssetKind, TokenType>> = {
  fungible: 'spl',
  nft: 'nft',
  'compressed-nft': 'cnft',
  other: 'other',
};

const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value);

/** A digital asset as the GetAssets preview sums it. */
export function ownedAssetOf(asset: DigitalAsset): OwnedAsset {
  const type = CLASS_OF_KIND[asset.kind];
  return {
    id: asset.id,
    type,
    name: textOrNull(asset.name),
    symbol: textOrNull(asset.symbol),
    logoUrl: asset.image,
    decimals: asset.token?.decimals ?? (type === 'nft' || type === 'cnft' ? 0 : null),
    balance: asset.token?.balance ?? null,
  };
}
