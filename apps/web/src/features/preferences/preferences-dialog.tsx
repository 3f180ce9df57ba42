import { EXPLORER_LABELS, EXPLORERS } from '@fleet/core';
import { useId } from 'react';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { ChoiceGroup } from '../../ui/choice-group';
import { Dialog } from '../../ui/dialog';
import { setExplorerPreference, useExplorerPreference } from '../explorer/use-explorer-links';
import { setWidgetPreference, useWidgetPreferences } from './widget-preferences-store';

/**
 * Spec 1 §2 Preferences: three widget toggles. The quality scan works on one token, so its toggle
 * is disabled, with the reason shown, while no token is selected. Beside them, the block
 * explorer that every explorer link opens (kept in this browser).
 */
export function PreferencesDialog({
  open,
  onOpenChange,
  tokenSelected,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly tokenSelected: boolean;
}) {
  const preferences = useWidgetPreferences();
  const explorer = useExplorerPreference();
  const reasonId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Preferences"
      description="Choose which widgets the console shows and where explorer links open."
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <div className="flex flex-col gap-4">
        <Checkbox
          label="New token live feed"
          checked={preferences.showNewTokens}
          onChange={(event) => setWidgetPreference('showNewTokens', event.target.checked)}
        />
        <Checkbox
          label="Wallet panel"
          checked={preferences.showWalletPanel}
          onChange={(event) => setWidgetPreference('showWalletPanel', event.target.checked)}
        />
        <div>
          <Checkbox
            label="Token quality scan"
            checked={preferences.showQualityScan}
            disabled={!tokenSelected}
            aria-describedby={tokenSelected ? undefined : reasonId}
            onChange={(event) => setWidgetPreference('showQualityScan', event.target.checked)}
            className={tokenSelected ? undefined : 'cursor-not-allowed opacity-60'}
          />
          {tokenSelected ? null : (
            <p id={reasonId} className="mt-1 ml-6 text-xs text-fg-muted">
              Select a token to change this: the quality scan runs on the selected token.
            </p>
          )}
        </div>
        <ChoiceGroup
          label="Block explorer"
          value={explorer}
          onChange={setExplorerPreference}
          options={EXPLORERS.map((value) => ({ value, label: EXPLORER_LABELS[value] }))}
        />
      </div>
    </Dialog>
  );
}
