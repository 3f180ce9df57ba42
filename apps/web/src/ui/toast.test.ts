import { describe, expect, it } from 'vitest';
import { isKeptToast } from './toast';
import { ADDRESS_COPY_FAILED, CLIPBOARD_BLOCKED, COPIED } from './use-copy';

describe('toasts and the inbox', () => {
  it('keeps every toast in the inbox unless it is transient', () => {
    expect(isKeptToast({ title: 'Wallets archived', severity: 'success' })).toBe(true);
    expect(isKeptToast({ title: 'Copied', transient: true })).toBe(false);
  });

  it('leaves a copy that worked out of the inbox, and keeps a refused one', () => {
    expect(isKeptToast(COPIED)).toBe(false);
    expect(isKeptToast({ ...CLIPBOARD_BLOCKED, severity: 'error' })).toBe(true);
    expect(isKeptToast({ ...ADDRESS_COPY_FAILED, severity: 'error' })).toBe(true);
  });
});
