import type { CheckState } from '@fleet/core';

/** A checkbox showing none / some (indeterminate) / all, for select-all and group rows. */
export function TriStateCheckbox({
  state,
  label,
  onToggle,
  disabled,
}: {
  readonly state: CheckState;
  readonly label: string;
  readonly onToggle: () => void;
  readonly disabled?: boolean;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      title={label}
      className="size-4 accent-[var(--accent)]"
      checked={state === 'all'}
      aria-checked={state === 'some' ? 'mixed' : state === 'all'}
      disabled={disabled ?? false}
      ref={(element) => {
        if (element) element.indeterminate = state === 'some';
      }}
      onChange={onToggle}
    />
  );
}
