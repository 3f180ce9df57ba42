import { Copy } from 'lucide-react';
import { Button } from './button';
import { useCopy, type CopyFailure } from './use-copy';

/** An icon button that copies one value; `label` names what is copied for screen readers. */
export function CopyButton({
  value,
  label,
  failure,
}: {
  readonly value: string;
  readonly label: string;
  /** What a refused copy says, when the area has its own words (spec 2 §8 for addresses). */
  readonly failure?: CopyFailure;
}) {
  const copy = useCopy(failure);
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
