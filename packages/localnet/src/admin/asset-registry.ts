// The off-chain half of the digital-asset index: what a Helius-class DAS endpoint knows beyond
// the chain. Names and symbols of mints created through the admin helpers (persisted), and,
// registered by the sandbox market, descriptions, images, metadata URIs, whether a mint is an
// NFT, and compressed NFTs, which have no account on chain at all.

export type AssetKind = 'fungible' | 'nft';

export interface AssetMetadata {
  readonly name: string;
  readonly symbol: string;
  readonly description?: string;
  /** An absolute image URL (`content.links.image`). */
  readonly image?: string;
  /** The JSON metadata document (`content.json_uri`). */
  readonly metadataUri?: string;
  /** Absent: decided from the mint (decimals 0 and supply 1 is an NFT). */
  readonly kind?: AssetKind;
}

/** A compressed NFT: a leaf in a Merkle tree, owned without a token account. */
export interface CompressedNftRecord {
  readonly id: string;
  readonly owner: string;
  readonly name: string;
  readonly symbol: string;
  readonly description?: string;
  readonly image: string;
  readonly metadataUri: string;
  readonly tree: string;
  readonly leafIndex: number;
  readonly collection: string | null;
}

export class AssetRegistry {
  private readonly byMint = new Map<string, AssetMetadata>();
  private readonly compressedById = new Map<string, CompressedNftRecord>();

  set(mint: string, metadata: AssetMetadata): void {
    this.byMint.set(mint, metadata);
  }

  get(mint: string): AssetMetadata | undefined {
    return this.byMint.get(mint);
  }

  entries(): [string, AssetMetadata][] {
    return [...this.byMint];
  }

  /** Registers (or moves, when the owner changes) a compressed NFT. */
  setCompressed(nft: CompressedNftRecord): void {
    this.compressedById.set(nft.id, nft);
  }

  compressed(id: string): CompressedNftRecord | undefined {
    return this.compressedById.get(id);
  }

  compressedEntries(): CompressedNftRecord[] {
    return [...this.compressedById.values()];
  }
}
