import { describe, expect, it } from 'vitest';
import { dataKeyAssociatedData, secretKeyAssociatedData } from './associated-data';

const tenantId = '4f9c0e6a-9d55-4a4e-8a5e-2f1b8d6c3a10';

describe('associated data', () => {
  it('differs when any bound field differs', () => {
    const base = { tenantId, address: 'Addr1', dataKeyVersion: 1, algorithm: 'aes-256-gcm/v1' };
    const variants = [
      base,
      { ...base, tenantId: tenantId.replace('4f9c', '4f9d') },
      { ...base, address: 'Addr2' },
      { ...base, dataKeyVersion: 2 },
      { ...base, algorithm: 'aes-256-gcm/v2' },
    ];
    const encoded = new Set(
      variants.map((binding) => secretKeyAssociatedData(binding).toString('hex')),
    );
    expect(encoded.size).toBe(variants.length);
  });

  it('cannot be confused by moving characters from one field to the next', () => {
    const a = secretKeyAssociatedData({
      tenantId,
      address: 'Addr1',
      dataKeyVersion: 11,
      algorithm: 'x',
    });
    const b = secretKeyAssociatedData({
      tenantId,
      address: 'Addr11',
      dataKeyVersion: 1,
      algorithm: 'x',
    });
    expect(a.equals(b)).toBe(false);
  });

  it('never lets a data-key binding stand in for a secret-key binding', () => {
    const asDataKey = dataKeyAssociatedData({
      tenantId,
      version: 1,
      kekId: 'Addr',
      algorithm: 'a',
    });
    const asSecret = secretKeyAssociatedData({
      tenantId,
      address: '1',
      dataKeyVersion: 0,
      algorithm: 'a',
    });
    expect(asDataKey.equals(asSecret)).toBe(false);
  });

  it('treats upper- and lower-case spellings of one tenant id as the same tenant', () => {
    const binding = { tenantId, version: 3, kekId: 'k', algorithm: 'a' };
    expect(
      dataKeyAssociatedData(binding).equals(
        dataKeyAssociatedData({ ...binding, tenantId: tenantId.toUpperCase() }),
      ),
    ).toBe(true);
  });
});
