/**
 * The Tokens Overview's classes (spec 2 §2.5 filters, §3 "Aggregated token"): fungible SPL
 * tokens, NFTs, compressed NFTs, and whatever else. A stored class wins; without one, spec 2 §3's
 * rule reads the decimals: 0 is an NFT, any other number of decimals an SPL token, none at all
 * other. (A fungible token with 0 decimals is therefore shown as an NFT until it is classified.)
 */
export const TOKEN_TYPES = ['spl', 'nft', 'cnft', 'other'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export function isTokenType(value: unknown): value is TokenType {
  return typeof value === 'string' && (TOKEN_TYPES as readonly string[]).includes(value);
}

export function tokenTypeOf(token: {
  /** The class a classification stored, or null/undefined when the class is unknown. */
  readonly type?: TokenType | null;
  readonly decimals: number | null;
}): TokenType {
  if (token.type !== undefined && token.type !== null) return token.type;
  if (token.decimals === null) return 'other';
  return token.decimals === 0 ? 'nft' : 'spl';
}
