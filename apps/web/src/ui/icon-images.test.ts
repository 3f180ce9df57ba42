import { ChevronRight } from 'lucide';
import { describe, expect, it } from 'vitest';
import styles from '../styles.css?raw';
import {
  iconDataUrl,
  iconSvg,
  ROW_ICONS,
  rowIconStyleSheet,
  THEME_TEXT_COLORS,
} from './icon-images';

describe('row icons as background images', () => {
  it('draws a Lucide icon as a standalone SVG in one colour', () => {
    expect(iconSvg(ChevronRight, '#93a1b8')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" ' +
        'fill="none" stroke="#93a1b8" stroke-width="2" stroke-linecap="round" ' +
        'stroke-linejoin="round"><path d="m9 18 6-6-6-6"/></svg>',
    );
  });

  it('escapes attribute values and encodes the data URL', () => {
    expect(iconSvg([['path', { d: 'a"<b&' }]], 'red')).toContain('d="a&quot;&lt;b&amp;"');
    const url = iconDataUrl(ChevronRight, '#fff');
    expect(url.startsWith('url("data:image/svg+xml,%3Csvg')).toBe(true);
    // Inside url("…") nothing may end the string or start a fragment.
    expect(url.slice('url("'.length, -'")'.length)).not.toMatch(/[<>"#]/);
  });

  it('gives every icon a muted and a hover image in both themes', () => {
    const css = rowIconStyleSheet();
    for (const name of Object.keys(ROW_ICONS)) {
      expect(css).toContain(`.row-icon-${name}{background-image:var(--row-icon-${name})}`);
      expect(css.split(`--row-icon-${name}:url(`)).toHaveLength(3);
      expect(css.split(`--row-icon-${name}-hover:url(`)).toHaveLength(3);
    }
    expect(css).toContain(encodeURIComponent(THEME_TEXT_COLORS.dark.muted));
    expect(css).toContain(encodeURIComponent(THEME_TEXT_COLORS.light.fg));
  });

  it('uses the text colours the style sheet defines for each theme', () => {
    const block = (selector: string) => {
      const start = styles.indexOf(`${selector} {`);
      return styles.slice(start, styles.indexOf('}', start));
    };
    const token = (css: string, name: string) =>
      new RegExp(`${name}:\\s*(#[0-9a-f]+);`).exec(css)?.[1];
    expect(token(block(':root'), '--fg')).toBe(THEME_TEXT_COLORS.light.fg);
    expect(token(block(':root'), '--fg-muted')).toBe(THEME_TEXT_COLORS.light.muted);
    expect(token(block(':root.dark'), '--fg')).toBe(THEME_TEXT_COLORS.dark.fg);
    expect(token(block(':root.dark'), '--fg-muted')).toBe(THEME_TEXT_COLORS.dark.muted);
  });
});
