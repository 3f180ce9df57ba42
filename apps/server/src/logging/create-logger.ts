import { redactSecretText, redactSecrets } from '@fleet/core';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * Structured JSON logs. Two walls keep secrets out: pino's path redaction for the request headers
 * that carry credentials, and a deep pass over every logged object and message that removes
 * anything named like a key, secret, password or token, and anything shaped like a secret key.
 */
interface SerializableRequest {
  readonly method?: string;
  readonly url?: string;
  readonly ip?: string;
  readonly socket?: { readonly remoteAddress?: string };
}

interface SerializableReply {
  readonly statusCode?: number;
}

export function loggerOptions(level: LoggerOptions['level']): LoggerOptions {
  return {
    level: level ?? 'info',
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-admin-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    // pino runs `formatters.log` before the serializers, so the request and reply objects are left
    // to their serializers below, which redact what they produce.
    formatters: {
      log: ({ req, res, ...rest }) => {
        const redacted = redactSecrets(rest) as Record<string, unknown>;
        if (req !== undefined) redacted.req = req;
        if (res !== undefined) redacted.res = res;
        return redacted;
      },
    },
    serializers: {
      req: (request: SerializableRequest) =>
        redactSecrets({
          method: request.method,
          url: request.url,
          remoteAddress: request.ip ?? request.socket?.remoteAddress,
        }),
      res: (reply: SerializableReply) => ({ statusCode: reply.statusCode }),
    },
    hooks: {
      logMethod(args, method) {
        const cleaned = args.map((arg: unknown) =>
          typeof arg === 'string' ? redactSecretText(arg) : arg,
        );
        method.apply(this, cleaned as Parameters<typeof method>);
      },
    },
  };
}

export function createLogger(
  level: LoggerOptions['level'],
  destination?: DestinationStream,
): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
