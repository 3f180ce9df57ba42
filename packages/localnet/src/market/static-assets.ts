// Images and JSON metadata documents the sandbox serves for its assets, at
// `<base>/static/images/<id>.svg` and `<base>/static/metadata/<id>.json`. Images are tiny SVGs
// drawn from the asset's id, so every token has a distinct, stable logo with no files on disk.

import { createHash } from 'node:crypto';

export function imagePath(id: string): string {
  return `/static/images/${id}.svg`;
}

export function metadataPath(id: string): string {
  return `/static/metadata/${id}.json`;
}

export interface AssetDocument {
  readonly id: string;
  readonly name: string;
  readonly symbol: string;
  readonly description: string;
  readonly imageUrl: string;
  readonly website: string | null;
  readonly socials: readonly { readonly type: string; readonly url: string }[];
  readonly kind: 'fungible' | 'nft';
}

/** A round logo with the symbol's first letters, coloured by the id's hash. */
export function renderLogo(id: string, symbol: string): string {
  const digest = createHash('sha256').update(id).digest();
  const hue = (digest.readUInt16LE(0) % 360).toString();
  const hue2 = ((digest.readUInt16LE(2) % 360) + 0).toString();
  const label = escapeXml(symbol.slice(0, 4).toUpperCase());
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${hue2},70%,35%)"/>` +
    `</linearGradient></defs><circle cx="64" cy="64" r="62" fill="url(#g)"/>` +
    `<text x="64" y="76" font-family="sans-serif" font-size="${label.length > 3 ? 28 : 36}" ` +
    `font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`
  );
}

/** The Metaplex-style JSON metadata document (what a token's `uri` points at). */
export function renderMetadata(doc: AssetDocument): string {
  const twitter = doc.socials.find((s) => s.type === 'twitter')?.url;
  const telegram = doc.socials.find((s) => s.type === 'telegram')?.url;
  return JSON.stringify({
    name: doc.name,
    symbol: doc.symbol,
    description: doc.description,
    image: doc.imageUrl,
    ...(doc.website === null ? {} : { external_url: doc.website }),
    attributes: [],
    properties: {
      files: [{ uri: doc.imageUrl, type: 'image/svg+xml' }],
      category: 'image',
    },
    extensions: {
      ...(doc.website === null ? {} : { website: doc.website }),
      ...(twitter === undefined ? {} : { twitter }),
      ...(telegram === undefined ? {} : { telegram }),
    },
    ...(doc.kind === 'nft' ? { seller_fee_basis_points: 500 } : {}),
  });
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
