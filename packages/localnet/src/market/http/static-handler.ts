// Serves the images and metadata documents every sandbox asset's `imageUrl` and `metadataUri`
// point at (`/market/static/images/<id>.svg`, `/market/static/metadata/<id>.json`).

import type { MarketView } from '../market-model.js';
import { renderLogo, renderMetadata, type AssetDocument } from '../static-assets.js';
import type { MarketResponse, ProviderHandler } from './market-request.js';

const ROUTE = /^\/(images|metadata)\/([1-9A-HJ-NP-Za-km-z]{32,44})\.(svg|json)$/;

export function staticAssetsHandler(market: MarketView): ProviderHandler {
  const documentOf = (id: string): AssetDocument | null => {
    const token = market.token(id);
    if (token !== undefined) {
      return {
        id,
        name: token.name,
        symbol: token.symbol,
        description: token.description,
        imageUrl: token.imageUrl,
        website: token.websites[0] ?? null,
        socials: token.socials,
        kind: token.kind,
      };
    }
    const nft = market.compressedNfts().find((n) => n.id === id);
    if (nft === undefined) return null;
    return {
      id,
      name: nft.name,
      symbol: nft.symbol,
      description: `${nft.name}, a compressed NFT of the sandbox.`,
      imageUrl: nft.imageUrl,
      website: null,
      socials: [],
      kind: 'nft',
    };
  };

  return {
    handle(request): MarketResponse {
      const match = ROUTE.exec(request.path);
      const kind = match?.[1];
      const id = match?.[2];
      const extension = match?.[3];
      const doc = id === undefined ? null : documentOf(id);
      if (doc === null || request.method !== 'GET') {
        return { status: 404, text: 'Not Found' };
      }
      const cache = { 'cache-control': 'public, max-age=3600' };
      if (kind === 'images' && extension === 'svg') {
        return {
          status: 200,
          text: renderLogo(doc.id, doc.symbol),
          contentType: 'image/svg+xml',
          headers: cache,
        };
      }
      if (kind === 'metadata' && extension === 'json') {
        return {
          status: 200,
          text: renderMetadata(doc),
          contentType: 'application/json',
          headers: cache,
        };
      }
      return { status: 404, text: 'Not Found' };
    },
  };
}
