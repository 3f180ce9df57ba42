import {
  ALL_SEEDS_SEGMENT,
  BUILT_IN_SEGMENTS,
  SEGMENT_LABELS,
  segmentDescription,
  seedIdOfSegment,
  seedSegment,
  type WalletSegment,
} from '@fleet/core';
import { Check, ChevronDown, ChevronRight } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { useSeedGroups } from '../wallet-list/use-wallet-queries';

const itemClass = cn(
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-fg outline-none select-none',
  'data-[highlighted]:bg-surface-sunken',
);

/** The segment's name on the View button, seed vaults by their label. */
export function segmentName(segment: WalletSegment, seedLabel: (id: string) => string): string {
  const seedId = seedIdOfSegment(segment);
  if (seedId === undefined) return SEGMENT_LABELS[segment as keyof typeof SEGMENT_LABELS];
  return seedId === 'all' ? 'All Seed Wallets' : seedLabel(seedId);
}

/** A segment's name over its one-line rule (spec 2 §5), so the operator knows what it shows. */
function SegmentText({
  label,
  segment,
}: {
  readonly label: string;
  readonly segment: WalletSegment;
}) {
  return (
    <span className="flex min-w-0 flex-1 flex-col">
      <span className="truncate">{label}</span>
      <span className="text-xs font-normal text-fg-muted">{segmentDescription(segment)}</span>
    </span>
  );
}

/**
 * The View dropdown (spec 2 §2.1): the segments, each with its rule in one line, and a Sources
 * submenu with seed counts.
 */
export function ViewMenu({
  segment,
  onChoose,
  seedCounts,
}: {
  readonly segment: WalletSegment;
  readonly onChoose: (segment: WalletSegment) => void;
  readonly seedCounts: { readonly all: number; readonly bySeed: ReadonlyMap<string, number> };
}) {
  const seeds = useSeedGroups();
  const seedGroups = seeds.data?.groups ?? [];
  const seedLabel = (id: string) =>
    seedGroups.find((group) => group.id === id)?.label ?? `Seed ${id.slice(0, 8)}`;
  const mark = (value: WalletSegment) =>
    value === segment ? <Check className="size-3.5" aria-hidden /> : <span className="size-3.5" />;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button size="sm" aria-label="View" title={segmentDescription(segment)}>
          View: {segmentName(segment, seedLabel)}
          <ChevronDown className="size-3.5" aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-72 overflow-y-auto rounded-md border border-border bg-surface-raised p-1 shadow-xl"
        >
          {BUILT_IN_SEGMENTS.map((id) => (
            <DropdownMenu.Item key={id} className={itemClass} onSelect={() => onChoose(id)}>
              {mark(id)}
              <SegmentText label={SEGMENT_LABELS[id]} segment={id} />
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Sub>
            <DropdownMenu.SubTrigger className={cn(itemClass, 'justify-between')}>
              <span className="flex items-center gap-2">
                {seedIdOfSegment(segment) !== undefined ? (
                  <Check className="size-3.5" aria-hidden />
                ) : (
                  <span className="size-3.5" />
                )}
                Sources
              </span>
              <ChevronRight className="size-3.5" aria-hidden />
            </DropdownMenu.SubTrigger>
            <DropdownMenu.Portal>
              <DropdownMenu.SubContent
                sideOffset={4}
                className="z-50 min-w-72 rounded-md border border-border bg-surface-raised p-1 shadow-xl"
              >
                <DropdownMenu.Item
                  className={itemClass}
                  onSelect={() => onChoose(ALL_SEEDS_SEGMENT)}
                >
                  {mark(ALL_SEEDS_SEGMENT)}
                  <SegmentText label="All Seed Wallets" segment={ALL_SEEDS_SEGMENT} />
                  <span className="text-xs text-fg-muted tabular-nums">{seedCounts.all}</span>
                </DropdownMenu.Item>
                {seedGroups.map((group) => {
                  const value = seedSegment(group.id);
                  return (
                    <DropdownMenu.Item
                      key={group.id}
                      className={itemClass}
                      onSelect={() => onChoose(value)}
                    >
                      {mark(value)}
                      <SegmentText
                        label={group.label ?? `Seed ${group.id.slice(0, 8)}`}
                        segment={value}
                      />
                      <span className="text-xs text-fg-muted tabular-nums">
                        {seedCounts.bySeed.get(group.id) ?? 0}
                      </span>
                    </DropdownMenu.Item>
                  );
                })}
                {seeds.isError ? (
                  <p className="px-3 py-2 text-xs text-danger">{seeds.error.message}</p>
                ) : null}
              </DropdownMenu.SubContent>
            </DropdownMenu.Portal>
          </DropdownMenu.Sub>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
