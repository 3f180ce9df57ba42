import type { ReactNode } from 'react';

export function FullPageStatus({
  title,
  busy = false,
  children,
}: {
  readonly title: string;
  readonly busy?: boolean;
  readonly children?: ReactNode;
}) {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-6 text-center"
    >
      {busy ? (
        <span
          className="size-6 animate-spin rounded-full border-2 border-accent border-t-transparent"
          aria-hidden
        />
      ) : null}
      <p className="text-sm font-semibold tracking-wide text-fg-muted">{title}</p>
      {children}
    </div>
  );
}
