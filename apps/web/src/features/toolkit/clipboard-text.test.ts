import { describe, expect, it } from 'vitest';
import {
  archiveConfirmText,
  copyPrivateConfirmText,
  privateKeysText,
  publicKeysText,
} from './clipboard-text';

describe('clipboard text', () => {
  it('puts one address a line in selection order', () => {
    expect(publicKeysText([{ address: 'A1' }, { address: 'B2' }, { address: 'C3' }])).toBe(
      'A1\nB2\nC3',
    );
  });

  it('is empty for no wallets', () => {
    expect(publicKeysText([])).toBe('');
  });

  it('puts one private key a line and leaves out empty keys', () => {
    expect(privateKeysText([{ privateKey: 'k1' }, { privateKey: '' }, { privateKey: 'k2' }])).toBe(
      'k1\nk2',
    );
  });

  it('words the archive confirmation as the spec does', () => {
    expect(archiveConfirmText(3)).toBe('Archive 3 wallet(s)? You can restore later.');
  });

  it('asks before copying private keys, naming how many', () => {
    expect(copyPrivateConfirmText(1)).toBe('Copy 1 private key to the clipboard?');
    expect(copyPrivateConfirmText(5)).toBe('Copy 5 private keys to the clipboard?');
  });
});
