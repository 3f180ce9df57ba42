/**
 * Which of a row's cells must clip their text. A clip (`overflow: hidden`, as `text-overflow:
 * ellipsis` needs) is a clip node in the browser's property trees and splits the row's paint into
 * more chunks; with a dozen on each of ~45 rows, clipping was a fifth of every scroll frame's main
 * thread work. So a cell clips only when its text could be wider than the cell: the budgets below
 * are characters at a width no lower than the font's widest common glyphs, so a text within its
 * budget always fits and one over it is cut with an ellipsis as before.
 */

/** Characters that always fit, per cell, at the cell's font and width (wallet-table-columns). */
export const CELL_CHAR_BUDGET = {
  /** 120 px, text-xs: 104 px of text at 8 px per character. */
  source: 13,
  /** 150 px, text-sm tabular figures: 134 px at 8.4 px per character. */
  sol: 15,
  /** 110 px, text-sm: 94 px. */
  usd: 11,
  /** 100 px, text-xs. */
  importedAt: 10,
} as const;

/** A tag chip: at most 88 px (5.5rem) wide, 12 px of it padding, 10 px bold text. */
const TAG_CHIP_MAX_PX = 88;
const TAG_CHIP_PADDING_PX = 12;
const TAG_CHAR_PX = 7.5;
const TAG_GAP_PX = 4;
/** "+N" after the chips. */
const MORE_TAGS_PX = 24;
/** The Tags cell: 220 px less 16 px of padding. */
const TAGS_CELL_PX = 204;

export function textOverflows(text: string, budget: number): boolean {
  return text.length > budget;
}

/** Whether one chip's name is cut to fit the chip. */
export function tagChipOverflows(name: string): boolean {
  return TAG_CHIP_PADDING_PX + name.length * TAG_CHAR_PX > TAG_CHIP_MAX_PX;
}

/** Whether the chips (each at most 88 px) and "+N" together could be wider than the Tags cell. */
export function tagsOverflow(names: readonly string[], more: number): boolean {
  let width = more > 0 ? MORE_TAGS_PX : 0;
  for (const name of names) {
    width +=
      Math.min(TAG_CHIP_MAX_PX, TAG_CHIP_PADDING_PX + name.length * TAG_CHAR_PX) + TAG_GAP_PX;
  }
  return width > TAGS_CELL_PX;
}
