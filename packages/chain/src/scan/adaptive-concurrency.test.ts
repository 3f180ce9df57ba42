import { describe, expect, it } from 'vitest';

import { concurrencyBounds } from './adaptive-concurrency';

describe('scan concurrency bounds (spec 3 §9)', () => {
  it('starts at the endpoint count + 4, between 4 and 12', () => {
    expect(concurrencyBounds(1)).toEqual({ start: 5, min: 4, max: 12 });
    expect(concurrencyBounds(3)).toEqual({ start: 7, min: 4, max: 12 });
    expect(concurrencyBounds(20)).toEqual({ start: 12, min: 4, max: 12 });
  });

  it('accepts an override up to 24 and refuses more', () => {
    expect(concurrencyBounds(3, 24)).toEqual({ start: 24, min: 4, max: 24 });
    expect(concurrencyBounds(3, 2)).toEqual({ start: 2, min: 2, max: 2 });
    expect(() => concurrencyBounds(3, 25)).toThrow('from 1 to 24');
    expect(() => concurrencyBounds(3, 0)).toThrow('from 1 to 24');
  });

  it('resumes where an earlier scan left the limit, inside the bounds', () => {
    expect(concurrencyBounds(3, undefined, 11)).toEqual({ start: 11, min: 4, max: 12 });
    expect(concurrencyBounds(3, undefined, 40)).toEqual({ start: 12, min: 4, max: 12 });
    expect(concurrencyBounds(3, undefined, 1)).toEqual({ start: 4, min: 4, max: 12 });
    // An operator's override wins over where a scan left it.
    expect(concurrencyBounds(3, 6, 11)).toEqual({ start: 6, min: 4, max: 6 });
  });
});
