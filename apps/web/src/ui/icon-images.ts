import { ChevronDown, ChevronRight, Copy, Ellipsis, ExternalLink, type IconNode } from 'lucide';

/**
 * Icons drawn as CSS background images instead of inline SVG, for the rows of long virtual
 * tables. An inline Lucide icon is an SVG subtree of two to four elements with its own layout and
 * paint; a table row with five of them cost about a third of every scroll frame on the main
 * thread, a background image costs nothing but a draw. The images are Lucide's own icons in the
 * theme's muted colour, and in its foreground colour on hover, as `text-fg-muted
 * hover:text-fg` gives the inline icons elsewhere.
 */
export const ROW_ICONS = {
  'chevron-down': ChevronDown,
  'chevron-right': ChevronRight,
  copy: Copy,
  'external-link': ExternalLink,
  ellipsis: Ellipsis,
} as const satisfies Readonly<Record<string, IconNode>>;

export type RowIconName = keyof typeof ROW_ICONS;

/** The text colours of each theme (`--fg`, `--fg-muted` in styles.css; a test keeps them equal). */
export const THEME_TEXT_COLORS = {
  light: { fg: '#0f172a', muted: '#526075' },
  dark: { fg: '#e6ebf3', muted: '#93a1b8' },
} as const;

/** The class that draws `name` on an element (sized and padded like the inline icon buttons). */
export function rowIconClass(name: RowIconName, size: 'normal' | 'small' = 'normal'): string {
  return `row-icon row-icon-${name}${size === 'small' ? ' row-icon-small' : ''}`;
}

/** One icon as a standalone SVG document, stroked in `color`, as Lucide draws it at 24 units. */
export function iconSvg(node: IconNode, color: string): string {
  const children = node
    .map(([tag, attributes]) => {
      const attributeText = Object.entries(attributes)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${key}="${escapeAttribute(String(value))}"`)
        .join(' ');
      return `<${tag} ${attributeText}/>`;
    })
    .join('');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" ' +
    `fill="none" stroke="${escapeAttribute(color)}" stroke-width="2" stroke-linecap="round" ` +
    `stroke-linejoin="round">${children}</svg>`
  );
}

export function iconDataUrl(node: IconNode, color: string): string {
  return `url("data:image/svg+xml,${encodeURIComponent(iconSvg(node, color))}")`;
}

/** The style sheet: per theme, each icon's muted and hover image; and the classes that use them. */
export function rowIconStyleSheet(): string {
  const names = Object.keys(ROW_ICONS) as RowIconName[];
  const variables = (colors: { readonly fg: string; readonly muted: string }) =>
    names
      .map(
        (name) =>
          `--row-icon-${name}:${iconDataUrl(ROW_ICONS[name], colors.muted)};` +
          `--row-icon-${name}-hover:${iconDataUrl(ROW_ICONS[name], colors.fg)};`,
      )
      .join('');
  const classes = names
    .map(
      (name) =>
        `.row-icon-${name}{background-image:var(--row-icon-${name})}` +
        `.row-icon-${name}:hover,.row-icon-${name}:focus-visible{background-image:var(--row-icon-${name}-hover)}`,
    )
    .join('');
  return (
    `:root{${variables(THEME_TEXT_COLORS.light)}}` +
    `:root.dark{${variables(THEME_TEXT_COLORS.dark)}}` +
    '.row-icon{display:inline-block;width:1.75rem;height:1.75rem;flex:none;' +
    'background-position:center;background-repeat:no-repeat;background-size:1rem}' +
    '.row-icon.row-icon-small{width:1.625rem;height:1.625rem;background-size:0.875rem}' +
    classes
  );
}

let installed = false;

/** Adds the style sheet to the document once (the CSP allows inline styles). */
export function installRowIcons(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  const style = document.createElement('style');
  style.dataset.rowIcons = '';
  style.textContent = rowIconStyleSheet();
  document.head.append(style);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
