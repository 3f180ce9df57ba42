import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { changeSession } from '../session/change-session';
import { activateAccount } from './activate-api';
import {
  activateErrorMessage,
  validateActivateForm,
  type ActivateForm,
  type ActivateFormErrors,
} from './activate-form';

/** `/invite/activate?token=…`: the page an invite e-mail opens. */
export function ActivatePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState<ActivateForm>({
    licenseKey: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<ActivateFormErrors>({});

  const activate = useMutation({
    mutationFn: activateAccount,
    onSuccess: (session) => {
      changeSession(queryClient, session);
      void navigate('/', { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateActivateForm(token, form);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) activate.mutate(result.request);
  };

  return (
    <section className="mx-auto flex min-h-[70vh] w-full max-w-sm flex-col justify-center gap-6 px-6 py-12">
      <div>
        <h1 className="text-2xl font-bold tracking-wider">Activate your account</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Enter your licence key and choose a password (8 to 128 characters).
        </p>
      </div>
      {token ? null : (
        <Alert kind="error">
          This activation link has no invite token. Open the link from your invite e-mail, or
          request a new invite.
        </Alert>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Activate">
        <Input
          label="Licence key"
          name="licenseKey"
          autoComplete="off"
          value={form.licenseKey}
          error={errors.licenseKey}
          onChange={(event) => setForm({ ...form, licenseKey: event.target.value })}
        />
        <Input
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          error={errors.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
        <Input
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => setForm({ ...form, confirmPassword: event.target.value })}
        />
        {errors.token && token ? <Alert kind="error">{errors.token}</Alert> : null}
        {activate.isError ? (
          <Alert kind="error">{activateErrorMessage(activate.error)}</Alert>
        ) : null}
        <Button type="submit" variant="primary" busy={activate.isPending} disabled={!token}>
          Activate
        </Button>
      </form>
      <p className="text-sm text-fg-muted">
        Already activated?{' '}
        <Link to="/login" className="font-semibold text-accent hover:underline">
          Sign in
        </Link>
        {' · '}
        <Link to="/invite/request" className="font-semibold text-accent hover:underline">
          Request an invite
        </Link>
      </p>
    </section>
  );
}
