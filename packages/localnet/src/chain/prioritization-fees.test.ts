import { describe, expect, it } from 'vitest';

import { PrioritizationFees } from './prioritization-fees.js';

describe('PrioritizationFees', () => {
  it('reports each slot’s minimum, raised to the busiest requested account’s minimum', () => {
    const fees = new PrioritizationFees();
    fees.record(5n, 100n, ['hot']);
    fees.record(5n, 10n, ['cold']);
    fees.record(6n, 0n, ['cold']);
    expect(fees.recent([])).toEqual([
      { slot: 5n, prioritizationFee: 10n },
      { slot: 6n, prioritizationFee: 0n },
    ]);
    expect(fees.recent(['hot'])).toEqual([
      { slot: 5n, prioritizationFee: 100n },
      { slot: 6n, prioritizationFee: 0n },
    ]);
    fees.prune(6n);
    expect(fees.recent([]).map((f) => f.slot)).toEqual([6n]);
  });
});
