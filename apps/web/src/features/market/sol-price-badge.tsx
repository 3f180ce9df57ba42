import { useNow } from '../../ui/use-now';
import { cn } from '../../ui/cn';
import { solPriceFailedLine, solPriceLine } from './sol-price-view';
import { useSolPrice } from './use-sol-price';

/** The header's SOL/USD price with its source and age (spec 1 §2, §7; issue 18). */
export function SolPriceBadge() {
  const price = useSolPrice();
  const now = useNow(1_000);
  if (price.isPending) return null;
  const line = price.isError
    ? solPriceFailedLine(price.error.message)
    : solPriceLine(price.data, price.dataUpdatedAt, now);
  return (
    <span
      role="status"
      aria-label="SOL price"
      title={line.title}
      className={cn(
        'hidden font-mono text-xs whitespace-nowrap tabular-nums normal-case lg:inline',
        line.known ? 'text-fg-muted' : 'text-warning',
      )}
    >
      {line.text}
    </span>
  );
}
