import { describe, expect, it } from 'vitest';
import { CELL_CHAR_BUDGET, tagChipOverflows, tagsOverflow, textOverflows } from './cell-overflow';

describe('which cells must clip', () => {
  it('clips a text only beyond its budget', () => {
    expect(textOverflows('1,234,567.8901', CELL_CHAR_BUDGET.sol)).toBe(false);
    expect(textOverflows('123,456,789,012,345', CELL_CHAR_BUDGET.sol)).toBe(true);
    expect(textOverflows('Seed vault 12', CELL_CHAR_BUDGET.source)).toBe(false);
    expect(textOverflows('A very long seed vault label', CELL_CHAR_BUDGET.source)).toBe(true);
  });

  it('cuts a tag name longer than its chip', () => {
    expect(tagChipOverflows('Whale')).toBe(false);
    expect(tagChipOverflows('Distribution round two')).toBe(true);
  });

  it('clips the Tags cell when the chips and +N could be wider than it', () => {
    expect(tagsOverflow(['Whale', 'Bot', 'Cold'], 0)).toBe(false);
    expect(tagsOverflow(['Whale', 'Bot', 'Cold'], 2)).toBe(false);
    expect(tagsOverflow(['Distribution', 'Accumulation', 'Cold storage'], 0)).toBe(true);
    expect(tagsOverflow([], 4)).toBe(false);
  });
});
