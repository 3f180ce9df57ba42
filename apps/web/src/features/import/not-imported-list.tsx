import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useRef } from 'react';
import { lineLabel, type NotImportedLine } from './key-review';

const ROW_HEIGHT = 24;
const FIRST_PAINT_HEIGHT = 8 * ROW_HEIGHT;

/**
 * The lines of a paste that will not be imported, each with its line number and reason (issue
 * 15). A paste of 5,000 keys the fleet already holds lists 5,000 lines, so only those in view are
 * in the DOM.
 */
export function NotImportedList({
  lines,
  title = 'not imported',
}: {
  readonly lines: readonly NotImportedLine[];
  readonly title?: string;
}) {
  const headingId = useId();
  const scrollRef = useRef<HTMLUListElement>(null);
  // TanStack Virtual keeps its state outside React; the compiler must not memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 0, height: FIRST_PAINT_HEIGHT },
  });
  if (lines.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-md border border-danger/50 bg-danger/10 px-3 py-2 text-sm"
    >
      <h3 id={headingId} className="font-semibold text-danger">
        {lines.length} line(s) {title}
      </h3>
      <ul
        ref={scrollRef}
        aria-label={`Lines ${title}`}
        className="relative mt-1 max-h-40 list-none overflow-auto text-danger"
      >
        <li aria-hidden style={{ height: virtualizer.getTotalSize() }} className="invisible" />
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index];
          if (line === undefined) return null;
          return (
            <li
              key={item.key}
              data-line={line.line}
              className="absolute inset-x-0 top-0 truncate"
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              {lineLabel(line)}: {line.reason}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
