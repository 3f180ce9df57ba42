import { DEFAULT_ACCOUNT_COUNT, MAX_ACCOUNT_COUNT, MIN_ACCOUNT_COUNT } from '@fleet/core';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/input';
import type { SeedImportResponse } from './import-api';
import { importErrorMessage, seedPreviewErrorMessage } from './import-messages';
import { ImportSuccess } from './import-success';
import { ScanActionBar } from './scan-action-bar';
import { useImportScan } from './use-import-scan';
import { currentScan, lastScannedWallets } from './scan-state';
import { SeedAccountsTable } from './seed-accounts-table';
import { accountCountFrom, type SeedPreview } from './seed-preview';
import { useImportSeed, usePreviewSeed } from './use-import-actions';

type Step =
  | { readonly name: 'input' }
  | { readonly name: 'review'; readonly preview: SeedPreview }
  | { readonly name: 'success'; readonly result: SeedImportResponse };

/**
 * Seed Phrase tab (spec 1 §2, §4, §5): phrase → preview of derived accounts (scan) → import into a
 * seed group. Derivation runs in the browser; the phrase and the derived keys live only in this
 * component's state, cleared after an import and gone when the tab unmounts.
 */
export function SeedPhraseTab({ onDone }: { readonly onDone: () => void }) {
  const [phrase, setPhrase] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [count, setCount] = useState(String(DEFAULT_ACCOUNT_COUNT));
  const [label, setLabel] = useState('');
  const [step, setStep] = useState<Step>({ name: 'input' });
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const previewSeed = usePreviewSeed();
  const { scan, run: runScan, reset: resetScan } = useImportScan();
  const importSeed = useImportSeed();

  const startOver = () => {
    setPhrase('');
    setPassphrase('');
    setCount(String(DEFAULT_ACCOUNT_COUNT));
    setLabel('');
    setStep({ name: 'input' });
    resetScan();
    setPreviewError(null);
    setImportError(null);
  };

  const onPreview = async () => {
    setPreviewError(null);
    try {
      const preview = await previewSeed.mutateAsync({ phrase, passphrase, count });
      setCount(String(preview.accounts.length));
      resetScan();
      setImportError(null);
      setStep({ name: 'review', preview });
    } catch (error) {
      setPreviewError(seedPreviewErrorMessage(error));
    } finally {
      previewSeed.reset();
    }
  };

  if (step.name === 'success') {
    const { result } = step;
    return (
      <ImportSuccess
        title="Seed imported"
        counts={[
          { label: 'Created', value: result.created },
          { label: 'Restored', value: result.restored },
          { label: 'Linked', value: result.linked },
        ]}
        onDone={() => {
          startOver();
          onDone();
        }}
        onAgain={startOver}
        againLabel="Import another seed"
      />
    );
  }

  if (step.name === 'input') {
    return (
      <SeedInput
        phrase={phrase}
        onPhrase={setPhrase}
        passphrase={passphrase}
        onPassphrase={setPassphrase}
        count={count}
        onCount={setCount}
        label={label}
        onLabel={setLabel}
        onSubmit={() => void onPreview()}
        busy={previewSeed.isPending}
        error={previewError}
      />
    );
  }

  const { preview } = step;
  const addresses = preview.accounts.map((account) => account.address);

  const onImport = async () => {
    const applying = currentScan(scan, addresses);
    if (applying.status !== 'success') return;
    setImportError(null);
    try {
      const result = await importSeed.mutateAsync({ label, preview, scan: applying.preview });
      startOver();
      setStep({ name: 'success', result });
    } catch (error) {
      setImportError(importErrorMessage('seed-import', error));
    } finally {
      importSeed.reset();
    }
  };

  return (
    <section aria-labelledby="seed-review-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="seed-review-heading" className="text-lg font-bold tracking-wide">
          Derived accounts
        </h2>
        <p className="text-sm text-fg-muted">
          {preview.accounts.length} account(s)
          {label.trim() ? (
            <>
              {' '}
              · group <span className="keep-case">“{label.trim()}”</span>
            </>
          ) : null}
        </p>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          onClick={() => {
            resetScan();
            setStep({ name: 'input' });
          }}
        >
          Back to seed phrase
        </Button>
      </div>
      <SeedAccountsTable accounts={preview.accounts} scanned={lastScannedWallets(scan)} />
      <ScanActionBar
        addresses={addresses}
        scan={scan}
        onScan={() => void runScan(addresses)}
        onImport={() => void onImport()}
        importing={importSeed.isPending}
        importLabel={`Import ${addresses.length} account(s)`}
        importError={importError}
      />
    </section>
  );
}

function SeedInput({
  phrase,
  onPhrase,
  passphrase,
  onPassphrase,
  count,
  onCount,
  label,
  onLabel,
  onSubmit,
  busy,
  error,
}: {
  readonly phrase: string;
  readonly onPhrase: (value: string) => void;
  readonly passphrase: string;
  readonly onPassphrase: (value: string) => void;
  readonly count: string;
  readonly onCount: (value: string) => void;
  readonly label: string;
  readonly onLabel: (value: string) => void;
  readonly onSubmit: () => void;
  readonly busy: boolean;
  readonly error: string | null;
}) {
  const phraseId = useId();
  const [visible, setVisible] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="flex max-w-2xl flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between">
          <label htmlFor={phraseId} className="text-xs font-semibold tracking-wide text-fg-muted">
            Seed phrase
          </label>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setVisible((shown) => !shown)}
            aria-pressed={visible}
            aria-controls={phraseId}
          >
            {visible ? (
              <EyeOff className="size-3.5" aria-hidden />
            ) : (
              <Eye className="size-3.5" aria-hidden />
            )}
            {visible ? 'Hide' : 'Show'}
          </Button>
        </div>
        <textarea
          id={phraseId}
          value={phrase}
          onChange={(event) => onPhrase(event.target.value)}
          rows={3}
          spellCheck={false}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          className={cn(
            'rounded-md border border-border bg-surface-sunken p-3 font-mono text-sm text-fg focus:outline-2 focus:outline-accent',
            !visible && '[-webkit-text-security:disc]',
          )}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Input
          label="Accounts to derive"
          type="number"
          inputMode="numeric"
          min={MIN_ACCOUNT_COUNT}
          max={MAX_ACCOUNT_COUNT}
          step={1}
          value={count}
          onChange={(event) => onCount(event.target.value)}
          onBlur={() => onCount(String(accountCountFrom(count)))}
          hint={`${MIN_ACCOUNT_COUNT} to ${MAX_ACCOUNT_COUNT}`}
        />
        <Input
          label="Passphrase (optional)"
          type="password"
          autoComplete="off"
          value={passphrase}
          onChange={(event) => onPassphrase(event.target.value)}
        />
        <Input
          label="Seed group label (optional)"
          maxLength={64}
          value={label}
          onChange={(event) => onLabel(event.target.value)}
        />
      </div>
      <div>
        <Button type="submit" variant="primary" busy={busy}>
          Preview
        </Button>
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
    </form>
  );
}
