import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface MenuProps {
  readonly trigger: ReactNode;
  readonly label: string;
  readonly children: ReactNode;
  readonly align?: 'start' | 'end';
}

/** A dropdown menu with keyboard navigation (arrows, Enter, Escape) from Radix. */
export function Menu({ trigger, label, children, align = 'start' }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild aria-label={label}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={6}
          collisionPadding={8}
          // A long menu (the View segments) below a tall page header scrolls inside the window
          // rather than running off its bottom edge.
          className="z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-52 overflow-y-auto rounded-md border border-border bg-surface-raised p-1 shadow-xl"
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export interface MenuItemProps {
  readonly children: ReactNode;
  readonly onSelect: () => void;
  readonly icon?: ReactNode;
  readonly disabled?: boolean;
}

export function MenuItem({ children, onSelect, icon, disabled }: MenuItemProps) {
  return (
    <DropdownMenu.Item
      disabled={disabled ?? false}
      onSelect={onSelect}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-fg outline-none select-none',
        'data-[highlighted]:bg-surface-sunken data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
      )}
    >
      {icon ? <span className="text-fg-muted">{icon}</span> : null}
      {children}
    </DropdownMenu.Item>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-border" />;
}
