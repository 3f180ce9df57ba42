import { describe, expect, it } from 'vitest';
import { shortenAddress } from './address';

describe('shortened addresses', () => {
  const address = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

  it('keep the first and last four characters around an ellipsis', () => {
    expect(shortenAddress(address)).toBe('7xKX…gAsU');
    expect(shortenAddress(address, 6)).toBe('7xKXtg…osgAsU');
  });

  it('leave short values whole and trim stray spaces', () => {
    expect(shortenAddress('abcdefghi')).toBe('abcdefghi');
    expect(shortenAddress('  abcdefghij  ')).toBe('abcd…ghij');
    expect(shortenAddress('')).toBe('');
  });
});
