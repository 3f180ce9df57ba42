import { describe, expect, it } from 'vitest';
import { EXPLORER_STORAGE_KEY, readExplorerPreference } from './explorer-preference';

const storageWith = (value: string | null) => ({
  getItem: (key: string) => (key === EXPLORER_STORAGE_KEY ? value : null),
});

describe('the explorer preference', () => {
  it('reads the stored explorer, and the Solana Explorer when none or an unknown one is stored', () => {
    expect(readExplorerPreference(storageWith('solscan'))).toBe('solscan');
    expect(readExplorerPreference(storageWith('solanafm'))).toBe('solanafm');
    expect(readExplorerPreference(storageWith(null))).toBe('solana-explorer');
    expect(readExplorerPreference(storageWith('etherscan'))).toBe('solana-explorer');
    expect(readExplorerPreference(undefined)).toBe('solana-explorer');
    expect(
      readExplorerPreference({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('solana-explorer');
  });
});
