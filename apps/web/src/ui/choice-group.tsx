import { useId } from 'react';
import { cn } from './cn';

export interface ChoiceGroupProps<T extends string> {
  readonly label: string;
  readonly value: T;
  readonly onChange: (value: T) => void;
  readonly options: readonly {
    readonly value: T;
    readonly label: string;
    readonly disabled?: boolean;
  }[];
}

/** A row of radio buttons drawn as a segmented control: one choice of a few, all visible. */
export function ChoiceGroup<T extends string>({
  label,
  value,
  onChange,
  options,
}: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-xs font-semibold tracking-wide text-fg-muted">{label}</legend>
      <div className="inline-flex w-fit rounded-md border border-border bg-surface-sunken p-0.5">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer rounded px-3 py-1.5 text-sm font-semibold',
              option.value === value ? 'bg-accent text-accent-fg' : 'text-fg-muted hover:text-fg',
              option.disabled && 'cursor-not-allowed opacity-50',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option.value}
              checked={option.value === value}
              disabled={option.disabled ?? false}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
