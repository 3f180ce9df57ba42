import { formatSolExact, type MasterHoldingsResponse, parseLamports } from '@fleet/core';

export type MasterChange = 'replace' | 'clear';

/** "100 SOL and 2 tokens", "2 tokens", "1.5 SOL", or null when the master holds nothing. */
export function masterHoldingsText(holdings: MasterHoldingsResponse): string | null {
  const parts: string[] = [];
  const lamports = parseLamports(holdings.lamports) ?? 0n;
  if (lamports > 0n) parts.push(`${formatSolExact(lamports)} SOL`);
  const tokens = holdings.tokens.length;
  if (tokens > 0) parts.push(`${tokens} ${tokens === 1 ? 'token' : 'tokens'}`);
  return parts.length > 0 ? parts.join(' and ') : null;
}

/**
 * The warning before the master is replaced or cleared ("The current master wallet holds 100 SOL
 * and 2 tokens. Replacing it does not move these funds."), or null when it holds nothing.
 */
export function masterFundsWarning(
  holdings: MasterHoldingsResponse,
  change: MasterChange,
): string | null {
  const held = masterHoldingsText(holdings);
  if (held === null) return null;
  const verb = change === 'replace' ? 'Replacing' : 'Clearing';
  return `The current master wallet holds ${held}. ${verb} it does not move these funds.`;
}

/** Where the key goes: it is kept, sealed, and can be revealed again from the history. */
export const KEPT_IN_HISTORY =
  'Its private key stays in the master wallet history (Control Centre), where it can be revealed again.';
