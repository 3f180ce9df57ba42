import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../ui/button';

/** A rendering failure: say what happened and offer a reload, never a blank page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <div
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <h1 className="text-2xl font-bold tracking-wider">Something went wrong</h1>
      <p className="max-w-lg text-sm text-fg-muted">{detail}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
