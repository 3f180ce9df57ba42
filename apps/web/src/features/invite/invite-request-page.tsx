import { inviteRequestSchema, inviteResponseSchema } from '@fleet/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { apiCall } from '../../api/http';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/input';
import { inviteErrorOutcome, inviteSuccessOutcome, type InviteOutcome } from './invite-messages';

const formatDate = (iso: string) => `on ${new Date(iso).toLocaleString()}`;

export function InviteRequestPage() {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<InviteOutcome | undefined>();

  const request = useMutation({
    mutationFn: (body: { email: string }) =>
      apiCall('/api/auth/invite-request', { method: 'POST', body, schema: inviteResponseSchema }),
    onSuccess: ({ status, data }) => setOutcome(inviteSuccessOutcome(status, data, formatDate)),
    onError: (error) => setOutcome(inviteErrorOutcome(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    const parsed = inviteRequestSchema.safeParse({ email });
    setEmailError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) request.mutate({ email: parsed.data.email });
  };

  return (
    <section className="mx-auto flex min-h-[70vh] w-full max-w-sm flex-col justify-center gap-6 px-6 py-12">
      <div>
        <h1 className="text-2xl font-bold tracking-wider">Request an invite</h1>
        <p className="mt-1 text-sm text-fg-muted">
          We will e-mail you a link to activate your account.
        </p>
      </div>
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-4"
        aria-label="Request an invite"
      >
        <Input
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.target.value)}
        />
        {outcome ? (
          <p
            role={outcome.kind === 'error' ? 'alert' : 'status'}
            className={cn(
              'rounded-md border px-3 py-2 text-sm',
              outcome.kind === 'error'
                ? 'border-danger/50 bg-danger/10 text-danger'
                : 'border-success/50 bg-success/10 text-success',
            )}
          >
            {outcome.message}
          </p>
        ) : null}
        <Button type="submit" variant="primary" busy={request.isPending}>
          Request invite
        </Button>
      </form>
      <p className="text-sm text-fg-muted">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-accent hover:underline">
          Sign in
        </Link>
      </p>
    </section>
  );
}
