/**
 * Undoes what chat apps, word processors and web pages do to pasted keys (spec 1 §5: "odd spaces
 * and quotes fixed") before anything looks for keys:
 *
 * - zero-width characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen) are removed, so a key
 *   they were hidden in is whole again;
 * - every other kind of space (NBSP, en/em/thin spaces, ideographic space, tabs, form feeds) becomes
 *   an ordinary space;
 * - CRLF, CR and the Unicode line/paragraph separators become `\n`, one for one, so line numbers
 *   still match what the operator sees;
 * - typographic quotes become `"` or `'`, full-width and lenticular brackets become `[` `]`, and
 *   full-width letters, digits and punctuation become ASCII, so a JSON array survives a trip
 *   through a document.
 *
 * One linear pass; no regular expression with backtracking.
 */
const REPLACEMENTS: ReadonlyMap<string, string> = new Map([
  ...[...'\u200B\u200C\u200D\u2060\uFEFF\u00AD'].map((char) => [char, ''] as const),
  ...[
    ...'\t\v\f\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000',
  ].map((char) => [char, ' '] as const),
  ...[...'\u2028\u2029\u0085'].map((char) => [char, '\n'] as const),
  ...[...'\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB\uFF02'].map((char) => [char, '"'] as const),
  ...[...'\u2018\u2019\u201A\u201B\u2032\u2039\u203A\uFF07\u0060\u00B4'].map(
    (char) => [char, "'"] as const,
  ),
  ...[...'\uFF3B\u3010\u3014\u3016\u301A\u27E6'].map((char) => [char, '['] as const),
  ...[...'\uFF3D\u3011\u3015\u3017\u301B\u27E7'].map((char) => [char, ']'] as const),
  ...[...'\u3001'].map((char) => [char, ','] as const),
  // Full-width ASCII (U+FF01–U+FF5E: letters, digits, brackets, commas, quotes) to ASCII.
  ...Array.from(
    { length: 0x5e },
    (_, offset) =>
      [String.fromCharCode(0xff01 + offset), String.fromCharCode(0x21 + offset)] as const,
  ),
]);

export function normalizeKeyText(text: string): string {
  let out = '';
  let copiedUpTo = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? '';
    let replacement: string | undefined;
    if (char === '\r') replacement = text[index + 1] === '\n' ? '' : '\n';
    else if (
      char.charCodeAt(0) >= 0x80 ||
      char === '\t' ||
      char === '\v' ||
      char === '\f' ||
      char === '`'
    )
      replacement = REPLACEMENTS.get(char);
    if (replacement === undefined) continue;
    out += text.slice(copiedUpTo, index) + replacement;
    copiedUpTo = index + 1;
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}
