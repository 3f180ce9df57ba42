import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageStatus } from '../../shell/full-page-status';
import { useSession } from './use-session';

/** Renders its children for a signed-in operator; anyone else goes to /login (spec 1 §2). */
export function RequireSession({ children }: { readonly children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageStatus title="Checking your session…" busy />;
  if (session.isError || !session.data) {
    return (
      <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  return children;
}
