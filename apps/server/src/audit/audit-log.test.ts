import { AUDIT_LIST_LIMIT } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { boundLists } from './audit-log';

describe('audit details', () => {
  it('keep the first items of a 10,000-item list and the number left out', () => {
    const addresses = Array.from({ length: 10_000 }, (_, index) => `address-${index}`);
    const bounded = boundLists({ count: 10_000, addresses, purpose: 'copy' });
    expect(bounded).toEqual({
      count: 10_000,
      addresses: addresses.slice(0, AUDIT_LIST_LIMIT),
      addressesOmitted: 10_000 - AUDIT_LIST_LIMIT,
      purpose: 'copy',
    });
    expect(JSON.stringify(bounded).length).toBeLessThan(1_000);
  });

  it('leave a list within the limit as it is', () => {
    const detail = { addresses: ['a', 'b'], count: 2 };
    expect(boundLists(detail)).toEqual(detail);
  });
});
