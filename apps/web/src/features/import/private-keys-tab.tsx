import { type ImportWalletsResponse, formatLamportsAsSol } from '@fleet/core';
import { useId, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Select } from '../../ui/select';
import { importErrorMessage } from './import-messages';
import { ImportSuccess } from './import-success';
import { KeyReviewTable } from './key-review-table';
import {
  buildKeyReview,
  initialSelection,
  NO_IMPORTABLE_KEYS_MESSAGE,
  notImportedLines,
  reviewCounts,
  selectedAddresses,
  selectedKeys,
  setAllSelected,
  toggleSelection,
  type KeyReview,
} from './key-review';
import { NotImportedList } from './not-imported-list';
import { problemsInTextOffThread } from './problems-off-thread';
import { privateKeysStore, usePrivateKeysState, type PrivateKeysState } from './private-keys-store';
import {
  batchTotal,
  REVIEW_BALANCE_OPTIONS,
  REVIEW_SORT_OPTIONS,
  REVIEW_STATUS_OPTIONS,
  reviewView,
  type ReviewViewOptions,
} from './review-view';
import { ScanActionBar } from './scan-action-bar';
import { currentScan, lastScannedWallets, SCAN_MESSAGES } from './scan-state';
import { useImportScan } from './use-import-scan';
import { useImportWallets, useValidateKeys } from './use-import-actions';

/**
 * Private Keys tab (spec 1 §2, §4): paste keys → review (status, selection, scan) → success.
 * Its state is `privateKeysStore` (memory only; why, in that file): a paste, its review and its
 * scan outlive this component until Clear, an import, or a change of who is signed in.
 */
export function PrivateKeysTab({ onDone }: { readonly onDone: () => void }) {
  const state = usePrivateKeysState();
  const store = privateKeysStore;
  const patch = (change: Partial<PrivateKeysState>) =>
    store.update((current) => ({ ...current, ...change }));
  const validate = useValidateKeys();
  const {
    scan,
    run: runScan,
    reset: resetScan,
  } = useImportScan({
    scan: state.scan,
    setScan: (next) => patch({ scan: next }),
    nextRun: store.nextRun,
    isLatestRun: store.isLatestRun,
  });
  const importKeys = useImportWallets();
  const { text, step, selection } = state;

  const startOver = () => store.reset();

  const onValidate = async () => {
    patch({ validateError: null, inputProblems: [] });
    try {
      const review = buildKeyReview(await validate.mutateAsync(text));
      if (review.rows.length === 0) {
        patch({ validateError: NO_IMPORTABLE_KEYS_MESSAGE, inputProblems: review.problems });
        return;
      }
      resetScan();
      patch({
        selection: initialSelection(review.rows),
        importError: null,
        step: { name: 'review', review },
      });
    } catch (error) {
      patch({ validateError: importErrorMessage('validate', error), inputProblems: [] });
      if (error instanceof ApiError && error.status === 400) {
        const problems = await problemsInTextOffThread(text);
        // Only for the paste they were read from: not one edited or cleared meanwhile.
        if (store.get().text === text) patch({ inputProblems: problems });
      }
    } finally {
      validate.reset();
    }
  };

  if (step.name === 'success') {
    const { result } = step;
    return (
      <ImportSuccess
        title="Wallets imported"
        counts={[
          { label: 'Created', value: result.created },
          { label: 'Restored', value: result.restored },
          { label: 'Already active', value: result.unchanged },
        ]}
        onDone={() => {
          startOver();
          onDone();
        }}
        onAgain={startOver}
        againLabel="Import more"
      />
    );
  }

  if (step.name === 'input') {
    return (
      <KeyInput
        text={text}
        onChange={(next) => patch({ text: next })}
        onSubmit={() => void onValidate()}
        onClear={startOver}
        busy={validate.isPending}
        error={state.validateError}
        problems={state.inputProblems}
      />
    );
  }

  const { review } = step;
  const { rows } = review;
  const selected = selectedAddresses(rows, selection);
  const counts = reviewCounts(rows);
  const scanned = lastScannedWallets(scan);
  const shown = reviewView(rows, scanned, state.view);
  const total = batchTotal(scanned);

  const onImport = async () => {
    const applying = currentScan(scan, selected);
    if (applying.status !== 'success') return;
    patch({ importError: null });
    try {
      const result: ImportWalletsResponse = await importKeys.mutateAsync({
        privateKeys: selectedKeys(rows, selection),
        preview: applying.preview,
      });
      store.reset();
      patch({ step: { name: 'success', result } });
    } catch (error) {
      patch({ importError: importErrorMessage('import', error) });
    } finally {
      importKeys.reset();
    }
  };

  return (
    <section aria-labelledby="key-review-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="key-review-heading" className="text-lg font-bold tracking-wide">
          Review wallets
        </h2>
        <p className="text-sm text-fg-muted">
          {counts.total} wallet(s): {counts.new} new, {counts.duplicate} duplicate,{' '}
          {counts.archived} archived
          {review.duplicatesInInput > 0
            ? `; ${review.duplicatesInInput} repeated key(s) removed`
            : ''}
          . {selected.length} selected.
        </p>
        <p className="text-sm font-semibold" data-batch-total>
          {total.wallets > 0
            ? `Total ${formatLamportsAsSol(total.lamports)} SOL in ${total.wallets} scanned wallet(s)`
            : 'Total SOL: scan to see it'}
        </p>
        <div className="ml-auto flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => patch({ step: { name: 'input' } })}>
            Back to keys
          </Button>
          <Button variant="ghost" size="sm" onClick={startOver}>
            Clear
          </Button>
        </div>
      </div>
      <NotImportedList lines={notImportedLines(review)} />
      <ReviewViewControls
        view={state.view}
        onChange={(view) => patch({ view })}
        shown={shown.length}
        total={rows.length}
      />
      <KeyReviewTable
        rows={shown}
        allRows={rows}
        selection={selection}
        scanned={scanned}
        onToggle={(address, checked) =>
          patch({ selection: toggleSelection(rows, selection, address, checked) })
        }
        onToggleAll={(checked) => patch({ selection: setAllSelected(rows, checked) })}
      />
      <ScanActionBar
        addresses={selected}
        scan={scan}
        onScan={() => void runScan(selected)}
        onImport={() => void onImport()}
        importing={importKeys.isPending}
        importLabel={`Import ${selected.length} wallet(s)`}
        importError={state.importError}
        scanUnavailable={counts.new === 0 ? SCAN_MESSAGES.nothingToScan : null}
      />
    </section>
  );
}

function ReviewViewControls({
  view,
  onChange,
  shown,
  total,
}: {
  readonly view: ReviewViewOptions;
  readonly onChange: (view: ReviewViewOptions) => void;
  readonly shown: number;
  readonly total: number;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Select
        label="Sort by"
        value={view.sort}
        options={REVIEW_SORT_OPTIONS}
        onChange={(event) =>
          onChange({
            ...view,
            sort:
              REVIEW_SORT_OPTIONS.find((option) => option.value === event.target.value)?.value ??
              'line',
          })
        }
      />
      <Select
        label="Status"
        value={view.status}
        options={REVIEW_STATUS_OPTIONS}
        onChange={(event) =>
          onChange({
            ...view,
            status:
              REVIEW_STATUS_OPTIONS.find((option) => option.value === event.target.value)?.value ??
              'all',
          })
        }
      />
      <Select
        label="Balance"
        value={view.balance}
        options={REVIEW_BALANCE_OPTIONS}
        onChange={(event) =>
          onChange({
            ...view,
            balance:
              REVIEW_BALANCE_OPTIONS.find((option) => option.value === event.target.value)?.value ??
              'all',
          })
        }
      />
      <span className="pb-2 text-sm text-fg-muted">
        {shown === total ? `${total} shown` : `${shown} of ${total} shown`}
      </span>
    </div>
  );
}

function KeyInput({
  text,
  onChange,
  onSubmit,
  onClear,
  busy,
  error,
  problems,
}: {
  readonly text: string;
  readonly onChange: (text: string) => void;
  readonly onSubmit: () => void;
  readonly onClear: () => void;
  readonly busy: boolean;
  readonly error: string | null;
  readonly problems: KeyReview['problems'];
}) {
  const id = useId();
  const lines = text === '' ? 0 : text.split('\n').filter((line) => line.trim() !== '').length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <label htmlFor={id} className="text-xs font-semibold tracking-wide text-fg-muted">
        Private keys (base58 or JSON arrays of 64 numbers, one per line)
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        rows={10}
        spellCheck={false}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        className="rounded-md border border-border bg-surface-sunken p-3 font-mono text-xs text-fg focus:outline-2 focus:outline-accent"
      />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" busy={busy} disabled={text.trim() === ''}>
          Validate
        </Button>
        <Button type="button" variant="ghost" onClick={onClear} disabled={text === ''}>
          Clear
        </Button>
        <span className="text-sm text-fg-muted">{lines} non-empty line(s)</span>
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <NotImportedList
        lines={notImportedLines({ rows: [], repeats: [], problems })}
        title="could not be read"
      />
    </form>
  );
}
