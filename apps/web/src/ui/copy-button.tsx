import { Copy } from 'lucide-react';
import { Button } from './button';
import { useCopy } from './use-copy';

/** An icon button that copies one value; `label` names what is copied for screen readers. */
export function CopyButton({ value, label }: { readonly value: string; readonly label: string }) {
  const copy = useCopy();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={label}
      title={label}
      className="px-2"
      onClick={() => void copy(value)}
    >
      <Copy className="size-3.5" aria-hidden />
    </Button>
  );
}
