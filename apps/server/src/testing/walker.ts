import { createMarket, type Market } from '@fleet/market';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { noMarketFetch } from '../market/market-fetch';
import { TEST_ADMIN_TOKEN, createOperator, type Operator, type TestApp } from './test-app';

/** The client address the bad-input tests send from (TEST-NET-2). */
export const WALKER_ADDRESS = '198.51.100.7';

/**
 * A signed-in client of the bad-input tests: every request carries its session and the admin
 * token, so that bad input reaches the handlers behind both gates.
 */
export interface Walker {
  readonly send: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** A new operator's session (logging out or changing the password ends the last one). */
  readonly signIn: () => Promise<void>;
}

export function createWalker(harness: () => TestApp): Walker {
  let operator: Operator | undefined;
  let operators = 0;
  return {
    send: (options) =>
      harness().app.inject({
        remoteAddress: WALKER_ADDRESS,
        ...options,
        cookies: { fleet_session: operator?.cookie ?? '' },
        headers: { 'x-admin-token': TEST_ADMIN_TOKEN, ...options.headers },
      }),
    signIn: async () => {
      operators += 1;
      operator = await createOperator(harness().app, `walker-${operators}@example.com`);
    },
  };
}

const UNLIMITED = { requests: 1_000_000, perMs: 1_000 };

/**
 * No market, as in any test app (every provider call fails at once, prices read unavailable), but
 * without the public providers' budgets: the walk asks for prices thousands of times, and 30 calls
 * a minute made most of its wall time sleeping until a provider's window had room again.
 */
export function walkerMarket(): Market {
  return createMarket({
    fetch: noMarketFetch,
    jupiter: { limit: UNLIMITED },
    dexscreener: { pairsLimit: UNLIMITED, otherLimit: UNLIMITED },
    geckoterminal: { limit: UNLIMITED },
    moralis: { limit: UNLIMITED },
  });
}
