import {
  createLicenseKeysRequestSchema,
  LICENSE_TIERS,
  UNLIMITED_USES,
  type LicenseKey,
} from '@fleet/core';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from '../../api/field-errors';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { CopyButton } from '../../ui/copy-button';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { adminErrorMessage } from './license-key-view';
import { useCreateLicenseKeys } from './use-admin-actions';

interface CreateForm {
  durationDays: string;
  tier: string;
  batch: string;
  maxUses: string;
  unlimited: boolean;
  name: string;
}

const INITIAL: CreateForm = {
  durationDays: '30',
  tier: 'basic',
  batch: '1',
  maxUses: '1',
  unlimited: false,
  name: '',
};

export const TIER_OPTIONS = LICENSE_TIERS.map((tier) => ({ value: tier, label: tier }));

/** Spec 1 §5 Admin: duration in days, tier, batch size, max activations (unlimited = 999999). */
export function CreateKeysForm() {
  const [form, setForm] = useState<CreateForm>(INITIAL);
  const [errors, setErrors] = useState<
    FieldErrors<z.output<typeof createLicenseKeysRequestSchema>>
  >({});
  const [created, setCreated] = useState<LicenseKey[]>([]);
  const create = useCreateLicenseKeys();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createLicenseKeysRequestSchema.safeParse({
      durationDays: form.durationDays,
      tier: form.tier,
      batch: form.batch,
      maxUses: form.unlimited ? UNLIMITED_USES : form.maxUses,
      name: form.name,
    });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    create.mutate(parsed.data, { onSuccess: (keys) => setCreated(keys) });
  };

  return (
    <section aria-labelledby="create-keys-heading" className="flex flex-col gap-4">
      <h2 id="create-keys-heading" className="text-lg font-bold tracking-wide">
        Create keys
      </h2>
      <form
        noValidate
        onSubmit={submit}
        aria-label="Create keys"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <Input
          label="Duration (days)"
          inputMode="numeric"
          name="durationDays"
          value={form.durationDays}
          error={errors.durationDays}
          onChange={(event) => setForm({ ...form, durationDays: event.target.value })}
        />
        <Select
          label="Tier"
          name="tier"
          options={TIER_OPTIONS}
          value={form.tier}
          error={errors.tier}
          onChange={(event) => setForm({ ...form, tier: event.target.value })}
        />
        <Input
          label="Batch size"
          inputMode="numeric"
          name="batch"
          value={form.batch}
          error={errors.batch}
          onChange={(event) => setForm({ ...form, batch: event.target.value })}
        />
        <div className="flex flex-col gap-2">
          <Input
            label="Max activations"
            inputMode="numeric"
            name="maxUses"
            value={form.unlimited ? 'Unlimited' : form.maxUses}
            disabled={form.unlimited}
            error={errors.maxUses}
            onChange={(event) => setForm({ ...form, maxUses: event.target.value })}
          />
          <Checkbox
            label="Unlimited"
            checked={form.unlimited}
            onChange={(event) => setForm({ ...form, unlimited: event.target.checked })}
          />
        </div>
        <Input
          label="Name (optional)"
          name="name"
          value={form.name}
          error={errors.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
        <div className="flex items-end">
          <Button type="submit" variant="primary" busy={create.isPending} className="w-full">
            Create keys
          </Button>
        </div>
      </form>
      {create.isError ? (
        <Alert kind="error">{adminErrorMessage('create', create.error)}</Alert>
      ) : null}
      {created.length > 0 ? <CreatedKeys keys={created} /> : null}
    </section>
  );
}

function CreatedKeys({ keys }: { readonly keys: readonly LicenseKey[] }) {
  return (
    <div
      role="status"
      aria-label="Created keys"
      className="rounded-md border border-success/50 bg-success/10 p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-success">
          {keys.length === 1 ? 'Created 1 key' : `Created ${keys.length} keys`}
        </p>
        {keys.length > 1 ? (
          <CopyButton value={keys.map((entry) => entry.key).join('\n')} label="Copy all keys" />
        ) : null}
      </div>
      <ul className="mt-2 flex flex-col gap-1">
        {keys.map((entry) => (
          <li key={entry.key} className="flex items-center gap-2">
            <code className="font-mono text-sm break-all">{entry.key}</code>
            <CopyButton value={entry.key} label={`Copy key ${entry.key}`} />
          </li>
        ))}
      </ul>
    </div>
  );
}
