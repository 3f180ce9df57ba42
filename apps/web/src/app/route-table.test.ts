import { describe, expect, it } from 'vitest';
import {
  ADMIN_PATH,
  adminPathFrom,
  LANDING_SECTIONS,
  NAV_ITEMS,
  ROUTES,
  visibleNavItems,
  type NavItem,
} from './route-table';

describe('the route table', () => {
  it('holds every route of spec 1 §2, and the invite activation page, with its access', () => {
    const table = Object.fromEntries(ROUTES.map((route) => [route.path, route.access]));
    expect(table).toEqual({
      '/login': 'public',
      '/invite/request': 'public',
      '/invite/activate': 'public',
      '/': 'session',
      '/wallets': 'session',
      '/tokens': 'session',
      '/trading': 'session',
      '/trading/new': 'session',
      '/testing/widgets': 'session',
      '/trader-pro': 'session',
      '/liquidity': 'session',
      '/settings': 'session',
      '/close-history': 'session',
      [ADMIN_PATH]: 'admin',
    });
  });

  it('has unique ids and paths', () => {
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });
});

describe('the admin path', () => {
  it('comes from the meta tag when it is a plain path, else is the spec default', () => {
    expect(adminPathFrom('/ops/keys')).toBe('/ops/keys');
    expect(adminPathFrom(undefined)).toBe('/admin_secure_path_2025');
    expect(adminPathFrom('javascript:alert(1)')).toBe('/admin_secure_path_2025');
    expect(adminPathFrom('//evil.example')).toBe('/admin_secure_path_2025');
    expect(adminPathFrom('//twice')).toBe('/admin_secure_path_2025');
  });
});

describe('the header navigation', () => {
  it('has the six items of the spec, with Trading as a three-item dropdown', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Import',
      'Wallets',
      'Tokens',
      'Trading',
      'Liquidity',
      'Settings',
    ]);
    const trading = NAV_ITEMS[3];
    expect(trading?.kind === 'menu' && trading.items.map((item) => item.label)).toEqual([
      'Trading Dashboard',
      'Trading New',
      'Widgets Lab',
    ]);
  });

  it('gives signed-out visitors a scroll anchor for every item but Settings', () => {
    expect(LANDING_SECTIONS.map((section) => section.id)).toEqual([
      'import',
      'wallets',
      'tokens',
      'trading',
      'liquidity',
    ]);
  });

  it('links signed-in operators only to routes whose feature has landed', () => {
    const visible = visibleNavItems(NAV_ITEMS);
    const landedIds = new Set(ROUTES.filter((route) => route.landed).map((route) => route.id));
    const linked = visible.flatMap((item: NavItem) =>
      item.kind === 'link' ? [item.routeId] : item.items.map((entry) => entry.routeId),
    );
    for (const id of linked) expect(landedIds.has(id)).toBe(true);
  });
});
