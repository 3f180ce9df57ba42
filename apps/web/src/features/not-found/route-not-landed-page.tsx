import { Link } from 'react-router';
import type { RouteEntry } from '../../app/route-table';

/**
 * A route of the spec whose feature is not in this build yet. It is never linked from the
 * navigation; a deep link lands here and says so plainly instead of pretending.
 */
export function RouteNotLandedPage({ route }: { readonly route: RouteEntry }) {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold tracking-wider">{route.title}</h1>
      <p className="max-w-md text-sm text-fg-muted">
        This part of Fleet is not available in this build. Nothing here reads or changes your
        wallets.
      </p>
      <Link to="/" className="text-sm font-semibold text-accent hover:underline">
        Back to the start
      </Link>
    </section>
  );
}
