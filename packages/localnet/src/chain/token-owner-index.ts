// Agave's secondary indexes: token accounts by owner, by delegate and by mint, so that the
// token-account queries do not scan every account on each call.

export interface TokenAccountKeys {
  readonly owner: string;
  readonly delegate: string | null;
  readonly mint: string;
}

export class TokenOwnerIndex {
  private readonly keysOf = new Map<string, TokenAccountKeys>();
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly byDelegate = new Map<string, Set<string>>();
  private readonly byMint = new Map<string, Set<string>>();

  /** Records the current keys of a token account, or forgets it when `keys` is null. */
  update(address: string, keys: TokenAccountKeys | null): void {
    const previous = this.keysOf.get(address);
    if (previous !== undefined) {
      if (
        keys !== null &&
        previous.owner === keys.owner &&
        previous.delegate === keys.delegate &&
        previous.mint === keys.mint
      ) {
        return;
      }
      remove(this.byOwner, previous.owner, address);
      if (previous.delegate !== null) remove(this.byDelegate, previous.delegate, address);
      remove(this.byMint, previous.mint, address);
      this.keysOf.delete(address);
    }
    if (keys === null) return;
    this.keysOf.set(address, keys);
    add(this.byOwner, keys.owner, address);
    if (keys.delegate !== null) add(this.byDelegate, keys.delegate, address);
    add(this.byMint, keys.mint, address);
  }

  ownedBy(owner: string): readonly string[] {
    return [...(this.byOwner.get(owner) ?? [])];
  }

  delegatedTo(delegate: string): readonly string[] {
    return [...(this.byDelegate.get(delegate) ?? [])];
  }

  ofMint(mint: string): readonly string[] {
    return [...(this.byMint.get(mint) ?? [])];
  }
}

function add(map: Map<string, Set<string>>, key: string, address: string): void {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  set.add(address);
}

function remove(map: Map<string, Set<string>>, key: string, address: string): void {
  const set = map.get(key);
  if (set === undefined) return;
  set.delete(address);
  if (set.size === 0) map.delete(key);
}
