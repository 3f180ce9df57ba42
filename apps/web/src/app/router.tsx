import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ActivatePage } from '../features/activate/activate-page';
import { AdminPage } from '../features/admin/admin-page';
import { CloseHistoryPage } from '../features/close-history/close-history-page';
import { ControlCentrePage } from '../features/control-centre/control-centre-page';
import { ImportPage } from '../features/import/import-page';
import { InviteRequestPage } from '../features/invite/invite-request-page';
import { LandingPage } from '../features/landing/landing-page';
import { LoginPage } from '../features/login/login-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RouteNotLandedPage } from '../features/not-found/route-not-landed-page';
import { RequireSession } from '../features/session/require-session';
import { TokensOverviewPage } from '../features/tokens-overview/tokens-overview-page';
import { WalletsPage } from '../features/wallets/wallets-page';
import { useSession } from '../features/session/use-session';
import { AppLayout } from '../shell/app-layout';
import { FullPageStatus } from '../shell/full-page-status';
import { RouteErrorPage } from '../shell/route-error-page';
import { ROUTES, type RouteEntry, type RouteId } from './route-table';

/** The pages of features that have landed, by route id. */
const LANDED_PAGES: Partial<Record<RouteId, () => ReactNode>> = {
  login: () => <LoginPage />,
  'invite-request': () => <InviteRequestPage />,
  'invite-activate': () => <ActivatePage />,
  import: () => <ImportPage />,
  wallets: () => <WalletsPage />,
  tokens: () => <TokensOverviewPage />,
  settings: () => <ControlCentrePage />,
  'close-history': () => <CloseHistoryPage />,
  admin: () => <AdminPage />,
};

function pageFor(route: RouteEntry): ReactNode {
  const page = route.landed ? LANDED_PAGES[route.id] : undefined;
  const element = page ? page() : <RouteNotLandedPage route={route} />;
  return route.access === 'session' ? <RequireSession>{element}</RequireSession> : element;
}

/** `/` is the Import page for a signed-in operator and the public landing view for anyone else. */
function HomeRoute({ importRoute }: { readonly importRoute: RouteEntry }) {
  const session = useSession();
  if (session.isPending) return <FullPageStatus title="Checking your session…" busy />;
  if (!session.data) return <LandingPage />;
  return pageFor(importRoute);
}

export function routeObjects(): RouteObject[] {
  const children: RouteObject[] = ROUTES.map((route) =>
    route.id === 'import'
      ? { path: route.path, element: <HomeRoute importRoute={route} /> }
      : { path: route.path, element: pageFor(route) },
  );
  children.push({ path: '*', element: <NotFoundPage /> });
  return [{ element: <AppLayout />, errorElement: <RouteErrorPage />, children }];
}

export function createAppRouter() {
  return createBrowserRouter(routeObjects());
}
