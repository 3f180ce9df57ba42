/**
 * A LIKE pattern that matches `text` literally: `%`, `_` and the escape character itself lose
 * their meaning, so a search for `50%_off` finds exactly that. Postgres' default LIKE escape is
 * the backslash, which is what we escape with. Quotes need nothing here: the pattern is a bound
 * parameter, never spliced into SQL.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `%text%` over lower-cased text: the shape the trigram indexes on `lower(column)` serve. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

/** `text%` over lower-cased text, for ranking prefix matches first. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text.toLowerCase())}%`;
}
