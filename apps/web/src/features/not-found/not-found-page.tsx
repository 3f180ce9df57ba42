import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-6 px-6 text-center">
      <h1 className="text-3xl font-bold tracking-wider">404 Page Not Found</h1>
      <p className="max-w-md text-sm text-fg-muted">
        The address you opened does not exist in Fleet.
      </p>
      <Link to="/" className="text-sm font-semibold text-accent hover:underline">
        Back to the start
      </Link>
    </section>
  );
}
