import type { ImportStatus } from '@fleet/core';
import { cn } from '../../ui/cn';
import { rowIconClass } from '../../ui/icon-images';
import type { DisplayUnit } from '../preferences/display-unit-store';
import { HIDDEN_BALANCE } from '../preferences/hidden-balance';
import { IMPORT_STATUS_CLASSES, MASTER_BADGE_CLASS } from './badge-classes';
import type { ExplorerLink } from '../explorer/use-explorer-links';
import { MAX_ROW_TAGS } from './row-tags';
import type { RowTag, WalletRowView } from './wallet-row-view';
import type { TableColumn } from './wallet-table-columns';

/**
 * The cells of one wallet row, written with the DOM API instead of rendered by React.
 *
 * While scrolling, each frame hands ~2 to 9 rows a new wallet. Through React that was a
 * reconciliation of ~25 elements per row plus React's commit work, about half of the main
 * thread's time per frame; here a new wallet is ~20 direct text and attribute writes, and only the
 * ones whose value changed. React still owns the row element, its memoisation and its events (one
 * click handler on the row reads `data-row-action`); this module owns what is inside.
 */

/** What a row shows; a new object per render, compared field by field. */
export interface RowPaint {
  readonly view: WalletRowView;
  readonly number: number;
  readonly selected: boolean;
  readonly expanded: boolean;
  readonly unit: DisplayUnit;
  readonly hideBalances: boolean;
  /** The Actions menu is open for this wallet: React renders it in the cell instead. */
  readonly menuOpen: boolean;
  /** The chosen explorer's link for the cluster Fleet reads (a new function when either changes). */
  readonly explorerLink: ExplorerLink;
}

/** The row's controls, named on the element the click lands in. */
type RowAction = 'check' | 'expand' | 'copy' | 'menu';

const ROW_ACTION_ATTRIBUTE = 'data-row-action';
const ROW_ACTIONS: ReadonlySet<string> = new Set<RowAction>(['check', 'expand', 'copy', 'menu']);

/** The control a click inside a row landed in, if any. */
export function rowActionOf(target: EventTarget | null): RowAction | null {
  if (!(target instanceof Element)) return null;
  const action = target.closest(`[${ROW_ACTION_ATTRIBUTE}]`)?.getAttribute(ROW_ACTION_ATTRIBUTE);
  return action && ROW_ACTIONS.has(action) ? (action as RowAction) : null;
}

const ICON_BUTTON = 'rounded hover:bg-surface-sunken';
const EXPANDED_CLASS = cn(ICON_BUTTON, rowIconClass('chevron-down'));
const COLLAPSED_CLASS = cn(ICON_BUTTON, rowIconClass('chevron-right'));
const COPY_CLASS = cn(ICON_BUTTON, rowIconClass('copy', 'small'));
const EXPLORER_CLASS = cn(ICON_BUTTON, rowIconClass('external-link', 'small'));
export const MENU_TRIGGER_CLASS = cn(ICON_BUTTON, rowIconClass('ellipsis'));
const TAG_CLASS = 'rounded px-1.5 py-px text-[10px] font-semibold';
const TAG_CLIP_CLASS = cn(TAG_CLASS, 'truncate');
const TAG_MAX_WIDTH = '5.5rem';

type CellId = TableColumn['id'];

/** A cell and the nodes in it that change from wallet to wallet. */
interface Cell {
  readonly id: CellId;
  readonly element: HTMLDivElement;
  readonly baseClass: string;
  clipped: boolean;
}

export interface WalletRowPainter {
  /** Writes what changed since the last paint. */
  paint(next: RowPaint): void;
  /** Puts the checkbox back to the selection state after the browser toggled it on a click. */
  syncChecked(): void;
  /** The Actions cell, where React renders the open menu. */
  readonly actionsCell: HTMLDivElement | null;
}

export function createWalletRowPainter(
  row: HTMLElement,
  columns: readonly TableColumn[],
): WalletRowPainter {
  const cells: Cell[] = [];
  const nodes = buildCells(row, columns, cells);
  let last: RowPaint | null = null;

  return {
    actionsCell: nodes.actionsCell,
    syncChecked() {
      if (nodes.checkbox && last) nodes.checkbox.checked = last.selected;
    },
    paint(next) {
      const previous = last;
      last = next;
      const { view } = next;
      const walletChanged = previous?.view !== view;

      if (nodes.checkbox) {
        if (walletChanged) nodes.checkbox.setAttribute('aria-label', `Select ${view.address}`);
        if (previous?.selected !== next.selected || walletChanged) {
          nodes.checkbox.checked = next.selected;
        }
      }
      if (nodes.expand && (walletChanged || previous?.expanded !== next.expanded)) {
        nodes.expand.className = next.expanded ? EXPANDED_CLASS : COLLAPSED_CLASS;
        nodes.expand.setAttribute('aria-label', next.expanded ? 'Hide tokens' : 'Show tokens');
        nodes.expand.setAttribute('aria-expanded', String(next.expanded));
      }
      if (walletChanged) {
        nodes.copy?.setAttribute('aria-label', `Copy address ${view.address}`);
        nodes.explorer?.setAttribute('aria-label', `View ${view.address} on explorer`);
        nodes.menuTrigger?.setAttribute('aria-label', `Actions for ${view.address}`);
      }
      if (nodes.explorer && (walletChanged || previous?.explorerLink !== next.explorerLink)) {
        const href = next.explorerLink(view.address);
        if (href === undefined) nodes.explorer.removeAttribute('href');
        else if (nodes.explorer.href !== href) nodes.explorer.href = href;
      }
      if (nodes.menuTrigger && previous?.menuOpen !== next.menuOpen) {
        nodes.menuTrigger.hidden = next.menuOpen;
      }
      if (previous?.number !== next.number && nodes.number) {
        setText(nodes.number, String(next.number));
      }
      if (walletChanged && nodes.wallet) paintWallet(nodes.wallet, view);
      if (walletChanged && nodes.source) {
        setText(nodes.source, view.sourceLabel);
        setTitle(nodes.source, view.clips.source ? view.sourceLabel : null);
      }
      if (walletChanged && nodes.tags) paintTags(nodes.tags, view);
      if (walletChanged && nodes.imported) {
        setText(nodes.imported, view.importedText);
        setTitle(nodes.imported, view.importedTitle);
      }
      const balancesChanged =
        walletChanged ||
        previous?.unit !== next.unit ||
        previous?.hideBalances !== next.hideBalances;
      if (balancesChanged) {
        const hide = next.hideBalances;
        const balance = (text: string) => (hide ? HIDDEN_BALANCE : text);
        if (nodes.total) setText(nodes.total, balance(view.totalText));
        if (nodes.sol) {
          setText(nodes.sol, balance(next.unit === 'sol' ? view.solText : view.lamportsText));
        }
        if (nodes.scanAge) {
          setText(nodes.scanAge, view.scanText);
          setTitle(nodes.scanAge, view.scanTitle);
        }
        if (nodes.tokensValue) setText(nodes.tokensValue, balance(view.tokensValueText));
      }
      if (walletChanged) {
        if (nodes.withCount) setText(nodes.withCount, String(view.withCount));
        if (nodes.zeroCount) setText(nodes.zeroCount, String(view.zeroCount));
      }
      if (walletChanged || balancesChanged) {
        for (const cell of cells) setClipped(cell, cellClips(cell.id, next));
      }
    },
  };
}

/** Whether the cell must clip its text: only when it could be wider than the cell (cell-overflow). */
function cellClips(id: CellId, paint: RowPaint): boolean {
  const { clips } = paint.view;
  switch (id) {
    case 'wallet':
      return clips.wallet;
    case 'source':
      return clips.source;
    case 'tags':
      return clips.tags;
    case 'total':
      return !paint.hideBalances && clips.total;
    case 'sol':
      return !paint.hideBalances && (paint.unit === 'sol' ? clips.sol : clips.lamports);
    case 'tokensValue':
      return !paint.hideBalances && clips.tokensValue;
    case 'importedAt':
      return clips.importedAt;
    case 'select':
    case 'icons':
    case 'withCount':
    case 'zeroCount':
    case 'actions':
      return false;
  }
}

interface WalletNodes {
  readonly box: HTMLElement;
  readonly master: HTMLSpanElement;
  readonly status: HTMLSpanElement;
  readonly address: Text;
  readonly name: HTMLSpanElement;
}

interface TagNodes {
  readonly box: HTMLElement;
  readonly chips: readonly HTMLSpanElement[];
  readonly more: HTMLSpanElement;
}

interface RowNodes {
  checkbox: HTMLInputElement | null;
  expand: HTMLButtonElement | null;
  copy: HTMLButtonElement | null;
  explorer: HTMLAnchorElement | null;
  number: Text | null;
  wallet: WalletNodes | null;
  source: HTMLDivElement | null;
  tags: TagNodes | null;
  total: Text | null;
  sol: Text | null;
  /** Under the SOL figure: how old it is. */
  scanAge: HTMLSpanElement | null;
  tokensValue: Text | null;
  withCount: Text | null;
  zeroCount: Text | null;
  imported: HTMLDivElement | null;
  menuTrigger: HTMLButtonElement | null;
  actionsCell: HTMLDivElement | null;
}

function buildCells(row: HTMLElement, columns: readonly TableColumn[], cells: Cell[]): RowNodes {
  const nodes: RowNodes = {
    checkbox: null,
    expand: null,
    copy: null,
    explorer: null,
    number: null,
    wallet: null,
    source: null,
    tags: null,
    total: null,
    sol: null,
    scanAge: null,
    tokensValue: null,
    withCount: null,
    zeroCount: null,
    imported: null,
    menuTrigger: null,
    actionsCell: null,
  };
  const fragment = document.createDocumentFragment();
  for (const column of columns) {
    const baseClass = cn(
      'min-w-0 px-2',
      column.align === 'right' && 'text-right tabular-nums',
      // The wallet, icons and tags cells lay out their children themselves: no wrapper element.
      column.id === 'icons' && 'flex items-center',
      column.id === 'wallet' && 'flex items-center gap-2',
      column.id === 'tags' && 'flex items-center gap-1',
      column.id === 'importedAt' && 'text-xs text-fg-muted',
      column.id === 'source' && 'text-xs',
    );
    const cell = element('div', baseClass);
    cell.setAttribute('role', 'cell');
    // Which column a cell is, for tests and the browser's inspector: the grid has no headers per row.
    cell.dataset.column = column.id;
    cells.push({ id: column.id, element: cell, baseClass, clipped: false });
    fragment.append(cell);
    switch (column.id) {
      case 'select': {
        const checkbox = element('input', 'size-4 accent-[var(--accent)]');
        checkbox.type = 'checkbox';
        checkbox.setAttribute(ROW_ACTION_ATTRIBUTE, 'check');
        cell.append(checkbox);
        nodes.checkbox = checkbox;
        break;
      }
      case 'icons': {
        const expand = button(COLLAPSED_CLASS, 'expand');
        const copy = button(COPY_CLASS, 'copy');
        copy.title = 'Copy address';
        const explorer = element('a', EXPLORER_CLASS);
        explorer.target = '_blank';
        explorer.rel = 'noopener noreferrer';
        explorer.title = 'View on explorer';
        cell.append(expand, copy, explorer);
        Object.assign(nodes, { expand, copy, explorer });
        break;
      }
      case 'wallet': {
        const box = cell;
        const number = element(
          'span',
          'w-10 shrink-0 text-right text-xs text-fg-muted tabular-nums',
        );
        nodes.number = text(number);
        // The badges and the name are in the DOM only while the wallet has them: a hidden element
        // still costs style work in every frame that paints the row.
        const master = element('span', MASTER_BADGE_CLASS);
        master.textContent = 'Master';
        const status = element('span', '');
        const address = element('span', 'shrink-0 font-mono text-xs');
        const name = element('span', 'min-w-0 truncate text-xs text-fg-muted');
        box.append(number, address);
        nodes.wallet = { box, master, status, address: text(address), name };
        break;
      }
      case 'source':
        nodes.source = cell;
        break;
      case 'tags': {
        const box = cell;
        // Chips and "+N" are made once and put in the box only as many as the wallet has.
        const chips = Array.from({ length: MAX_ROW_TAGS }, () => {
          const chip = element('span', TAG_CLASS);
          chip.style.maxWidth = TAG_MAX_WIDTH;
          return chip;
        });
        const more = element('span', 'text-[10px] text-fg-muted');
        nodes.tags = { box, chips, more };
        break;
      }
      case 'sol': {
        // Two lines in the 44 px row: the balance, and how old it is.
        const figure = element('span', 'block leading-tight');
        const age = element('span', 'block text-[10px] leading-tight text-fg-muted');
        cell.append(figure, age);
        nodes.sol = text(figure);
        nodes.scanAge = age;
        break;
      }
      case 'total':
      case 'tokensValue':
      case 'withCount':
      case 'zeroCount':
        // Plain text cells: one text node, written in place.
        nodes[column.id] = text(cell);
        break;
      case 'importedAt':
        nodes.imported = cell;
        break;
      case 'actions': {
        const trigger = button(MENU_TRIGGER_CLASS, 'menu');
        trigger.setAttribute('aria-haspopup', 'menu');
        cell.append(trigger);
        nodes.menuTrigger = trigger;
        nodes.actionsCell = cell;
        break;
      }
    }
  }
  row.replaceChildren(fragment);
  return nodes;
}

function paintWallet(nodes: WalletNodes, view: WalletRowView): void {
  // A long name is cut in the cell: the tooltip gives it whole, with the full address.
  setTitle(nodes.box, view.name === null ? view.address : `${view.name}\n${view.address}`);
  setText(nodes.address, view.shortAddress);
  // In their order in the box: number, Master, status, address, name.
  const addressSpan = nodes.address.parentElement;
  place(nodes.box, nodes.status, view.importStatus !== null, addressSpan);
  const afterMaster = nodes.status.parentElement === nodes.box ? nodes.status : addressSpan;
  place(nodes.box, nodes.master, view.isMaster, afterMaster);
  if (view.importStatus !== null) paintStatus(nodes.status, view.importStatus);
  place(nodes.box, nodes.name, view.name !== null, null);
  if (view.name !== null) setText(nodes.name, view.name);
}

function paintStatus(badge: HTMLSpanElement, status: ImportStatus): void {
  const className = IMPORT_STATUS_CLASSES[status];
  if (badge.className !== className) badge.className = className;
  setText(badge, status);
}

function paintTags(nodes: TagNodes, view: WalletRowView): void {
  setTitle(nodes.box, view.allTagNames || null);
  nodes.chips.forEach((chip, index) => {
    const tag = view.tags[index];
    place(nodes.box, chip, tag !== undefined, nodes.more.isConnected ? nodes.more : null);
    if (tag) paintChip(chip, tag);
  });
  place(nodes.box, nodes.more, view.moreTags > 0, null);
  if (view.moreTags > 0) setText(nodes.more, `+${view.moreTags}`);
}

function paintChip(chip: HTMLSpanElement, tag: RowTag): void {
  setText(chip, tag.name);
  const className = tag.clip ? TAG_CLIP_CLASS : TAG_CLASS;
  if (chip.className !== className) chip.className = className;
  if (chip.style.color !== tag.color) {
    chip.style.color = tag.color;
    chip.style.backgroundColor = `${tag.color}33`;
  }
}

/** Puts `node` into `parent` before `before` (at the end if null) when shown, takes it out if not. */
function place(
  parent: HTMLElement,
  node: HTMLElement,
  shown: boolean,
  before: HTMLElement | null,
): void {
  if (!shown) {
    node.remove();
    return;
  }
  if (node.parentElement !== parent) parent.insertBefore(node, before);
}

function setClipped(cell: Cell, clipped: boolean): void {
  if (cell.clipped === clipped) return;
  cell.clipped = clipped;
  cell.element.className = clipped ? cn(cell.baseClass, 'truncate') : cell.baseClass;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return node;
}

function button(className: string, action: RowAction): HTMLButtonElement {
  const node = element('button', className);
  node.type = 'button';
  node.setAttribute(ROW_ACTION_ATTRIBUTE, action);
  return node;
}

/** A text node appended to `parent`, written through `setText`. */
function text(parent: HTMLElement): Text {
  const node = document.createTextNode('');
  parent.append(node);
  return node;
}

function setText(node: Text | HTMLElement, value: string): void {
  if (node instanceof Text) {
    if (node.data !== value) node.data = value;
  } else if (node.textContent !== value) {
    node.textContent = value;
  }
}

function setTitle(node: HTMLElement, title: string | null): void {
  if (title === null) node.removeAttribute('title');
  else if (node.title !== title) node.title = title;
}
