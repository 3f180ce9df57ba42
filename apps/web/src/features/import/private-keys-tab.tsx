import type { ImportWalletsResponse } from '@fleet/core';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { importErrorMessage } from './import-messages';
import { ImportSuccess } from './import-success';
import { KeyReviewTable } from './key-review-table';
import {
  buildKeyReview,
  initialSelection,
  NO_IMPORTABLE_KEYS_MESSAGE,
  problemsInText,
  reviewCounts,
  selectedAddresses,
  selectedKeys,
  setAllSelected,
  toggleSelection,
  type KeyReview,
} from './key-review';
import { ScanActionBar } from './scan-action-bar';
import { useImportScan } from './use-import-scan';
import { currentScan, lastScannedWallets, SCAN_MESSAGES } from './scan-state';
import { useImportWallets, useValidateKeys } from './use-import-actions';

type Step =
  | { readonly name: 'input' }
  | { readonly name: 'review'; readonly review: KeyReview }
  | { readonly name: 'success'; readonly result: ImportWalletsResponse };

/**
 * Private Keys tab (spec 1 §2, §4): paste keys → review (status, selection, scan) → success.
 * The pasted text and the keys live only in this component's state, cleared after an import and
 * gone when the tab unmounts.
 */
export function PrivateKeysTab({ onDone }: { readonly onDone: () => void }) {
  const [text, setText] = useState('');
  const [step, setStep] = useState<Step>({ name: 'input' });
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [validateError, setValidateError] = useState<string | null>(null);
  const [problems, setProblems] = useState<KeyReview['problems']>([]);
  const [importError, setImportError] = useState<string | null>(null);
  const validate = useValidateKeys();
  const { scan, run: runScan, reset: resetScan } = useImportScan();
  const importKeys = useImportWallets();

  const startOver = () => {
    setText('');
    setStep({ name: 'input' });
    setSelection(new Set());
    resetScan();
    setProblems([]);
    setValidateError(null);
    setImportError(null);
  };

  const onValidate = async () => {
    setValidateError(null);
    setProblems([]);
    try {
      const review = buildKeyReview(await validate.mutateAsync(text));
      if (review.rows.length === 0) {
        setValidateError(NO_IMPORTABLE_KEYS_MESSAGE);
        setProblems(review.problems);
        return;
      }
      setSelection(initialSelection(review.rows));
      resetScan();
      setImportError(null);
      setProblems(review.problems);
      setStep({ name: 'review', review });
    } catch (error) {
      setValidateError(importErrorMessage('validate', error));
      if (error instanceof ApiError && error.status === 400) setProblems(problemsInText(text));
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
        onChange={setText}
        onSubmit={() => void onValidate()}
        busy={validate.isPending}
        error={validateError}
        problems={problems}
      />
    );
  }

  const { rows } = step.review;
  const selected = selectedAddresses(rows, selection);
  const counts = reviewCounts(rows);

  const onImport = async () => {
    const applying = currentScan(scan, selected);
    if (applying.status !== 'success') return;
    setImportError(null);
    try {
      const result = await importKeys.mutateAsync({
        privateKeys: selectedKeys(rows, selection),
        preview: applying.preview,
      });
      startOver();
      setStep({ name: 'success', result });
    } catch (error) {
      setImportError(importErrorMessage('import', error));
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
          {step.review.duplicatesInInput > 0
            ? `; ${step.review.duplicatesInInput} repeated key(s) removed`
            : ''}
          . {selected.length} selected.
        </p>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          onClick={() => setStep({ name: 'input' })}
        >
          Back to keys
        </Button>
      </div>
      <ProblemList problems={problems} />
      <KeyReviewTable
        rows={rows}
        selection={selection}
        scanned={lastScannedWallets(scan)}
        onToggle={(address, checked) =>
          setSelection(toggleSelection(rows, selection, address, checked))
        }
        onToggleAll={(checked) => setSelection(setAllSelected(rows, checked))}
      />
      <ScanActionBar
        addresses={selected}
        scan={scan}
        onScan={() => void runScan(selected)}
        onImport={() => void onImport()}
        importing={importKeys.isPending}
        importLabel={`Import ${selected.length} wallet(s)`}
        importError={importError}
        scanUnavailable={counts.new === 0 ? SCAN_MESSAGES.nothingToScan : null}
      />
    </section>
  );
}

function KeyInput({
  text,
  onChange,
  onSubmit,
  busy,
  error,
  problems,
}: {
  readonly text: string;
  readonly onChange: (text: string) => void;
  readonly onSubmit: () => void;
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
        <span className="text-sm text-fg-muted">{lines} non-empty line(s)</span>
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <ProblemList problems={problems} />
    </form>
  );
}

function ProblemList({ problems }: { readonly problems: KeyReview['problems'] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-danger/50 bg-danger/10 px-3 py-2 text-sm">
      <p className="font-semibold text-danger">{problems.length} line(s) could not be read:</p>
      <ul className="mt-1 max-h-40 list-none overflow-auto text-danger">
        {problems.map((problem, index) => (
          <li key={`${problem.line}-${index}`}>
            Line {problem.line}: {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
