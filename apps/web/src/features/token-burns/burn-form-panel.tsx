import type { RentDestination } from '@fleet/core';
import { ChoiceGroup } from '../../ui/choice-group';
import { Input } from '../../ui/input';
import { RENT_DESTINATION_LABELS } from '../token-closes/close-plan-view';
import {
  thresholdError,
  type BurnForm,
  type BurnFormChange,
  type MintOption,
  type MintScope,
  type ThresholdKind,
} from './burn-form';

export interface BurnFormPanelProps {
  readonly form: BurnForm;
  readonly onChange: (change: BurnFormChange) => void;
  readonly mintOptions: readonly MintOption[];
  readonly unpricedOptions: readonly MintOption[];
  /** The valuation's assets are still being read. */
  readonly loadingMints: boolean;
}

/** What counts as dust, which mints, which unpriced mints count anyway, where the rent goes. */
export function BurnFormPanel({
  form,
  onChange,
  mintOptions,
  unpricedOptions,
  loadingMints,
}: BurnFormPanelProps) {
  const error = thresholdError(form);
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <div className="flex flex-col gap-3">
        <ChoiceGroup<ThresholdKind>
          label="Dust is a balance worth less than"
          value={form.thresholdKind}
          onChange={(kind) => onChange({ type: 'threshold-kind', kind })}
          options={[
            { value: 'usd', label: 'USD value' },
            { value: 'raw', label: 'Raw amount' },
          ]}
        />
        {form.thresholdKind === 'usd' ? (
          <Input
            label="Below (USD)"
            inputMode="decimal"
            autoComplete="off"
            value={form.belowUsd}
            error={error ?? undefined}
            hint="At the market's price when planned; unpriced tokens never count unless picked."
            onChange={(event) => onChange({ type: 'below-usd', typed: event.target.value })}
          />
        ) : (
          <Input
            label="Below (raw units)"
            inputMode="numeric"
            autoComplete="off"
            value={form.belowRaw}
            error={error ?? undefined}
            hint="In the mint's smallest units, whatever its decimals."
            onChange={(event) => onChange({ type: 'below-raw', typed: event.target.value })}
          />
        )}
        <ChoiceGroup<RentDestination>
          label="Rent goes to"
          value={form.rentDestination}
          onChange={(destination) => onChange({ type: 'rent-destination', destination })}
          options={[
            { value: 'master', label: RENT_DESTINATION_LABELS.master },
            { value: 'owner', label: RENT_DESTINATION_LABELS.owner },
          ]}
        />
      </div>
      <div className="flex flex-col gap-3">
        <ChoiceGroup<MintScope>
          label="Mints"
          value={form.mintScope}
          onChange={(scope) => onChange({ type: 'mint-scope', scope })}
          options={[
            { value: 'all', label: 'Every mint' },
            { value: 'chosen', label: 'Only these' },
          ]}
        />
        {form.mintScope === 'chosen' ? (
          <MintChecklist
            label="Mints to burn"
            options={mintOptions}
            empty={loadingMints ? 'Reading the fleet’s tokens…' : 'The fleet holds no token.'}
            onToggle={(mint) => onChange({ type: 'toggle-mint', mint })}
          />
        ) : null}
        <MintChecklist
          label="Unpriced tokens to burn as dust"
          options={unpricedOptions}
          empty={
            loadingMints ? 'Reading the market’s prices…' : 'Every token the fleet holds is priced.'
          }
          onToggle={(mint) => onChange({ type: 'toggle-unpriced', mint })}
        />
      </div>
    </div>
  );
}

function MintChecklist({
  label,
  options,
  empty,
  onToggle,
}: {
  readonly label: string;
  readonly options: readonly MintOption[];
  readonly empty: string;
  readonly onToggle: (mint: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-xs font-semibold tracking-wide text-fg-muted">{label}</legend>
      {options.length === 0 ? (
        <p className="text-xs text-fg-muted">{empty}</p>
      ) : (
        <ul className="max-h-32 overflow-auto rounded-md border border-border bg-surface-sunken p-1">
          {options.map((option) => (
            <li key={option.mint}>
              <label
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-surface-raised"
                title={option.mint}
              >
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--accent)]"
                  checked={option.checked}
                  onChange={() => onToggle(option.mint)}
                  aria-label={`${option.label} (${option.mint})`}
                />
                {/* Base58 mints are case-sensitive: never upper-cased with the rest of the dialog. */}
                <span className="font-semibold keep-case">{option.label}</span>
                <span className="ml-auto text-xs text-fg-muted">{option.detail}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
