/** A server's Retry-After is never believed beyond this: a typo must not park a client for a day. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Retry-After is seconds or an HTTP date (RFC 9110); anything else is ignored (null). */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(MAX_RETRY_AFTER_MS, Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - now));
}
