import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { LANDING_SECTIONS } from '../../app/route-table';
import { LANDING_CONTENT } from './landing-content';

/** The public view for visitors without a session: what Fleet does, with a section per area. */
export function LandingPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash)
      document
        .getElementById(hash.slice(1))
        ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash]);

  return (
    <div className="mx-auto w-full max-w-5xl px-6">
      <section className="flex flex-col items-start gap-6 py-20">
        <p className="text-xs font-semibold tracking-[0.3em] text-accent">Solana fleet console</p>
        <h1 className="max-w-3xl text-4xl leading-tight font-bold tracking-wide">
          Run hundreds to tens of thousands of wallets from one console.
        </h1>
        <p className="max-w-2xl text-base text-fg-muted">
          Import keys and seed phrases, watch every balance, fund the fleet from a master wallet and
          sweep it back, reclaim rent, and trade one token from many wallets at once — under one
          licence.
        </p>
        <div className="flex gap-3">
          <Link
            to="/login"
            className="rounded-md bg-accent px-5 py-2.5 text-sm font-semibold text-accent-fg hover:brightness-110"
          >
            Sign in
          </Link>
          <Link
            to="/invite/request"
            className="rounded-md border border-border px-5 py-2.5 text-sm font-semibold hover:bg-surface-sunken"
          >
            Request an invite
          </Link>
        </div>
      </section>
      {LANDING_SECTIONS.map((section) => {
        const content = LANDING_CONTENT[section.id];
        return (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="scroll-mt-20 border-t border-border py-16"
          >
            <p className="text-xs font-semibold tracking-[0.3em] text-fg-muted">{section.label}</p>
            <h2 id={`${section.id}-heading`} className="mt-2 text-2xl font-bold tracking-wide">
              {content?.heading ?? section.label}
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {(content?.points ?? []).map((point) => (
                <li
                  key={point}
                  className="rounded-lg border border-border bg-surface-raised p-4 text-sm text-fg-muted"
                >
                  {point}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
