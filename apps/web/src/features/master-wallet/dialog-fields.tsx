import { useId, type ReactNode } from 'react';
import { CopyButton } from '../../ui/copy-button';

/** A labelled read-only value of the Master Wallet dialog, optionally with a copy button. */
export function ReadOnlyField({
  label,
  value,
  placeholder,
  copyable = false,
}: {
  readonly label: string;
  readonly value: string;
  readonly placeholder?: string;
  readonly copyable?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold tracking-wide text-fg-muted">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          readOnly
          value={value}
          placeholder={placeholder}
          className="h-10 flex-1 rounded-md border border-border bg-surface-sunken px-3 font-mono text-xs text-fg"
        />
        {copyable && value ? (
          <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
        ) : null}
      </div>
    </div>
  );
}

export function DialogFooter({ children }: { readonly children: ReactNode }) {
  return <div className="mt-2 flex flex-wrap justify-end gap-2">{children}</div>;
}
