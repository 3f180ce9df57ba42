/** What a balance reads while the hide-balance toggle is on (spec 1 §2, §9). */
export const HIDDEN_BALANCE = '***';

export function shownBalance(text: string, hidden: boolean): string {
  return hidden ? HIDDEN_BALANCE : text;
}
