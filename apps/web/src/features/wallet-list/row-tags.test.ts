import { describe, expect, it } from 'vitest';
import { splitTags } from './row-tags';

describe('row tags', () => {
  it('shows at most three tags, then +N', () => {
    expect(splitTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(splitTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});
