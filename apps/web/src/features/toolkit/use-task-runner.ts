import { exhaustiveSwitchError } from '@fleet/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { ADDRESS_COPY_FAILED, useCopy } from '../../ui/use-copy';
import { useToast } from '../../ui/toast';
import { useArchiveWallets } from '../archive/use-archive-actions';
import { openAssetScan } from '../asset-scan/asset-scan-store';
import { openFinalTruthScan } from '../scans/final-truth-scan-request-store';
import { openBurnTokens } from '../token-burns/burn-request-store';
import { openCloseTokens } from '../token-closes/close-request-store';
import {
  COPY_CONFIRMATION_MS,
  NO_PRIVATE_KEYS,
  privateKeysText,
  publicKeysText,
} from './clipboard-text';
import { taskSelectionWarning, type SelectionTask } from './task-mode';
import { useRevealKeys } from './wallet-keys-api';

export interface TaskWallet {
  readonly id: string;
  readonly address: string;
  /** The custom groups it is in (the group tasks show which of them hold the selection). */
  readonly groupIds: readonly string[];
}

/** The step a task is waiting on before it runs. */
export type PendingStep =
  | 'confirm-archive'
  | 'confirm-copy-private'
  | 'export'
  | 'choose-group'
  | 'sol-dialog'
  | 'token-dialog'
  | null;

/**
 * Runs the task the banner's action button starts: checks the selection, asks first where the
 * spec or the keys call for it, calls the server, copies, toasts, and reports done. A finished copy
 * shows "Copied" on the button for the spec's 2 s before the task ends.
 */
export function useTaskRunner(
  task: SelectionTask,
  wallets: readonly TaskWallet[],
  onDone: () => void,
) {
  const toast = useToast();
  const copy = useCopy();
  const copyAddresses = useCopy(ADDRESS_COPY_FAILED);
  const archive = useArchiveWallets();
  const reveal = useRevealKeys();
  const [pending, setPending] = useState<PendingStep>(null);
  /** The dialog acts on every wallet (the banner's all-scope action), not the selection. */
  const [allScope, setAllScope] = useState(false);
  const [copied, setCopied] = useState(false);
  // The latest onDone, read by timers and mutation callbacks that outlive the render they began in.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => {
      setCopied(false);
      onDoneRef.current();
    }, COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const ids = wallets.map((wallet) => wallet.id);

  const start = () => {
    const warning = taskSelectionWarning(task, wallets.length);
    if (warning) {
      toast.show({ ...warning, severity: 'warning' });
      return;
    }
    setAllScope(false);
    switch (task) {
      case 'export':
        setPending('export');
        return;
      case 'delete':
        setPending('confirm-archive');
        return;
      case 'copy-private':
        setPending('confirm-copy-private');
        return;
      case 'copy-public':
        void copyAddresses(publicKeysText(wallets)).then((ok) => setCopied(ok));
        return;
      case 'add-to-group':
      case 'remove-from-group':
        setPending('choose-group');
        return;
      case 'withdraw-sol':
      case 'distribute-sol':
      case 'two-hop':
        setPending('sol-dialog');
        return;
      case 'withdraw-tokens':
      case 'distribute-tokens':
        setPending('token-dialog');
        return;
      case 'close-tokens':
        // The shell's close dialog takes it from here: the task is done once it opens.
        openCloseTokens(wallets.map((wallet) => wallet.address));
        onDoneRef.current();
        return;
      case 'burn-tokens':
        // The shell's burn dialog takes it from here, as the close's does.
        openBurnTokens(wallets.map((wallet) => wallet.address));
        onDoneRef.current();
        return;
      case 'scan-final-truth':
        // The shell's confirm and progress dialogs take it from here, as the close's do.
        openFinalTruthScan(wallets.map((wallet) => wallet.address));
        onDoneRef.current();
        return;
      case 'scan-getassets':
        // The shell's GetAssets dialog starts the scan and shows it.
        openAssetScan(wallets.map((wallet) => wallet.address));
        onDoneRef.current();
        return;
      default:
        exhaustiveSwitchError(task);
    }
  };

  /** The banner's all-scope action (`allScopeActionLabel`): every wallet, whatever is selected. */
  const startAll = () => {
    if (task === 'burn-tokens') {
      openBurnTokens([]);
      onDoneRef.current();
      return;
    }
    if (task === 'scan-final-truth') {
      openFinalTruthScan([]);
      onDoneRef.current();
      return;
    }
    if (task === 'scan-getassets') {
      openAssetScan([]);
      onDoneRef.current();
      return;
    }
    setAllScope(true);
    setPending('token-dialog');
  };

  const confirmArchive = () => {
    archive.mutate(ids, {
      onSuccess: (result) => {
        setPending(null);
        toast.show({
          title: 'Wallets archived',
          description: `${result.archived} wallet(s) archived. You can restore them from the Archive.`,
          severity: 'success',
        });
        onDoneRef.current();
      },
      onError: (error) => {
        toast.show({
          title: 'Archive failed',
          description: errorMessage(error, 'Please try again.'),
          severity: 'error',
        });
      },
    });
  };

  const confirmCopyPrivate = () => {
    reveal.mutate(
      { walletIds: ids, purpose: 'copy' },
      {
        onSuccess: (answer) => {
          setPending(null);
          // The keys live only in this closure until the clipboard has them.
          const text = privateKeysText(answer.keys);
          if (text === '') {
            toast.show({ ...NO_PRIVATE_KEYS, severity: 'warning' });
            return;
          }
          void copy(text).then((ok) => setCopied(ok));
        },
        onError: (error) => {
          toast.show({
            title: 'Copy failed',
            description: errorMessage(error, 'Private keys could not be read.'),
            severity: 'error',
          });
        },
      },
    );
  };

  const cancelPending = () => {
    setPending(null);
    archive.reset();
    reveal.reset();
  };

  return {
    start,
    startAll,
    allScope,
    pending,
    cancelPending,
    confirmArchive,
    confirmCopyPrivate,
    copied,
    busy: archive.isPending || reveal.isPending,
    /** The export or the group change went through. */
    stepDone: () => {
      setPending(null);
      onDoneRef.current();
    },
    walletIds: ids,
  };
}
