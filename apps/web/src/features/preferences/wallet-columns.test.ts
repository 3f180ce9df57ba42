import { describe, expect, it } from 'vitest';
import { parseHiddenColumns } from './wallet-columns';

describe('hidden wallet columns', () => {
  it('reads a stored list of known column ids', () => {
    expect([...parseHiddenColumns('["tags","importedAt"]')]).toEqual(['tags', 'importedAt']);
  });

  it('shows every column when the stored value is missing, malformed or unknown', () => {
    expect(parseHiddenColumns(null).size).toBe(0);
    expect(parseHiddenColumns('{nope').size).toBe(0);
    expect(parseHiddenColumns('{"tags":true}').size).toBe(0);
    expect([...parseHiddenColumns('["tags","password",3]')]).toEqual(['tags']);
  });
});
