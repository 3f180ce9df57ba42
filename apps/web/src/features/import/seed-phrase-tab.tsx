import {
  DERIVATION_SCHEME_LABELS,
  DERIVATION_SCHEMES,
  isDerivationScheme,
  MAX_ACCOUNT_COUNT,
  MIN_ACCOUNT_COUNT,
  nextPageStart,
  previousPageStart,
} from '@fleet/core';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import type { SeedImportResponse } from './import-api';
import { importErrorMessage, seedPreviewErrorMessage } from './import-messages';
import { ImportSuccess } from './import-success';
import { ScanActionBar } from './scan-action-bar';
import { useImportScan } from './use-import-scan';
import { currentScan, lastScannedWallets } from './scan-state';
import { SeedAccountsTable } from './seed-accounts-table';
import {
  chosenAccounts,
  DEFAULT_SEED_FIELDS,
  discoveryRangeOf,
  initialSelection,
  previewRangeOf,
  type SeedFields,
  type SeedPreview,
  type SeedRange,
} from './seed-preview';
import { useDiscoverSeed, useImportSeed, usePreviewSeed } from './use-import-actions';

const SCHEME_OPTIONS = DERIVATION_SCHEMES.map((scheme) => ({
  value: scheme,
  label: DERIVATION_SCHEME_LABELS[scheme],
}));

type Step =
  | { readonly name: 'input' }
  | { readonly name: 'review'; readonly preview: SeedPreview }
  | { readonly name: 'success'; readonly result: SeedImportResponse };

/**
 * Seed Phrase tab (spec 1 §2, §4, §5): phrase and scheme → a page of derived accounts, or a
 * discovery of the used ones → choose, scan → import into the seed group of that seed and scheme.
 * Derivation runs in the browser; the phrase and the derived keys live only in this component's
 * state, cleared after an import and gone when the tab unmounts.
 */
export function SeedPhraseTab({ onDone }: { readonly onDone: () => void }) {
  const [phrase, setPhrase] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [fields, setFields] = useState<SeedFields>(DEFAULT_SEED_FIELDS);
  const [label, setLabel] = useState('');
  const [step, setStep] = useState<Step>({ name: 'input' });
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const previewSeed = usePreviewSeed();
  const discoverSeed = useDiscoverSeed();
  const { scan, run: runScan, reset: resetScan } = useImportScan();
  const importSeed = useImportSeed();

  const startOver = () => {
    setPhrase('');
    setPassphrase('');
    setFields(DEFAULT_SEED_FIELDS);
    setLabel('');
    setStep({ name: 'input' });
    setSelection(new Set());
    resetScan();
    setPreviewError(null);
    setPageError(null);
    setImportError(null);
  };

  const review = (preview: SeedPreview) => {
    resetScan();
    setImportError(null);
    setPageError(null);
    setSelection(initialSelection(preview));
    setStep({ name: 'review', preview });
  };

  const derivePage = async (range: SeedRange): Promise<SeedPreview> => {
    try {
      return await previewSeed.mutateAsync({ secret: { phrase, passphrase }, range });
    } finally {
      previewSeed.reset();
    }
  };

  const onPreview = async () => {
    setPreviewError(null);
    const range = previewRangeOf(fields);
    if (!range.ok) {
      setPreviewError(range.message);
      return;
    }
    try {
      review(await derivePage(range.value));
    } catch (error) {
      setPreviewError(seedPreviewErrorMessage(error));
    }
  };

  const onDiscover = async () => {
    setPreviewError(null);
    const range = discoveryRangeOf(fields);
    if (!range.ok) {
      setPreviewError(range.message);
      return;
    }
    try {
      review(
        await discoverSeed.mutateAsync({ secret: { phrase, passphrase }, range: range.value }),
      );
    } catch (error) {
      setPreviewError(seedPreviewErrorMessage(error));
    } finally {
      discoverSeed.reset();
    }
  };

  const onPage = async (preview: SeedPreview, start: number) => {
    setPageError(null);
    try {
      const page = await derivePage({ scheme: preview.scheme, start, count: preview.count });
      setFields((current) => ({ ...current, start: String(start) }));
      review(page);
    } catch (error) {
      setPageError(seedPreviewErrorMessage(error));
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
        fields={fields}
        onFields={setFields}
        label={label}
        onLabel={setLabel}
        onSubmit={() => void onPreview()}
        onDiscover={() => void onDiscover()}
        previewing={previewSeed.isPending}
        discovering={discoverSeed.isPending}
        error={previewError}
      />
    );
  }

  const { preview } = step;
  const chosen = chosenAccounts(preview, selection);
  const addresses = chosen.map((account) => account.address);
  const previousStart = previousPageStart(preview.start, preview.count);
  const nextStart = nextPageStart(preview.start, preview.count);
  const paged = !preview.discovery && preview.scheme !== 'root';

  const onImport = async () => {
    const applying = currentScan(scan, addresses);
    if (applying.status !== 'success') return;
    setImportError(null);
    try {
      const result = await importSeed.mutateAsync({
        label,
        preview,
        accounts: chosen,
        scan: applying.preview,
      });
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
        <p className="text-sm text-fg-muted" data-testid="seed-review-summary">
          {preview.accounts.length} account(s) ·{' '}
          <span className="keep-case">{DERIVATION_SCHEME_LABELS[preview.scheme]}</span>
          {preview.scheme === 'root' ? null : <> · from #{preview.start}</>}
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
      {preview.discovery ? (
        <Alert kind="info">{discoverySummary(preview.discovery, preview.accounts.length)}</Alert>
      ) : null}
      {paged ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            size="sm"
            disabled={previousStart === null}
            busy={previewSeed.isPending}
            onClick={() => previousStart !== null && void onPage(preview, previousStart)}
          >
            Previous page
          </Button>
          <span className="text-sm text-fg-muted tabular-nums">
            Accounts {preview.start} to {preview.start + preview.count - 1}
          </span>
          <Button
            size="sm"
            disabled={nextStart === null}
            busy={previewSeed.isPending}
            onClick={() => nextStart !== null && void onPage(preview, nextStart)}
          >
            Next page
          </Button>
        </div>
      ) : null}
      {pageError ? <Alert kind="error">{pageError}</Alert> : null}
      <SeedAccountsTable
        accounts={preview.accounts}
        scanned={lastScannedWallets(scan)}
        selection={selection}
        used={preview.discovery?.used}
        onToggle={(address, checked) =>
          setSelection((current) => {
            const next = new Set(current);
            if (checked) next.add(address);
            else next.delete(address);
            return next;
          })
        }
        onToggleAll={(checked) =>
          setSelection(new Set(checked ? preview.accounts.map((account) => account.address) : []))
        }
      />
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

function discoverySummary(
  discovery: NonNullable<SeedPreview['discovery']>,
  derived: number,
): string {
  const stop =
    discovery.stoppedBy === 'empty-run'
      ? `stopped after ${discovery.stopAfterEmpty} empty account(s) in a row`
      : `stopped at ${MAX_ACCOUNT_COUNT} accounts`;
  return `Discovery found ${discovery.used.size} used account(s) in ${derived} derived; ${stop}. Used accounts are chosen; tick any others to import them too.`;
}

function SeedInput({
  phrase,
  onPhrase,
  passphrase,
  onPassphrase,
  fields,
  onFields,
  label,
  onLabel,
  onSubmit,
  onDiscover,
  previewing,
  discovering,
  error,
}: {
  readonly phrase: string;
  readonly onPhrase: (value: string) => void;
  readonly passphrase: string;
  readonly onPassphrase: (value: string) => void;
  readonly fields: SeedFields;
  readonly onFields: (value: SeedFields) => void;
  readonly label: string;
  readonly onLabel: (value: string) => void;
  readonly onSubmit: () => void;
  readonly onDiscover: () => void;
  readonly previewing: boolean;
  readonly discovering: boolean;
  readonly error: string | null;
}) {
  const phraseId = useId();
  const [visible, setVisible] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const single = fields.scheme === 'root';
  const set = (patch: Partial<SeedFields>) => onFields({ ...fields, ...patch });
  return (
    // noValidate: the browser's own range check would block the submit with a tooltip; the tab
    // says what is out of range in its own words instead.
    <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-4">
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
      <Select
        label="Derivation scheme"
        className="keep-case"
        options={SCHEME_OPTIONS}
        value={fields.scheme}
        onChange={(event) => {
          if (isDerivationScheme(event.target.value)) set({ scheme: event.target.value });
        }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Input
          label="Accounts to derive"
          type="number"
          inputMode="numeric"
          min={MIN_ACCOUNT_COUNT}
          max={MAX_ACCOUNT_COUNT}
          step={1}
          value={single ? '1' : fields.count}
          disabled={single}
          onChange={(event) => set({ count: event.target.value })}
          hint={
            single ? 'The root key is one account' : `${MIN_ACCOUNT_COUNT} to ${MAX_ACCOUNT_COUNT}`
          }
        />
        <Input
          label="Start index"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={single ? '0' : fields.start}
          disabled={single}
          onChange={(event) => set({ start: event.target.value })}
          hint="The first account to derive"
        />
        <Input
          label="Stop after empty accounts"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_ACCOUNT_COUNT}
          step={1}
          value={fields.stopAfterEmpty}
          disabled={single}
          onChange={(event) => set({ stopAfterEmpty: event.target.value })}
          hint={`Discover stops after this many unused accounts in a row (up to ${MAX_ACCOUNT_COUNT} accounts)`}
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
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="primary" busy={previewing} disabled={discovering}>
          Preview
        </Button>
        <Button onClick={onDiscover} busy={discovering} disabled={previewing || single}>
          Discover used accounts
        </Button>
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
    </form>
  );
}
