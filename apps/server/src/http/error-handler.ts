import { FleetError, isFleetError, toErrorBody } from '@fleet/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { databaseFailureOf, refusedValueError, withoutQueryParameters } from './database-errors';
import { httpStatusOf } from './error-status';

/**
 * Every failure leaves the server as `{ error, code }` with the status its code implies. Client
 * mistakes get a 4xx and a sentence; anything unexpected is logged (without a query's parameters)
 * and answered with a bland 500 so that no internals (or secrets) reach the browser.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { bodyLimitBytes: number },
): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    // A route may allow more than the app's default (the key paste does): name its own limit.
    const fleetError = toFleetError(
      error,
      request.routeOptions.bodyLimit ?? options.bodyLimitBytes,
    );
    const status = httpStatusOf(fleetError);
    if (status >= 500) {
      const database = databaseFailureOf(error);
      request.log.error(
        { err: withoutQueryParameters(error), ...(database ? { database } : {}) },
        'request failed',
      );
    } else if (isFleetError(fleetError, 'DATABASE__VALUE_REFUSED')) {
      // A value the input checks let through (see database-errors.ts): the database's message
      // may quote the value, so only where it was refused is logged.
      const database = databaseFailureOf(error);
      request.log.warn(
        {
          code: fleetError.code,
          status,
          sqlState: fleetError.context.sqlState,
          table: database?.table,
          column: database?.column,
          routine: database?.routine,
        },
        `database refused a value: ${fleetError.message}`,
      );
    } else {
      request.log.info({ code: fleetError.code, status }, fleetError.message);
    }
    return sendError(reply, fleetError);
  });
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? request.url;
  return sendError(
    reply,
    new FleetError('REQUEST__ROUTE_NOT_FOUND', { method: request.method, path }),
  );
}

export function sendError(reply: FastifyReply, error: FleetError): FastifyReply {
  const retryAfter = retryAfterSecondsOf(error);
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply
    .status(httpStatusOf(error))
    .type('application/json; charset=utf-8')
    .send(toErrorBody(error));
}

/**
 * A refusal that knows when to come back (a throttle lock, say) puts `retryAfterSeconds` in its
 * context; it leaves as the `Retry-After` header (RFC 9110: whole seconds), whatever raised it.
 */
function retryAfterSecondsOf(error: FleetError): number | undefined {
  const context: object = error.context;
  const seconds = 'retryAfterSeconds' in context ? context.retryAfterSeconds : undefined;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : undefined;
}

// Fastify's own errors for bad requests, by code, with words an operator can act on.
const FASTIFY_ERRORS: Readonly<Record<string, (limitBytes: number, cause: unknown) => FleetError>> =
  {
    FST_ERR_CTP_BODY_TOO_LARGE: (limitBytes, cause) =>
      new FleetError('REQUEST__PAYLOAD_TOO_LARGE', { limitBytes }, { cause }),
    FST_ERR_CTP_INVALID_MEDIA_TYPE: (_, cause) =>
      new FleetError('REQUEST__UNSUPPORTED_MEDIA_TYPE', {}, { cause }),
    FST_ERR_CTP_EMPTY_JSON_BODY: (_, cause) =>
      new FleetError('REQUEST__EMPTY_JSON_BODY', {}, { cause }),
    FST_ERR_CTP_INVALID_JSON_BODY: (_, cause) =>
      new FleetError('REQUEST__MALFORMED_JSON', {}, { cause }),
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: (_, cause) =>
      new FleetError('REQUEST__CONTENT_LENGTH_MISMATCH', {}, { cause }),
  };

export function toFleetError(error: unknown, bodyLimitBytes: number): FleetError {
  if (isFleetError(error)) return error;
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return new FleetError(
      'REQUEST__INVALID_INPUT',
      { message: `${where}${issue?.message ?? 'Invalid input'}` },
      { cause: error },
    );
  }
  if (isFastifyError(error)) {
    const known = FASTIFY_ERRORS[error.code];
    if (known) return known(bodyLimitBytes, error);
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return new FleetError('REQUEST__MALFORMED_JSON', {}, { cause: error });
    }
    const status = error.statusCode ?? 500;
    const { message } = error;
    if (status === 429)
      return new FleetError('REQUEST__RATE_LIMITED', { message }, { cause: error });
    if (status === 404) return new FleetError('REQUEST__NOT_FOUND', { message }, { cause: error });
    if (status >= 400 && status < 500)
      return new FleetError('REQUEST__REJECTED', { message }, { cause: error });
  }
  const database = databaseFailureOf(error);
  const refused = database && refusedValueError(database, error);
  if (refused) return refused;
  // Other libraries' HTTP errors (the static file server's, say) carry a status of their own.
  const status = statusOf(error);
  if (status === 403) return new FleetError('REQUEST__FORBIDDEN', {}, { cause: error });
  if (status === 404) {
    return new FleetError('REQUEST__NOT_FOUND', { message: 'Not found' }, { cause: error });
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return new FleetError('REQUEST__REJECTED', { message: 'Bad request' }, { cause: error });
  }
  return new FleetError('INTERNAL__UNEXPECTED', {}, { cause: error });
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate =
    (error as { statusCode?: unknown; status?: unknown }).statusCode ??
    (error as { status?: unknown }).status;
  return typeof candidate === 'number' ? candidate : undefined;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}
