// JSON-RPC errors with the codes and messages Agave's RPC uses (jsonrpc-core's standard codes
// plus `RpcCustomError`), so clients that branch on them behave as they would on mainnet.

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }

  toJson(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

export const parseError = (): RpcError => new RpcError(-32700, 'Parse error');
export const invalidRequest = (message = 'Invalid request'): RpcError =>
  new RpcError(-32600, message);
export const methodNotFound = (): RpcError => new RpcError(-32601, 'Method not found');
export const invalidParams = (message: string): RpcError => new RpcError(-32602, message);
export const internalError = (message = 'Internal error'): RpcError =>
  new RpcError(-32603, message);

/** `Invalid param: WrongSize` / `Invalid param: Invalid`, as Agave's `verify_pubkey` words it. */
export const invalidParam = (detail: string): RpcError => invalidParams(`Invalid param: ${detail}`);

export const preflightFailure = (message: string, data: unknown): RpcError =>
  new RpcError(-32002, message, data);
export const signatureVerificationFailure = (): RpcError =>
  new RpcError(-32003, 'Transaction signature verification failure');
export const nodeBehind = (slots: bigint): RpcError =>
  new RpcError(-32005, `Node is behind by ${slots} slots`, { numSlotsBehind: slots });
export const unsupportedTransactionVersion = (version: number): RpcError =>
  new RpcError(
    -32015,
    `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
  );
export const minContextSlotNotReached = (contextSlot: bigint): RpcError =>
  new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot });
