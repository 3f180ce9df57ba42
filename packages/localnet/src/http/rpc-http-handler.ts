// One HTTP request on one endpoint: fault admission, the JSON-RPC envelope, dispatch, lost
// acknowledgements, and the injected latency on the way out. Calls are executed as soon as they
// arrive and only the answer is delayed or lost, so a client that times out or gets an error may
// still have landed its transaction — as on mainnet.

import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Endpoint } from '../faults/endpoint.js';
import type { LostAckKind } from '../faults/fault-profile.js';
import {
  errorResponse,
  invoke,
  parseEntry,
  type JsonRpcCall,
  type JsonRpcResponse,
} from '../rpc/json-rpc.js';
import { stringifyJson } from '../rpc/json-text.js';
import type { RpcContext } from '../rpc/rpc-context.js';
import { RpcError, internalError, invalidRequest, parseError } from '../rpc/rpc-error.js';
import { BodyTooLargeError, readBody } from './read-body.js';

export interface RpcHttpHandlerOptions {
  readonly maxBodyBytes: number;
  readonly contextFor: (endpoint: Endpoint) => RpcContext;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

function send(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = JSON_HEADERS,
): void {
  if (res.destroyed) return;
  res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function sendHttpError(res: ServerResponse, kind: 'http-500' | 'http-503'): void {
  if (kind === 'http-500')
    send(res, 500, 'Internal Server Error', { 'content-type': 'text/plain' });
  else send(res, 503, 'Service Unavailable', { 'content-type': 'text/plain' });
}

/** A sendTransaction answered with a signature that the chain's history holds. */
function landedSend(call: JsonRpcCall, reply: JsonRpcResponse, ctx: RpcContext): boolean {
  return (
    call.method === 'sendTransaction' &&
    typeof reply.result === 'string' &&
    ctx.chain.index.get(reply.result) !== undefined
  );
}

function later(delayMs: number, action: () => void): void {
  if (delayMs <= 0) action();
  else setTimeout(action, delayMs);
}

export async function handleRpcRequest(
  req: IncomingMessage,
  res: ServerResponse,
  endpoint: Endpoint,
  options: RpcHttpHandlerOptions,
): Promise<void> {
  let body: Buffer;
  try {
    body = await readBody(req, options.maxBodyBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      send(res, 413, 'Payload Too Large', { 'content-type': 'text/plain', connection: 'close' });
      return;
    }
    throw error;
  }

  let payload: unknown;
  try {
    payload = JSON.parse(body.toString('utf8'));
  } catch (_error) {
    send(res, 200, stringifyJson(errorResponse(parseError(), null)));
    return;
  }

  const isBatch = Array.isArray(payload);
  const entries = isBatch ? (payload as unknown[]) : [payload];
  if (isBatch && entries.length === 0) {
    send(res, 200, stringifyJson(errorResponse(invalidRequest(), null)));
    return;
  }
  if (isBatch && endpoint.profile.allowBatch === false) {
    send(
      res,
      403,
      stringifyJson(
        errorResponse(
          new RpcError(-32600, 'Batch requests are not allowed on this endpoint'),
          null,
        ),
      ),
    );
    return;
  }
  const parsed = entries.map(parseEntry);
  const methods = parsed.map((p) => (p.ok ? p.call.method : '(invalid)'));

  const admission = endpoint.admit(methods, Date.now());
  switch (admission.kind) {
    case 'rate-limited': {
      const error = new RpcError(429, 'Too many requests for a specific RPC call');
      send(res, 429, stringifyJson(errorResponse(error, null)), {
        ...JSON_HEADERS,
        'retry-after': String(admission.retryAfterSeconds),
      });
      return;
    }
    case 'error':
      later(admission.delayMs, () => {
        switch (admission.errorKind) {
          case 'http-500':
          case 'http-503':
            sendHttpError(res, admission.errorKind);
            return;
          case 'json-rpc': {
            const replies = parsed.map((p) =>
              errorResponse(internalError(), p.ok ? p.call.id : p.id),
            );
            send(res, 200, stringifyJson(isBatch ? replies : replies[0]));
            return;
          }
        }
      });
      return;
    case 'serve': {
      const ctx = options.contextFor(endpoint);
      const replies: JsonRpcResponse[] = [];
      let rpcErrors = 0;
      // The first send whose acknowledgement is lost decides how the whole answer fails.
      let lostAck: LostAckKind | null = null;
      for (const entry of parsed) {
        if (!entry.ok) {
          replies.push(errorResponse(entry.error, entry.id));
          rpcErrors++;
          continue;
        }
        if (entry.call.notification) {
          invoke(entry.call, ctx);
          continue;
        }
        let reply = invoke(entry.call, ctx);
        if (reply.error !== undefined) rpcErrors++;
        // Drawn only for sends the chain holds now (landed, or landed before): the point of the
        // fault is a transaction that is on chain while its sender believes it failed.
        const loss = landedSend(entry.call, reply, ctx) ? endpoint.loseAck() : null;
        if (loss !== null) {
          lostAck ??= loss;
          if (loss === 'json-rpc') reply = errorResponse(internalError(), entry.call.id);
        }
        replies.push(reply);
      }
      endpoint.recordRpcErrors(rpcErrors);
      const text = isBatch
        ? stringifyJson(replies)
        : replies[0] === undefined
          ? ''
          : stringifyJson(replies[0]);
      later(admission.delayMs, () => {
        switch (lostAck) {
          case null:
          case 'json-rpc':
            send(res, 200, text);
            return;
          case 'http-500':
          case 'http-503':
            sendHttpError(res, lostAck);
            return;
          case 'reset':
            // As a provider's proxy that gives up: the connection closes with no answer at all.
            res.socket?.destroy();
            return;
        }
      });
      return;
    }
  }
}
