import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition';

describe('filenameFromContentDisposition', () => {
  it('reads a quoted file name', () => {
    expect(filenameFromContentDisposition('attachment; filename="wallets-2026.csv"')).toBe(
      'wallets-2026.csv',
    );
  });

  it('reads a bare file name', () => {
    expect(filenameFromContentDisposition('attachment; filename=wallets.json')).toBe(
      'wallets.json',
    );
  });

  it('prefers the UTF-8 form and decodes it', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="fallback.csv"; filename*=UTF-8''fleet%20wallets.csv`,
      ),
    ).toBe('fleet wallets.csv');
  });

  it('drops any folder part so the header cannot suggest a path', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe(
      'passwd',
    );
    expect(filenameFromContentDisposition('attachment; filename="..\\\\x.csv"')).toBe('x.csv');
  });

  it('gives no name when there is none', () => {
    expect(filenameFromContentDisposition(null)).toBeUndefined();
    expect(filenameFromContentDisposition('attachment')).toBeUndefined();
    expect(filenameFromContentDisposition('attachment; filename=".."')).toBeUndefined();
  });
});
