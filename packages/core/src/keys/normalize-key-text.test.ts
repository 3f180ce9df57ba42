import { describe, expect, it } from 'vitest';
import { normalizeKeyText } from './normalize-key-text';

describe('normalizeKeyText', () => {
  it('returns plain ASCII text unchanged', () => {
    const text = 'abc [1, 2, 3]\n"quoted" \'single\'';
    expect(normalizeKeyText(text)).toBe(text);
  });

  it('removes zero-width characters, byte-order marks and soft hyphens', () => {
    expect(normalizeKeyText('\uFEFFab\u200Bc\u200Cd\u200De\u2060f\u00ADg')).toBe('abcdefg');
  });

  it('turns every other kind of space, and tabs, into one ordinary space each', () => {
    expect(normalizeKeyText('a\u00A0b\u2003c\u2009d\u202Fe\u3000f\tg\u205Fh')).toBe(
      'a b c d e f g h',
    );
  });

  it('turns CRLF, CR and Unicode line separators into one line break each', () => {
    expect(normalizeKeyText('a\r\nb\rc\u2028d\u2029e\nf')).toBe('a\nb\nc\nd\ne\nf');
  });

  it('fixes typographic quotes, full-width brackets, commas and digits', () => {
    expect(normalizeKeyText('\u201Ckey\u201D \u2018key\u2019 \u00ABk\u00BB')).toBe(
      '"key" \'key\' "k"',
    );
    expect(normalizeKeyText('\uFF3B\uFF11\uFF12\uFF0C\u00A0\uFF13\uFF3D')).toBe('[12, 3]');
    expect(normalizeKeyText('\u3010\uFF19\u3011')).toBe('[9]');
    expect(normalizeKeyText('\uFF15\uFF2B\uFF44\uFF5A')).toBe('5Kdz');
  });

  it('keeps other non-ASCII text as it is', () => {
    expect(normalizeKeyText('clé – ключ – 鍵')).toBe('clé – ключ – 鍵');
  });
});
