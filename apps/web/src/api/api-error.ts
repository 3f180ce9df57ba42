import { isFleetErrorCode, type FleetErrorCode } from '@fleet/core';

/**
 * A failed `/api` call. The message is the server's own sentence when it sent one (`{ error }`),
 * else the status code and body text, as spec 1 §8 asks.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's `error` sentence, when the body was Fleet's error JSON. */
  readonly serverMessage: string | undefined;
  /**
   * The server's domain code, to branch on instead of the sentence; undefined when the answer was
   * not Fleet's error JSON or names a code this build does not know (a proxy's page, a newer server).
   */
  readonly code: FleetErrorCode | undefined;
  /** The HTTP reason phrase (`Bad Request`); empty when the protocol sent none (HTTP/2). */
  readonly statusText: string;
  /** The answer's body as sent, for a refusal that carries more than its sentence (a job to join). */
  readonly bodyText: string;

  constructor(status: number, bodyText: string, statusText = '') {
    const parsed = parseErrorBody(bodyText);
    super(parsed?.error ?? `HTTP ${status}${bodyText ? `: ${bodyText.slice(0, 500)}` : ''}`);
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.serverMessage = parsed?.error;
    this.code = parsed?.code;
  }
}

/** The request never got an answer (offline, server down, CORS, aborted). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

function parseErrorBody(
  text: string,
): { error: string; code: FleetErrorCode | undefined } | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (
      body &&
      typeof body === 'object' &&
      'error' in body &&
      typeof body.error === 'string' &&
      body.error
    ) {
      const code = 'code' in body && isFleetErrorCode(body.code) ? body.code : undefined;
      return { error: body.error, code };
    }
  } catch {
    // Not JSON: the raw text is used instead.
  }
  return undefined;
}
