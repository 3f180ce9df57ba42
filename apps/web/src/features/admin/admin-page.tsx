import type { LicenseKey } from '@fleet/core';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { FullPageStatus } from '../../shell/full-page-status';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { AdminSignIn } from './admin-sign-in';
import { useAdminSession } from './admin-token-store';
import { ChangeKeyDialog } from './change-key-dialog';
import { CreateKeysForm } from './create-keys-form';
import { LicenseKeyTable } from './license-key-table';
import { adminErrorMessage } from './license-key-view';
import { useAdminSignOut, useRevokeLicenseKey } from './use-admin-actions';
import { useLicenseKeys } from './use-license-keys';

/** The admin key console (spec 1 §2): its own token gate, create, change, revoke, the key table. */
export function AdminPage() {
  const session = useAdminSession();
  if (!session.token) return <AdminSignIn notice={session.notice} />;
  return <AdminConsole />;
}

function AdminConsole() {
  const keys = useLicenseKeys();
  const signOut = useAdminSignOut();
  const [changing, setChanging] = useState<LicenseKey | null>(null);
  const [revoking, setRevoking] = useState<LicenseKey | null>(null);
  const revoke = useRevokeLicenseKey();

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-10 px-4 py-8">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-wider">Admin key console</h1>
        <Button variant="ghost" onClick={signOut}>
          <LogOut className="size-4" aria-hidden />
          Sign out
        </Button>
      </div>
      <CreateKeysForm />
      <section aria-labelledby="keys-heading" className="flex flex-col gap-4">
        <h2 id="keys-heading" className="text-lg font-bold tracking-wide">
          Licence keys
        </h2>
        {keys.isPending ? (
          <FullPageStatus title="Loading licence keys…" busy />
        ) : keys.isError ? (
          <Alert kind="error">{adminErrorMessage('list', keys.error)}</Alert>
        ) : (
          <LicenseKeyTable
            keys={keys.data}
            asOf={keys.dataUpdatedAt}
            onChange={setChanging}
            onRevoke={(key) => {
              revoke.reset();
              setRevoking(key);
            }}
          />
        )}
      </section>
      <ChangeKeyDialog licenseKey={changing} onClose={() => setChanging(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke key"
        description="A revoked key can no longer be activated, and its operators are signed out. This cannot be undone."
        confirmLabel="Revoke"
        busy={revoke.isPending}
        error={revoke.isError ? adminErrorMessage('revoke', revoke.error) : undefined}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.key, { onSuccess: () => setRevoking(null) });
        }}
      >
        {revoking ? <code className="font-mono text-sm break-all">{revoking.key}</code> : null}
      </ConfirmDialog>
    </div>
  );
}
