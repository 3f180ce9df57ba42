import { OPERATION_KINDS, type OperationDetail, type OperationKindName } from '@fleet/core';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/error-message';
import { formatDateTime } from '../../format/date';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ChoiceGroup } from '../../ui/choice-group';
import { Dialog } from '../../ui/dialog';
import { OperationReportTable } from './operation-report-table';
import { KIND_LABELS, operationLine, reportRows } from './operation-rows';
import { useOperation, useOperations } from './use-operations';

type KindFilter = OperationKindName | 'all';

/**
 * What an opened operation offers besides its report ("Retry failed"): drawn by whoever composes
 * the dialog, since the actions belong to features this one may not import.
 */
export type OperationActions = (operation: OperationDetail) => ReactNode;

/** Every money operation, newest first, filterable by kind; one opens to its items. */
export function OperationsHistoryDialog({
  open,
  onOpenChange,
  actions,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly actions?: OperationActions;
}) {
  const [kind, setKind] = useState<KindFilter>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useOperations(kind === 'all' ? null : kind, open);
  const operations = list.data?.pages.flatMap((page) => page.operations) ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Operations history"
      description="Every distribution, withdrawal and 2-hop distribution, newest first."
      className="w-[min(56rem,calc(100vw-2rem))]"
    >
      {openId ? (
        <OperationDetailView
          operationId={openId}
          onBack={() => setOpenId(null)}
          actions={actions}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <ChoiceGroup<KindFilter>
            label="Kind"
            value={kind}
            onChange={setKind}
            options={[
              { value: 'all', label: 'All' },
              ...OPERATION_KINDS.map((value) => ({ value, label: KIND_LABELS[value] })),
            ]}
          />
          {list.isError ? (
            <Alert kind="error">{errorMessage(list.error, 'Failed to load operations')}</Alert>
          ) : null}
          {list.isPending ? <p className="text-sm text-fg-muted">Loading…</p> : null}
          {list.isSuccess && operations.length === 0 ? (
            <p className="text-sm text-fg-muted">No operations yet.</p>
          ) : null}
          <ul className="max-h-96 divide-y divide-border overflow-auto rounded-md border border-border">
            {operations.map((operation) => (
              <li key={operation.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(operation.id)}
                  className="flex w-full flex-col items-start gap-0.5 px-3 py-2 text-left hover:bg-surface-sunken"
                >
                  <span className="text-sm font-semibold">
                    {KIND_LABELS[operation.kind]} · {operation.status}
                  </span>
                  <span className="text-xs text-fg-muted">
                    {formatDateTime(operation.createdAt)} · {operationLine(operation)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button
              size="sm"
              busy={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load older
            </Button>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}

function OperationDetailView({
  operationId,
  onBack,
  actions,
}: {
  readonly operationId: string;
  readonly onBack: () => void;
  readonly actions?: OperationActions;
}) {
  const operation = useOperation(operationId);
  return (
    <div className="flex flex-col gap-3">
      <Button size="sm" variant="ghost" className="w-fit" onClick={onBack}>
        ← All operations
      </Button>
      {operation.isError ? (
        <Alert kind="error">{errorMessage(operation.error, 'Failed to load the operation')}</Alert>
      ) : null}
      {operation.data ? (
        <>
          <p className="text-sm">
            <span className="font-semibold">{KIND_LABELS[operation.data.kind]}</span> ·{' '}
            {operation.data.status} · {operationLine(operation.data)}
          </p>
          {operation.data.report ? (
            <p className="text-xs whitespace-pre-wrap text-fg-muted">{operation.data.report}</p>
          ) : null}
          <OperationReportTable rows={reportRows(operation.data)} />
          {actions ? <div className="flex justify-end gap-2">{actions(operation.data)}</div> : null}
        </>
      ) : null}
    </div>
  );
}
