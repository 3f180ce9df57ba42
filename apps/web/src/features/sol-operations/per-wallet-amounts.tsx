import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { shortenAddress } from '../../format/address';
import { filterSolAmountInput } from './amount-input';
import type { DistributeTarget } from './distribute-form';

const ROW_HEIGHT = 36;

/**
 * An amount field per wallet, virtualised so a fleet of thousands stays responsive. SOL by
 * default; a token distribution passes its unit and the filter cut at the mint's decimals.
 */
export function PerWalletAmounts({
  targets,
  amounts,
  onChange,
  unit = 'SOL',
  filter = filterSolAmountInput,
}: {
  readonly targets: readonly DistributeTarget[];
  readonly amounts: ReadonlyMap<string, string>;
  readonly onChange: (walletId: string, amount: string) => void;
  readonly unit?: string;
  readonly filter?: (typed: string) => string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's functions are read each render on purpose (as in ui/virtual-table.tsx).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: targets.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  return (
    <div ref={scroller} className="max-h-64 overflow-auto rounded-md border border-border">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const target = targets[item.index];
          if (!target) return null;
          return (
            <label
              key={target.id}
              className="absolute inset-x-0 flex items-center gap-2 px-2"
              style={{ top: item.start, height: ROW_HEIGHT }}
            >
              <span className="w-32 font-mono text-xs" title={target.address}>
                {shortenAddress(target.address)}
              </span>
              <input
                inputMode="decimal"
                aria-label={`Amount for ${target.address}`}
                placeholder="0"
                value={amounts.get(target.id) ?? ''}
                onChange={(event) => onChange(target.id, filter(event.target.value))}
                className="h-7 flex-1 rounded border border-border bg-surface-sunken px-2 text-sm"
              />
              <span className="text-xs text-fg-muted">{unit}</span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
