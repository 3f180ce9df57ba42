// What one PumpPortal client asked for, and whether an event reaches it. Kept apart from the
// socket so the routing is plain data: new tokens and migrations by flag, trades by mint
// (subscribeTokenTrade) or by trader (subscribeAccountTrade); a client gets each event once.

import type { MarketEvent } from '../../market-model.js';
import { isAddressText } from '../data-provider-handler.js';

export interface ClientSubscriptions {
  newToken: boolean;
  migration: boolean;
  readonly tokens: Set<string>;
  readonly accounts: Set<string>;
}

export function emptySubscriptions(): ClientSubscriptions {
  return { newToken: false, migration: false, tokens: new Set(), accounts: new Set() };
}

/** A bound on keys per client, so one socket cannot make every trade a scan. */
export const MAX_KEYS_PER_CLIENT = 10_000;

/** The reply to a client's message: PumpPortal's `{ message }` acknowledgement, or `{ errors }`. */
export type CommandReply = { readonly message: string } | { readonly errors: string };

function keysOf(payload: Record<string, unknown>): string[] | string {
  const { keys } = payload;
  if (!Array.isArray(keys) || keys.length === 0)
    return 'keys must be a non-empty array of addresses';
  const valid = keys.filter((key): key is string => typeof key === 'string' && isAddressText(key));
  return valid.length === keys.length ? valid : 'keys must be a non-empty array of addresses';
}

function applyKeys(
  target: Set<string>,
  payload: Record<string, unknown>,
  add: boolean,
): CommandReply {
  const keys = keysOf(payload);
  if (typeof keys === 'string') return { errors: keys };
  if (add) {
    if (target.size + keys.length > MAX_KEYS_PER_CLIENT)
      return { errors: `at most ${MAX_KEYS_PER_CLIENT} keys per connection` };
    for (const key of keys) target.add(key);
    return { message: 'Successfully subscribed to keys.' };
  }
  for (const key of keys) target.delete(key);
  return { message: 'Unsubscribed from keys.' };
}

/** Applies one client message (already JSON-parsed) and says what to answer. */
export function applyCommand(state: ClientSubscriptions, payload: unknown): CommandReply {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return { errors: 'Invalid message: expected a JSON object with a method' };
  const message = payload as Record<string, unknown>;
  switch (message['method']) {
    case 'subscribeNewToken':
      state.newToken = true;
      return { message: 'Successfully subscribed to token creation events.' };
    case 'unsubscribeNewToken':
      state.newToken = false;
      return { message: 'Unsubscribed from token creation events.' };
    case 'subscribeMigration':
      state.migration = true;
      return { message: "Subscribed to 'migration' events." };
    case 'unsubscribeMigration':
      state.migration = false;
      return { message: "Unsubscribed from 'migration' events." };
    case 'subscribeTokenTrade':
      return applyKeys(state.tokens, message, true);
    case 'unsubscribeTokenTrade':
      return applyKeys(state.tokens, message, false);
    case 'subscribeAccountTrade':
      return applyKeys(state.accounts, message, true);
    case 'unsubscribeAccountTrade':
      return applyKeys(state.accounts, message, false);
    default:
      return { errors: `Unknown method: ${String(message['method'])}` };
  }
}

export function wantsEvent(state: ClientSubscriptions, event: MarketEvent): boolean {
  switch (event.type) {
    case 'newToken':
      return state.newToken;
    case 'migration':
      return state.migration;
    case 'trade':
      return state.tokens.has(event.trade.mint) || state.accounts.has(event.trade.trader);
    default:
      return false;
  }
}
