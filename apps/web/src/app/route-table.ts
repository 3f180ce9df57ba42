/**
 * Every route of spec 1 §2, in one table, plus `/invite/activate` (issue 4: the page an invite
 * e-mail links to). A route whose feature has not landed yet is still
 * present (deep links resolve, the session guard still applies) but `landed: false` keeps it out
 * of the navigation; its feature's issue flips the flag and plugs in the page.
 */
export type RouteAccess = 'public' | 'session' | 'admin';

export type RouteId =
  | 'login'
  | 'invite-request'
  | 'invite-activate'
  | 'import'
  | 'wallets'
  | 'tokens'
  | 'trading-dashboard'
  | 'trading-new'
  | 'widgets-lab'
  | 'trader-pro'
  | 'liquidity'
  | 'settings'
  | 'close-history'
  | 'admin';

export interface RouteEntry {
  readonly id: RouteId;
  readonly path: string;
  readonly title: string;
  readonly access: RouteAccess;
  readonly landed: boolean;
}

export const DEFAULT_ADMIN_PATH = '/admin_secure_path_2025';

/**
 * The admin console's path is a server setting (FLEET_ADMIN_PATH); the server writes it into a meta
 * tag of index.html. Anything that is not a plain path falls back to the spec's default.
 */
export function adminPathFrom(meta: string | null | undefined): string {
  return meta && /^\/[A-Za-z0-9_-][A-Za-z0-9_\-/]*$/.test(meta) ? meta : DEFAULT_ADMIN_PATH;
}

export const ADMIN_PATH = adminPathFrom(
  typeof document === 'undefined'
    ? undefined
    : document.querySelector('meta[name="fleet-admin-path"]')?.getAttribute('content'),
);

export const ROUTES: readonly RouteEntry[] = Object.freeze([
  { id: 'login', path: '/login', title: 'Sign in', access: 'public', landed: true },
  {
    id: 'invite-request',
    path: '/invite/request',
    title: 'Request an invite',
    access: 'public',
    landed: true,
  },
  {
    id: 'invite-activate',
    path: '/invite/activate',
    title: 'Activate your account',
    access: 'public',
    landed: true,
  },
  { id: 'import', path: '/', title: 'Import Wallets', access: 'session', landed: true },
  { id: 'wallets', path: '/wallets', title: 'Wallets', access: 'session', landed: true },
  { id: 'tokens', path: '/tokens', title: 'Tokens', access: 'session', landed: true },
  {
    id: 'trading-dashboard',
    path: '/trading',
    title: 'Trading Dashboard',
    access: 'session',
    landed: false,
  },
  {
    id: 'trading-new',
    path: '/trading/new',
    title: 'Trading New',
    access: 'session',
    landed: false,
  },
  {
    id: 'widgets-lab',
    path: '/testing/widgets',
    title: 'Widgets Lab',
    access: 'session',
    landed: false,
  },
  { id: 'trader-pro', path: '/trader-pro', title: 'Trader Pro', access: 'session', landed: false },
  { id: 'liquidity', path: '/liquidity', title: 'Liquidity', access: 'session', landed: false },
  { id: 'settings', path: '/settings', title: 'Control Centre', access: 'session', landed: true },
  {
    id: 'close-history',
    path: '/close-history',
    title: 'Close History',
    access: 'session',
    landed: true,
  },
  { id: 'admin', path: ADMIN_PATH, title: 'Admin key console', access: 'admin', landed: true },
] satisfies RouteEntry[]);

export function routeById(id: RouteId): RouteEntry {
  const route = ROUTES.find((entry) => entry.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
}

/** The header's six items (spec 1 §2 Header); `section` is the landing anchor shown when signed out. */
export interface NavLinkItem {
  readonly kind: 'link';
  readonly label: string;
  readonly routeId: RouteId;
  readonly section?: string;
  readonly signedInOnly?: boolean;
}

export interface NavMenuItem {
  readonly kind: 'menu';
  readonly label: string;
  readonly section: string;
  readonly items: readonly { readonly label: string; readonly routeId: RouteId }[];
}

export type NavItem = NavLinkItem | NavMenuItem;

export const NAV_ITEMS: readonly NavItem[] = Object.freeze([
  { kind: 'link', label: 'Import', routeId: 'import', section: 'import' },
  { kind: 'link', label: 'Wallets', routeId: 'wallets', section: 'wallets' },
  { kind: 'link', label: 'Tokens', routeId: 'tokens', section: 'tokens' },
  {
    kind: 'menu',
    label: 'Trading',
    section: 'trading',
    items: [
      { label: 'Trading Dashboard', routeId: 'trading-dashboard' },
      { label: 'Trading New', routeId: 'trading-new' },
      { label: 'Widgets Lab', routeId: 'widgets-lab' },
    ],
  },
  { kind: 'link', label: 'Liquidity', routeId: 'liquidity', section: 'liquidity' },
  { kind: 'link', label: 'Settings', routeId: 'settings', signedInOnly: true },
] satisfies NavItem[]);

/** The landing view's scroll anchors: every item that is not for signed-in users only. */
export const LANDING_SECTIONS: readonly { readonly id: string; readonly label: string }[] =
  NAV_ITEMS.flatMap((item) =>
    item.kind === 'menu'
      ? [{ id: item.section, label: item.label }]
      : item.section
        ? [{ id: item.section, label: item.label }]
        : [],
  );

/** What a signed-in operator's header links to: only routes whose feature has landed. */
export function visibleNavItems(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item): NavItem[] => {
    if (item.kind === 'link') return routeById(item.routeId).landed ? [item] : [];
    const landed = item.items.filter((entry) => routeById(entry.routeId).landed);
    return landed.length > 0 ? [{ ...item, items: landed }] : [];
  });
}
