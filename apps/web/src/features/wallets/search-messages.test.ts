import { searchResponseSchema } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import { searchErrorMessage } from './search-messages';
import { searchOptions } from './search-options';

describe('search messages (spec 2 §8)', () => {
  it('maps statuses to the spec’s sentences', () => {
    expect(searchErrorMessage(new ApiError(401, ''))).toBe(
      'Authentication failed. Please log in again.',
    );
    expect(searchErrorMessage(new ApiError(403, ''))).toBe(
      'Authentication failed. Please log in again.',
    );
    expect(searchErrorMessage(new ApiError(502, ''))).toBe('Server error. Please try again later.');
    expect(searchErrorMessage(new ApiError(429, ''))).toBe('Search failed (429)');
    expect(searchErrorMessage(new NetworkError('offline'))).toBe(
      'Search failed. Please try again.',
    );
  });

  it('tells an unreadable answer from one of the wrong shape', () => {
    expect(searchErrorMessage(new SyntaxError('Unexpected token'))).toBe(
      'Invalid response from server',
    );
    const notObject = searchResponseSchema.safeParse([]);
    const wrongShape = searchResponseSchema.safeParse({ wallets: [{ id: 1 }] });
    expect(notObject.success || searchErrorMessage(notObject.error)).toBe(
      'Invalid response from server',
    );
    expect(wrongShape.success || searchErrorMessage(wrongShape.error)).toBe(
      'Invalid response format',
    );
  });

  it('offers wallets, tags and groups, each setting its own query parameter', () => {
    const options = searchOptions({
      wallets: [{ id: 'w', public_address: 'A'.repeat(44), name: null }],
      tags: [{ id: 't', slug: 'whale', name: 'Whale', color: null }],
      groups: [{ id: 'g', group_name: 'Snipers' }],
      tokens: [],
    });
    expect(options.map((option) => [option.kind, option.label, option.param])).toEqual([
      ['wallet', 'AAAA…AAAA', { name: 'address', value: 'A'.repeat(44) }],
      ['tag', 'Whale', { name: 'tag', value: 'whale' }],
      ['group', 'Snipers', { name: 'groupId', value: 'g' }],
    ]);
  });
});
