import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface TabsProps {
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  readonly tabs: readonly {
    readonly value: string;
    readonly label: string;
    readonly content: ReactNode;
  }[];
  readonly label: string;
}

/** Controlled tabs: the page owns which tab is open (so it can remember it or put it in the URL). */
export function Tabs({ value, onValueChange, tabs, label }: TabsProps) {
  return (
    <TabsPrimitive.Root value={value} onValueChange={onValueChange}>
      <TabsPrimitive.List aria-label={label} className="flex gap-1 border-b border-border">
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              '-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold tracking-wide text-fg-muted',
              'hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg',
            )}
          >
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {tabs.map((tab) => (
        <TabsPrimitive.Content
          key={tab.value}
          value={tab.value}
          className="pt-4 focus:outline-none"
        >
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
