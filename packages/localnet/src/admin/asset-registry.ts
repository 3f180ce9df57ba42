// Names and symbols of mints created through the admin helpers: the off-chain metadata a
// Helius-class DAS endpoint would serve for them.

export interface AssetMetadata {
  readonly name: string;
  readonly symbol: string;
}

export class AssetRegistry {
  private readonly byMint = new Map<string, AssetMetadata>();

  set(mint: string, metadata: AssetMetadata): void {
    this.byMint.set(mint, metadata);
  }

  get(mint: string): AssetMetadata | undefined {
    return this.byMint.get(mint);
  }

  entries(): [string, AssetMetadata][] {
    return [...this.byMint];
  }
}
