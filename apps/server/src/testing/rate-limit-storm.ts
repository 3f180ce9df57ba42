import type { FaultProfile } from '@fleet/localnet';
import type { SolTestBed } from './sol-test-bed';

// Issue 19's 429 storms (spec 3 §9's back-off against a provider's per-second limit), for the
// test beds of money operations: the endpoint named `storm` answers HTTP 429 with Retry-After
// above a low rate, alone or beside a calm one. The pool is not told the limit, so it meets the
// 429s, cools the endpoint down and learns a pace. What is judged is counted in requests, from
// the endpoints' side and the pool's, never in time.

export const STORMING = 'storm';

/**
 * The two storms: the only endpoint at a low rate, or one of two. Whether a storm happens must not
 * depend on the machine's speed. Alone, the endpoint allows 2 rps, under what a money operation
 * asks for even on a slow machine. Beside a calm one, the storming endpoint answers 100 ms sooner,
 * so the pool prefers it and meets its limit at the first two requests that overlap. With equal
 * latencies, one slow first answer could leave the storming endpoint all but unused, and so
 * never refusing.
 */
export const RATE_LIMIT_STORMS: readonly (readonly [
  string,
  Readonly<Record<string, FaultProfile>>,
])[] = [
  ['its only endpoint', { [STORMING]: { rps: 2 } }],
  ['one of two endpoints', { [STORMING]: { rps: 1 }, calm: { latencyMs: 100 } }],
];

/**
 * The rules of backing off the bed's storming endpoint broken, as sentences (none: it backed off).
 * The storm happened (the endpoint refused requests) and the pool saw each refusal and now paces
 * the endpoint at a rate learned from them; the endpoint refused fewer requests than the
 * endpoints answered in all (a client retrying at once is refused many times per answer); and
 * beside a calm endpoint, the pool turned to the calm one rather than waiting out the storm (the
 * calm one answered more requests than the storming one refused). The storming endpoint's own
 * share of the work is not judged: paced at its limit, it serves about one request a second, so
 * that share grows with the operation's length, which is the machine's speed.
 */
export function backOffBroken(
  bed: SolTestBed,
  /** The bed's endpoints, in the order its pool has them. */
  endpoints: Readonly<Record<string, FaultProfile>>,
): string[] {
  const names = Object.keys(endpoints);
  const counters = (name: string) => bed.localnet.admin.counters(name);
  const served = (name: string) => counters(name).httpRequests - counters(name).rateLimited;
  const refused = counters(STORMING).rateLimited;
  const seen = bed.pool.stats().details[names.indexOf(STORMING)];
  const answered = names.reduce((sum, name) => sum + served(name), 0);
  const broken: string[] = [];
  if (refused === 0) broken.push('the storming endpoint refused nothing: no storm');
  if (seen?.rateLimited !== refused) {
    broken.push(`the pool saw ${seen?.rateLimited} of the endpoint's ${refused} refusals`);
  }
  if ((seen?.pacedRps ?? null) === null)
    broken.push('the pool does not pace the storming endpoint');
  if (refused >= answered) broken.push(`${refused} requests refused for ${answered} answered`);
  const calm = names.filter((name) => name !== STORMING);
  const calmServed = calm.reduce((sum, name) => sum + served(name), 0);
  if (calm.length > 0 && calmServed <= refused) {
    broken.push(
      `the calm endpoints answered ${calmServed} while the storming one refused ${refused}`,
    );
  }
  return broken;
}
