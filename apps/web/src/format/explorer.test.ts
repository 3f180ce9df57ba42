import { describe, expect, it } from 'vitest';
import { transactionExplorerUrl } from './explorer';

describe('explorer links', () => {
  it('links a base58 transaction signature', () => {
    const signature = '5'.repeat(88);
    expect(transactionExplorerUrl(signature)).toBe(`https://explorer.solana.com/tx/${signature}`);
  });

  it('refuses anything that is not a base58 signature', () => {
    expect(transactionExplorerUrl('javascript:alert(1)')).toBeUndefined();
    expect(transactionExplorerUrl('0OIl'.repeat(10))).toBeUndefined();
    expect(transactionExplorerUrl('abc')).toBeUndefined();
  });
});
