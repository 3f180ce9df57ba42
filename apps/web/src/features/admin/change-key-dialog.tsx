import { UNLIMITED_USES, upgradeLicenseKeyRequestSchema, type LicenseKey } from '@fleet/core';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Dialog } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { TIER_OPTIONS } from './create-keys-form';
import { adminErrorMessage, maxUsesLabel } from './license-key-view';
import { useUpgradeLicenseKey } from './use-admin-actions';

/** Upgrade or downgrade one key: a new tier, new maximum uses, or both (spec 1 §5 Admin). */
export function ChangeKeyDialog({
  licenseKey,
  onClose,
}: {
  readonly licenseKey: LicenseKey | null;
  readonly onClose: () => void;
}) {
  return (
    <Dialog
      open={licenseKey !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Upgrade or downgrade key"
      description={
        licenseKey
          ? `Now ${licenseKey.tier}, ${maxUsesLabel(licenseKey.max_uses)} maximum uses.`
          : undefined
      }
    >
      {licenseKey ? (
        <ChangeKeyForm key={licenseKey.key} licenseKey={licenseKey} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}

function ChangeKeyForm({
  licenseKey,
  onDone,
}: {
  readonly licenseKey: LicenseKey;
  readonly onDone: () => void;
}) {
  const [tier, setTier] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [unlimited, setUnlimited] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const upgrade = useUpgradeLicenseKey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = upgradeLicenseKeyRequestSchema.safeParse({
      key: licenseKey.key,
      newTier: tier || undefined,
      newMaxUses: unlimited ? UNLIMITED_USES : maxUses.trim() || undefined,
    });
    setFormError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) upgrade.mutate(parsed.data, { onSuccess: onDone });
  };

  const error = formError ?? (upgrade.isError ? adminErrorMessage('upgrade', upgrade.error) : null);
  return (
    <form noValidate onSubmit={submit} aria-label="Change key" className="flex flex-col gap-4">
      <code className="font-mono text-sm break-all">{licenseKey.key}</code>
      <Select
        label="New tier"
        options={[{ value: '', label: `Keep ${licenseKey.tier}` }, ...TIER_OPTIONS]}
        value={tier}
        onChange={(event) => {
          setTier(event.target.value);
          setFormError(undefined);
        }}
      />
      <div className="flex flex-col gap-2">
        <Input
          label="New maximum uses"
          inputMode="numeric"
          placeholder={`Keep ${maxUsesLabel(licenseKey.max_uses)}`}
          value={unlimited ? 'Unlimited' : maxUses}
          disabled={unlimited}
          onChange={(event) => {
            setMaxUses(event.target.value);
            setFormError(undefined);
          }}
        />
        <Checkbox
          label="Unlimited"
          checked={unlimited}
          onChange={(event) => {
            setUnlimited(event.target.checked);
            setFormError(undefined);
          }}
        />
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onDone} disabled={upgrade.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" busy={upgrade.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
