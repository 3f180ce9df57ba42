import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { cn } from './cn';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  readonly label: string;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, className, id, ...rest },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <label
      htmlFor={inputId}
      className={cn('inline-flex cursor-pointer items-center gap-2 text-sm', className)}
    >
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="size-4 accent-[var(--accent)]"
        {...rest}
      />
      {label}
    </label>
  );
});
