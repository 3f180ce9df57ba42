// Endpoints sometimes answer 200 with garbage: an HTML error page, a truncated body, a result of
// the wrong shape. kit trusts the transport's answer, so the pool checks the envelope of every
// answer and the shape of the results Fleet counts money from; a bad answer counts against the
// endpoint and the read fails over, instead of reaching a caller as a wrong balance.

export type AnswerVerdict =
  | { readonly kind: 'good' }
  /** A JSON-RPC error that another endpoint (or a later attempt) may not have. */
  | { readonly kind: 'transient-error'; readonly reason: string }
  /** A JSON-RPC error about the request itself: passed to kit, which throws a SolanaError. */
  | { readonly kind: 'final-error' }
  | { readonly kind: 'garbage'; readonly reason: string };

// Internal error, node behind or unhealthy, slot not reached, and providers' in-body rate limits.
const TRANSIENT_CODES = new Set([-32603, -32005, -32004, -32014, -32016, 429, -32429]);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isU64 = (value: unknown): boolean =>
  typeof value === 'bigint' && value >= 0n && value < 1n << 64n;

function isAccount(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (!isU64(value.lamports) || typeof value.owner !== 'string') return false;
  const data = value.data;
  return (
    typeof data === 'string' ||
    isObject(data) ||
    (Array.isArray(data) && data.length === 2 && typeof data[0] === 'string')
  );
}

function checkResult(method: string, params: unknown, result: unknown): string | null {
  switch (method) {
    case 'getBalance':
      return isObject(result) && isU64(result.value) ? null : 'balance is not a u64';
    case 'getAccountInfo':
      return isObject(result) && (result.value === null || isAccount(result.value))
        ? null
        : 'account has the wrong shape';
    case 'getMultipleAccounts': {
      const asked = Array.isArray(params) && Array.isArray(params[0]) ? params[0].length : -1;
      if (!isObject(result) || !Array.isArray(result.value)) return 'value is not a list';
      if (result.value.length !== asked)
        return `asked for ${asked} accounts, got ${result.value.length}`;
      return result.value.every((a) => a === null || isAccount(a))
        ? null
        : 'an account has the wrong shape';
    }
    case 'getTokenAccountsByOwner':
    case 'getTokenAccountsByDelegate':
    case 'getProgramAccounts': {
      const list = isObject(result) && Array.isArray(result.value) ? result.value : result;
      if (!Array.isArray(list)) return 'value is not a list';
      return list.every(
        (item) => isObject(item) && typeof item.pubkey === 'string' && isAccount(item.account),
      )
        ? null
        : 'an account has the wrong shape';
    }
    case 'getAssetBatch': {
      const ids = isObject(params) ? params.ids : undefined;
      if (!Array.isArray(result)) return 'assets are not a list';
      if (Array.isArray(ids) && result.length !== ids.length)
        return `asked for ${ids.length} assets, got ${result.length}`;
      return result.every((item) => item === null || isObject(item))
        ? null
        : 'an asset is not an object';
    }
    default:
      return null;
  }
}

export function checkAnswer(
  payload: { method: string; params: unknown },
  body: unknown,
): AnswerVerdict {
  if (!isObject(body)) return { kind: 'garbage', reason: 'answer is not a JSON-RPC object' };
  if ('error' in body && body.error !== undefined && body.error !== null) {
    const error = body.error;
    if (!isObject(error) || (typeof error.code !== 'bigint' && typeof error.code !== 'number'))
      return { kind: 'garbage', reason: 'malformed JSON-RPC error' };
    const code = Number(error.code);
    const message = typeof error.message === 'string' ? error.message : '';
    return TRANSIENT_CODES.has(code)
      ? {
          kind: 'transient-error',
          reason: `JSON-RPC error ${code}${message ? `: ${message}` : ''}`,
        }
      : { kind: 'final-error' };
  }
  if (!('result' in body))
    return { kind: 'garbage', reason: 'answer has neither result nor error' };
  const problem = checkResult(payload.method, payload.params, body.result);
  return problem === null
    ? { kind: 'good' }
    : { kind: 'garbage', reason: `bad ${payload.method} answer: ${problem}` };
}
