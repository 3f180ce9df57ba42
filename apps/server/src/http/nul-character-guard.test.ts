import { describe, expect, it } from 'vitest';
import {
  NUL_IN_FIELD_NAME_MESSAGE,
  NUL_IN_TEXT_MESSAGE,
  findNulCharacter,
  nulCharacterError,
} from './nul-character-guard';

describe('the NUL character guard', () => {
  it('finds a NUL in a value at any depth and names its field', () => {
    const body = { tags: [{ name: 'ok' }, { name: 'a\u0000b' }], note: 'fine' };
    expect(findNulCharacter(body)).toEqual({ path: ['tags', 1, 'name'], inName: false });
    expect(nulCharacterError(body)?.message).toBe(`tags.1.name: ${NUL_IN_TEXT_MESSAGE}`);
    expect(nulCharacterError(body)?.code).toBe('REQUEST__NUL_CHARACTER');
  });

  it('finds a NUL in a field name and names the object holding it', () => {
    expect(nulCharacterError({ outer: { 'a\u0000': 1 } })?.message).toBe(
      `outer: ${NUL_IN_FIELD_NAME_MESSAGE}`,
    );
    expect(nulCharacterError({ 'a\u0000': 1 })?.message).toBe(NUL_IN_FIELD_NAME_MESSAGE);
  });

  it('refuses a body that is a bare string with NUL', () => {
    expect(nulCharacterError('a\u0000')?.message).toBe(NUL_IN_TEXT_MESSAGE);
  });

  it('lets everything else through: text, numbers, flags, nulls, empty input', () => {
    for (const input of [undefined, null, 0, true, '', 'text', { a: [1, 'b', null] }, []]) {
      expect(nulCharacterError(input)).toBeUndefined();
    }
  });

  it('walks JSON nested half a million deep without overflowing the stack', () => {
    const depth = 500_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}`) as unknown;
    const started = performance.now();
    const error = nulCharacterError(deep);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error?.message).toMatch(/^0\.0\.0\..*…: Text must not contain NUL characters$/);
  });
});
