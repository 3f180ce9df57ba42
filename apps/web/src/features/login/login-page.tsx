import { loginRequestSchema, sessionResponseSchema, type LoginRequest } from '@fleet/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { apiRequest } from '../../api/http';
import { FullPageStatus } from '../../shell/full-page-status';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { changeSession } from '../session/change-session';
import { useSession } from '../session/use-session';
import { loginErrorMessage } from './login-messages';
import { fieldErrors, type FieldErrors } from '../../api/field-errors';

export function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const from = readFrom(location.state);
  if (session.isPending) return <FullPageStatus title="Checking your session…" busy />;
  // Spec 1 §2 Login: an existing session goes straight on.
  if (session.data) return <Navigate to={from ?? '/'} replace />;
  return <LoginForm redirectTo={from ?? '/'} />;
}

function LoginForm({ redirectTo }: { readonly redirectTo: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState<LoginRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginRequest>>({});

  const login = useMutation({
    mutationFn: (request: LoginRequest) =>
      apiRequest('/api/auth/login', {
        method: 'POST',
        body: request,
        schema: sessionResponseSchema,
      }),
    onSuccess: (session) => {
      changeSession(queryClient, session);
      void navigate(redirectTo, { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse(form);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) login.mutate(parsed.data);
  };

  return (
    <section className="mx-auto flex min-h-[70vh] w-full max-w-sm flex-col justify-center gap-6 px-6 py-12">
      <div>
        <h1 className="text-2xl font-bold tracking-wider">Sign in</h1>
        <p className="mt-1 text-sm text-fg-muted">Use the account linked to your licence key.</p>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Sign in">
        <Input
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={form.email}
          error={errors.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
        />
        <Input
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={form.password}
          error={errors.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
        {login.isError ? (
          <p
            role="alert"
            className="rounded-md border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-danger"
          >
            {loginErrorMessage(login.error)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" busy={login.isPending}>
          Sign in
        </Button>
      </form>
      <p className="text-sm text-fg-muted">
        No account yet?{' '}
        <Link to="/invite/request" className="font-semibold text-accent hover:underline">
          Request an invite
        </Link>
      </p>
      <p className="text-xs text-fg-muted">Trouble signing in? Contact your Fleet administrator.</p>
    </section>
  );
}

function readFrom(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string') {
    // Only same-app paths: never an open redirect.
    return state.from.startsWith('/') && !state.from.startsWith('//') ? state.from : undefined;
  }
  return undefined;
}
