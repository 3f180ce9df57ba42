import { describe, expect, it } from 'vitest';

import { stringifyJson } from './json-text.js';

describe('stringifyJson', () => {
  it('writes u64 values as bare JSON numbers, even above 2^53', () => {
    expect(stringifyJson({ lamports: 5n, rentEpoch: 18_446_744_073_709_551_615n, name: 'x' })).toBe(
      '{"lamports":5,"rentEpoch":18446744073709551615,"name":"x"}',
    );
  });

  it('leaves strings that merely look like the marker alone', () => {
    expect(stringifyJson({ text: 'bigint:12' })).toBe('{"text":"bigint:12"}');
  });
});
