import { Check } from 'lucide-react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { AuditLogLink } from '../audit-log/audit-log-link';
import { FundsReviewPanel } from '../archive/funds-review-panel';
import { ExportDialog } from '../export/export-dialog';
import { GroupMembershipDialog } from '../groups/group-membership-dialog';
import { SolTaskDialog } from '../sol-operations/sol-task-dialog';
import { TokenTaskDialog } from '../token-transfers/token-task-dialog';
import { archiveConfirmText, copyPrivateConfirmText } from './clipboard-text';
import {
  allScopeActionLabel,
  isDestructiveTask,
  taskActionLabel,
  taskPrompt,
  type TaskMode,
} from './task-mode';
import { useTaskRunner, type TaskWallet } from './use-task-runner';

export interface TaskModeBannerProps {
  /** The current task; nothing is drawn while idle. */
  readonly mode: TaskMode;
  /** The wallets selected on the page, in the order they were selected or listed. */
  readonly selectedWallets: readonly TaskWallet[];
  /** The wallets in view: what an All/Select money task acts on when nothing is selected. */
  readonly viewWallets: readonly TaskWallet[];
  readonly onClearSelection: () => void;
  /** Leaves the task and reopens the toolkit. */
  readonly onCancel: () => void;
  /** Leaves the task without running it. */
  readonly onExit: () => void;
  /** The task ran: back to idle. */
  readonly onDone: () => void;
}

/** The task-mode selection banner (spec 2 §2.3): action with count, Clear Selection, Cancel, Exit. */
export function TaskModeBanner({ mode, ...rest }: TaskModeBannerProps) {
  if (mode === 'idle') return null;
  // Keyed by task so a new task never inherits the previous one's confirm or "Copied" state.
  return <ActiveBanner key={mode} task={mode} {...rest} />;
}

function ActiveBanner({
  task,
  selectedWallets,
  viewWallets,
  onClearSelection,
  onCancel,
  onExit,
  onDone,
}: Omit<TaskModeBannerProps, 'mode'> & { readonly task: Exclude<TaskMode, 'idle'> }) {
  const runner = useTaskRunner(task, selectedWallets, onDone);
  const destructive = isDestructiveTask(task);
  const count = selectedWallets.length;
  const allScopeLabel = allScopeActionLabel(task);
  return (
    <div
      role="region"
      aria-label="Task mode"
      className={cn(
        'sticky top-0 z-20 flex flex-wrap items-center gap-3 rounded-md border px-4 py-3',
        destructive ? 'border-danger/60 bg-danger/10' : 'border-accent/60 bg-accent/10',
      )}
    >
      <p className="mr-auto text-sm">
        <span className="font-semibold">{count} selected.</span>{' '}
        <span className="text-fg-muted">{taskPrompt(task)}</span>
      </p>
      <Button
        variant={destructive ? 'danger' : 'primary'}
        size="sm"
        busy={runner.busy}
        disabled={runner.copied}
        onClick={runner.start}
      >
        {runner.copied ? (
          <>
            <Check className="size-3.5" aria-hidden /> Copied
          </>
        ) : (
          taskActionLabel(task, count)
        )}
      </Button>
      {allScopeLabel ? (
        <Button variant="primary" size="sm" onClick={runner.startAll}>
          {allScopeLabel}
        </Button>
      ) : null}
      <Button size="sm" onClick={onClearSelection} disabled={count === 0}>
        Clear Selection
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button size="sm" variant="ghost" onClick={onExit}>
        Exit
      </Button>
      <ConfirmDialog
        open={runner.pending === 'confirm-archive'}
        onOpenChange={(open) => {
          if (!open) runner.cancelPending();
        }}
        title="Archive wallets"
        description={archiveConfirmText(count)}
        confirmLabel={taskActionLabel('delete', count)}
        onConfirm={runner.confirmArchive}
        busy={runner.busy}
        className="w-[min(44rem,calc(100vw-2rem))]"
      >
        <FundsReviewPanel
          walletIds={runner.walletIds}
          open={runner.pending === 'confirm-archive'}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={runner.pending === 'confirm-copy-private'}
        onOpenChange={(open) => {
          if (!open) runner.cancelPending();
        }}
        title="Copy private keys"
        description={copyPrivateConfirmText(count)}
        confirmLabel="Copy keys"
        onConfirm={runner.confirmCopyPrivate}
        busy={runner.busy}
      >
        <p className="text-sm text-fg-muted">
          Anyone who pastes them can move these wallets&apos; funds. The copy is recorded in the{' '}
          <AuditLogLink />.
        </p>
      </ConfirmDialog>
      <ExportDialog
        open={runner.pending === 'export'}
        onOpenChange={(open) => {
          if (!open) runner.cancelPending();
        }}
        selectedWalletIds={runner.walletIds}
        onExported={runner.stepDone}
      />
      {task === 'add-to-group' || task === 'remove-from-group' ? (
        <GroupMembershipDialog
          open={runner.pending === 'choose-group'}
          onOpenChange={(open) => {
            if (!open) runner.cancelPending();
          }}
          change={task === 'add-to-group' ? 'add' : 'remove'}
          wallets={selectedWallets}
          onDone={runner.stepDone}
        />
      ) : null}
      {task === 'withdraw-sol' || task === 'distribute-sol' || task === 'two-hop' ? (
        <SolTaskDialog
          task={task}
          open={runner.pending === 'sol-dialog'}
          onOpenChange={(open) => {
            if (!open) runner.cancelPending();
          }}
          wallets={count === 0 ? viewWallets : selectedWallets}
          allWallets={count === 0}
          onStarted={runner.stepDone}
        />
      ) : null}
      {task === 'withdraw-tokens' || task === 'distribute-tokens' ? (
        <TokenTaskDialog
          task={task}
          open={runner.pending === 'token-dialog'}
          onOpenChange={(open) => {
            if (!open) runner.cancelPending();
          }}
          wallets={runner.allScope || count === 0 ? viewWallets : selectedWallets}
          allWallets={runner.allScope || count === 0}
          onStarted={runner.stepDone}
        />
      ) : null}
    </div>
  );
}
