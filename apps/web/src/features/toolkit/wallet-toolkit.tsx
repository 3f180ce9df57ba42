import { exhaustiveSwitchError } from '@fleet/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../ui/toast';
import { useStartBalanceRefresh } from '../balance-refresh/use-balance-refresh';
import { ArchivedWalletsDialog } from '../archive/archived-wallets-dialog';
import { CreateWalletDialog } from '../create-wallet/create-wallet-dialog';
import { CreateGroupDialog } from '../groups/create-group-dialog';
import { toggleDisplayUnit, useDisplayUnit } from '../preferences/display-unit-store';
import { ManageTagsDialog } from '../tags/manage-tags-dialog';
import { openCloseTokens } from '../token-closes/close-request-store';
import { TaskModeBanner } from './task-mode-banner';
import { transitionTaskMode, type TaskMode, type TaskModeEvent } from './task-mode';
import { toolkitEffect, type ToolkitDialogName } from './toolkit-action';
import { ToolkitDialog } from './toolkit-dialog';
import type { ToolkitAction } from './toolkit-tiles';
import type { TaskWallet } from './use-task-runner';

const NO_WALLETS: readonly TaskWallet[] = [];

export interface WalletToolkitProps {
  /** Whether the Toolkit dialog is open; the page's Toolkit button sets it. */
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The page's current selection: a task entered from the Toolkit starts with it. */
  readonly selectedWallets: readonly TaskWallet[];
  /** The wallets in view, for the All/Select money tasks run with nothing selected. */
  readonly viewWallets?: readonly TaskWallet[];
  /** The banner's Clear Selection. */
  readonly onClearSelection: () => void;
  /** Told when task mode starts or ends (the page may show checkboxes more prominently). */
  readonly onTaskModeChange?: (mode: TaskMode) => void;
}

/**
 * The Toolkit with everything it opens: the tile dialog, the task-mode banner (rendered where this
 * component is mounted) and the Direct tiles' dialogs. Task mode follows `transitionTaskMode`.
 */
export function WalletToolkit({
  open,
  onOpenChange,
  selectedWallets,
  viewWallets = NO_WALLETS,
  onClearSelection,
  onTaskModeChange,
}: WalletToolkitProps) {
  const [mode, setMode] = useState<TaskMode>('idle');
  const [dialog, setDialog] = useState<ToolkitDialogName | null>(null);
  const navigate = useNavigate();
  const toast = useToast();
  const unit = useDisplayUnit();
  const startBalanceRefresh = useStartBalanceRefresh();

  const apply = (event: TaskModeEvent) => {
    const next = transitionTaskMode({ mode, toolkitOpen: open }, event);
    if (next.mode !== mode) {
      setMode(next.mode);
      onTaskModeChange?.(next.mode);
    }
    if (next.toolkitOpen !== open) onOpenChange(next.toolkitOpen);
  };

  const choose = (action: ToolkitAction) => {
    const effect = toolkitEffect(action);
    switch (effect.kind) {
      case 'task':
        apply({ type: 'choose', task: effect.task });
        return;
      case 'dialog':
        onOpenChange(false);
        setDialog(effect.dialog);
        return;
      case 'navigate':
        onOpenChange(false);
        void navigate(effect.to);
        return;
      case 'toggle-units':
        toggleDisplayUnit();
        toast.show({
          title: 'Units toggled',
          description: `Balances now show in ${unit === 'sol' ? 'lamports' : 'SOL'}.`,
          severity: 'info',
        });
        return;
      case 'refresh-balances':
        // The progress shows in the bottom bar, which stays on screen; the Toolkit gets out of
        // the way so the table can be watched.
        onOpenChange(false);
        startBalanceRefresh();
        return;
      case 'close-all-tokens':
        // The All badge: every active wallet, whatever is selected or in view.
        onOpenChange(false);
        openCloseTokens([]);
        return;
      default:
        exhaustiveSwitchError(effect);
    }
  };

  const closeDialog = (isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  };
  const selectedIds = selectedWallets.map((wallet) => wallet.id);

  return (
    <>
      <ToolkitDialog
        open={open}
        onOpenChange={(isOpen) => apply({ type: isOpen ? 'open-toolkit' : 'close-toolkit' })}
        onChoose={choose}
      />
      <TaskModeBanner
        mode={mode}
        selectedWallets={selectedWallets}
        viewWallets={viewWallets}
        onClearSelection={onClearSelection}
        onCancel={() => apply({ type: 'cancel' })}
        onExit={() => apply({ type: 'exit' })}
        onDone={() => apply({ type: 'executed' })}
      />
      <CreateWalletDialog open={dialog === 'create-wallet'} onOpenChange={closeDialog} />
      <CreateGroupDialog
        open={dialog === 'create-group'}
        onOpenChange={closeDialog}
        walletIds={selectedIds}
      />
      <ManageTagsDialog
        open={dialog === 'manage-tags'}
        onOpenChange={closeDialog}
        walletIds={selectedIds}
      />
      <ArchivedWalletsDialog open={dialog === 'view-archive'} onOpenChange={closeDialog} />
    </>
  );
}
