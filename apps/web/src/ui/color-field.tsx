import { useId } from 'react';

export interface ColorFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/** A colour picker with its hex value beside it, so the colour can also be typed or pasted. */
export function ColorField({ label, value, onChange }: ColorFieldProps) {
  const id = useId();
  // The native picker only understands #rrggbb; anything else shows black until it is fixed.
  const pickerValue = /^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000';
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold tracking-wide text-fg-muted">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={pickerValue}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-12 cursor-pointer rounded-md border border-border bg-surface-sunken p-1"
        />
        <input
          id={id}
          value={value}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-32 rounded-md border border-border bg-surface-sunken px-3 font-mono text-sm"
        />
      </div>
    </div>
  );
}
