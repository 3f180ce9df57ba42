import { GROUP_MODE_LABELS, GROUP_MODES, type GroupMode } from '@fleet/core';
import { ChevronDown } from 'lucide-react';
import { Button } from '../../ui/button';
import { Menu, MenuItem } from '../../ui/menu';

/** Group-by (spec 2 §2.1): Default categories, Import batches, Custom groups. */
export function GroupByMenu({
  mode,
  onChange,
}: {
  readonly mode: GroupMode;
  readonly onChange: (mode: GroupMode) => void;
}) {
  return (
    <Menu
      label="Group by"
      trigger={
        <Button size="sm">
          Group: {GROUP_MODE_LABELS[mode]}
          <ChevronDown className="size-3.5" aria-hidden />
        </Button>
      }
    >
      {GROUP_MODES.map((value) => (
        <MenuItem key={value} onSelect={() => onChange(value)}>
          {value === mode ? '✓ ' : ''}
          {GROUP_MODE_LABELS[value]}
        </MenuItem>
      ))}
    </Menu>
  );
}
