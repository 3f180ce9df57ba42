// The JSON-RPC 2.0 envelope: single calls and batches, validated like jsonrpc-core (Agave's
// server library): a bad body is a parse error, a bad call an invalid request, an unknown method
// "Method not found". A handler's unexpected exception becomes an internal error, never a crash.

import { METHODS, NAMED_PARAM_METHODS } from './method-table.js';
import type { RpcContext } from './rpc-context.js';
import {
  RpcError,
  internalError,
  invalidParams,
  invalidRequest,
  methodNotFound,
} from './rpc-error.js';

export type JsonRpcId = string | number | null;

export interface JsonRpcCall {
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params: readonly unknown[];
  /** A call without an id is a notification and gets no reply. */
  readonly notification: boolean;
}

export type ParsedEntry =
  | { readonly ok: true; readonly call: JsonRpcCall }
  | { readonly ok: false; readonly error: RpcError; readonly id: JsonRpcId };

export function parseEntry(value: unknown): ParsedEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: invalidRequest(), id: null };
  }
  const entry = value as Record<string, unknown>;
  const rawId = entry['id'];
  const id: JsonRpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  if (rawId !== undefined && rawId !== null && id === null)
    return { ok: false, error: invalidRequest(), id: null };
  if (entry['jsonrpc'] !== '2.0' || typeof entry['method'] !== 'string') {
    return { ok: false, error: invalidRequest(), id };
  }
  const method = entry['method'];
  const rawParams = entry['params'];
  let params: readonly unknown[];
  if (rawParams === undefined || rawParams === null) params = [];
  else if (Array.isArray(rawParams)) params = rawParams;
  else if (typeof rawParams === 'object' && NAMED_PARAM_METHODS.has(method)) params = [rawParams];
  else if (typeof rawParams === 'object') {
    return {
      ok: false,
      error: invalidParams('Invalid params: invalid type: map, expected a tuple.'),
      id,
    };
  } else return { ok: false, error: invalidRequest(), id };
  return { ok: true, call: { id, method, params, notification: !('id' in entry) } };
}

export interface JsonRpcResponse {
  readonly jsonrpc: '2.0';
  readonly id: JsonRpcId;
  readonly result?: unknown;
  readonly error?: ReturnType<RpcError['toJson']>;
}

export function errorResponse(error: RpcError, id: JsonRpcId): JsonRpcResponse {
  return { jsonrpc: '2.0', error: error.toJson(), id };
}

export function invoke(call: JsonRpcCall, ctx: RpcContext): JsonRpcResponse {
  const handler = METHODS.get(call.method);
  if (handler === undefined) return errorResponse(methodNotFound(), call.id);
  try {
    return { jsonrpc: '2.0', result: handler(call.params, ctx), id: call.id };
  } catch (error) {
    if (error instanceof RpcError) return errorResponse(error, call.id);
    ctx.reportError(error);
    return errorResponse(internalError(), call.id);
  }
}
