import { useState, type FormEvent } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { adminErrorMessage } from './license-key-view';
import { useAdminSignIn } from './use-admin-actions';

/** The console's own gate (spec 1 §2): an admin token, checked by listing the keys with it. */
export function AdminSignIn({ notice }: { readonly notice: string | null }) {
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string | undefined>();
  const signIn = useAdminSignIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = token.trim();
    setTokenError(trimmed ? undefined : 'Admin token is required');
    if (trimmed) signIn.mutate(trimmed);
  };

  const error = signIn.isError ? adminErrorMessage('login', signIn.error) : notice;
  return (
    <section className="mx-auto flex min-h-[60vh] w-full max-w-sm flex-col justify-center gap-6 px-6 py-12">
      <div>
        <h1 className="text-2xl font-bold tracking-wider">Admin key console</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Enter the admin token. It is kept in this tab only.
        </p>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Admin sign in">
        <Input
          label="Admin token"
          type="password"
          name="admin-token"
          autoComplete="off"
          value={token}
          error={tokenError}
          onChange={(event) => setToken(event.target.value)}
        />
        {error ? <Alert kind="error">{error}</Alert> : null}
        <Button type="submit" variant="primary" busy={signIn.isPending}>
          Sign in
        </Button>
      </form>
    </section>
  );
}
