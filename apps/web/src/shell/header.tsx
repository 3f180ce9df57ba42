import { ChevronDown } from 'lucide-react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LANDING_SECTIONS, NAV_ITEMS, routeById, visibleNavItems } from '../app/route-table';
import { SolPriceBadge } from '../features/market/sol-price-badge';
import { NotificationBell } from '../features/notifications/notification-bell';
import { useIsSignedIn, useSession } from '../features/session/use-session';
import { cn } from '../ui/cn';
import { Menu, MenuItem } from '../ui/menu';
import { HeaderSearch } from './search/header-search';
import { SettingsMenu } from './settings-menu';

const navItemClass =
  'rounded-md px-3 py-2 text-sm font-semibold tracking-wide text-fg-muted hover:bg-surface-sunken hover:text-fg';

export function Header() {
  const signedIn = useIsSignedIn();
  const userId = useSession().data?.user.id;
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
        <Link
          to="/"
          className="flex items-center gap-2 font-bold tracking-[0.2em]"
          aria-label="Fleet home"
        >
          <img src="/favicon.svg" alt="" className="size-6" />
          Fleet
        </Link>
        <nav aria-label="Main" className="flex flex-1 items-center gap-1">
          {signedIn ? <SessionNavigation /> : <LandingAnchors />}
        </nav>
        {signedIn ? (
          <>
            <SolPriceBadge />
            <HeaderSearch />
            <NotificationBell userId={userId} />
          </>
        ) : null}
        <SettingsMenu signedIn={signedIn} />
      </div>
    </header>
  );
}

function SessionNavigation() {
  const navigate = useNavigate();
  return visibleNavItems(NAV_ITEMS).map((item) =>
    item.kind === 'link' ? (
      <NavLink
        key={item.label}
        to={routeById(item.routeId).path}
        end
        className={({ isActive }) => cn(navItemClass, isActive && 'bg-surface-sunken text-fg')}
      >
        {item.label}
      </NavLink>
    ) : (
      <Menu
        key={item.label}
        label={item.label}
        trigger={
          <button type="button" className={cn(navItemClass, 'inline-flex items-center gap-1')}>
            {item.label}
            <ChevronDown className="size-4" aria-hidden />
          </button>
        }
      >
        {item.items.map((entry) => (
          <MenuItem
            key={entry.routeId}
            onSelect={() => void navigate(routeById(entry.routeId).path)}
          >
            {entry.label}
          </MenuItem>
        ))}
      </Menu>
    ),
  );
}

/** Signed-out visitors get scroll anchors into the landing view instead of links (spec 1 §2). */
function LandingAnchors() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const go = (id: string) => {
    if (pathname === '/') {
      document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      window.history.replaceState(null, '', `#${id}`);
    } else {
      void navigate(`/#${id}`);
    }
  };
  return LANDING_SECTIONS.map((section) => (
    <a
      key={section.id}
      href={`/#${section.id}`}
      className={navItemClass}
      onClick={(event) => {
        event.preventDefault();
        go(section.id);
      }}
    >
      {section.label}
    </a>
  ));
}
