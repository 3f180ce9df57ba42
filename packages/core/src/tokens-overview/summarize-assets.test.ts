import { describe, expect, it } from 'vitest';
import { foldWalletAssets, summarizeAssets, type OwnedAsset } from './summarize-assets';

const asset = (id: string, type: OwnedAsset['type'], balance: bigint | null): OwnedAsset => ({
  id,
  type,
  name: `Name ${id}`,
  symbol: id.toUpperCase(),
  logoUrl: null,
  decimals: type === 'spl' ? 6 : 0,
  balance,
});

describe('summarizeAssets', () => {
  it('sums balances by id and counts each wallet once, most held first', () => {
    const tokens = summarizeAssets([
      { assets: [asset('usdc', 'spl', 5n), asset('usdc', 'spl', 7n), asset('art', 'nft', null)] },
      { assets: [asset('usdc', 'spl', 1n), asset('leaf', 'cnft', null)] },
      { assets: [] },
    ]);
    expect(tokens.map((t) => [t.id, t.balance_str, t.holders])).toEqual([
      ['usdc', '13', 2],
      ['art', '1', 1],
      ['leaf', '1', 1],
    ]);
    expect(tokens[0]).toMatchObject({ type: 'spl', decimals: 6, symbol: 'USDC' });
  });

  it('keeps sums beyond u64 exact and an unknown fungible balance at 0', () => {
    const big = 18_446_744_073_709_551_615n;
    const tokens = summarizeAssets([
      { assets: [asset('max', 'spl', big)] },
      { assets: [asset('max', 'spl', big), asset('quiet', 'spl', null)] },
    ]);
    expect(tokens.find((t) => t.id === 'max')?.balance_str).toBe((big * 2n).toString());
    expect(tokens.find((t) => t.id === 'quiet')?.balance_str).toBe('0');
  });
});

describe('foldWalletAssets', () => {
  it('sums batch after batch to what one summary of every wallet gives', () => {
    const wallets = [
      { assets: [asset('usdc', 'spl', 5n), asset('art', 'nft', null)] },
      { assets: [asset('usdc', 'spl', 2n), asset('usdc', 'spl', 3n)] },
      { assets: [asset('leaf', 'cnft', null), asset('art', 'nft', null)] },
      { assets: [asset('bonk', 'spl', 9n)] },
    ];
    const batched = foldWalletAssets(foldWalletAssets([], wallets.slice(0, 2)), wallets.slice(2));
    expect(batched).toEqual(summarizeAssets(wallets));
    expect(batched.map((t) => [t.id, t.balance_str, t.holders])).toEqual([
      ['art', '2', 2],
      ['usdc', '10', 2],
      ['bonk', '9', 1],
      ['leaf', '1', 1],
    ]);
  });

  it('keeps the name the first holder gave an id', () => {
    const renamed = { ...asset('usdc', 'spl', 1n), name: 'Other name' };
    const [token] = foldWalletAssets(summarizeAssets([{ assets: [asset('usdc', 'spl', 1n)] }]), [
      { assets: [renamed] },
    ]);
    expect(token).toMatchObject({ name: 'Name usdc', balance_str: '2', holders: 2 });
  });
});
