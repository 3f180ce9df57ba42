// The PubSub side of the RPC (Agave's port-plus-one, here the same port): signatureSubscribe,
// accountSubscribe and slotSubscribe with their unsubscribes, fed by the chain's events.

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

import { WebSocketServer, type WebSocket } from 'ws';

import type { LocalChain } from '../chain/local-chain.js';
import { SYSTEM_PROGRAM } from '../chain/program-ids.js';
import type { TransactionRecord } from '../history/transaction-record.js';
import { encodeAccount, encodingParam, type EncodingOptions } from '../rpc/account-encoding.js';
import { errorResponse, type JsonRpcId } from '../rpc/json-rpc.js';
import { stringifyJson } from '../rpc/json-text.js';
import { API_VERSION } from '../rpc/rpc-context.js';
import {
  RpcError,
  internalError,
  invalidParams,
  invalidRequest,
  methodNotFound,
  parseError,
} from '../rpc/rpc-error.js';
import {
  checkCommitment,
  configParam,
  pubkeyParam,
  requireParam,
  signatureParam,
  usizeParam,
} from '../rpc/params.js';

interface Subscription {
  readonly id: number;
  readonly socket: WebSocket;
}

interface SignatureSubscription extends Subscription {
  /** `enableReceivedNotification`: also tell when the node received the transaction. */
  readonly received: boolean;
}

interface AccountSubscription extends Subscription {
  readonly options: EncodingOptions;
}

const UNSUBSCRIBE = {
  signatureUnsubscribe: 'signature',
  accountUnsubscribe: 'account',
  slotUnsubscribe: 'slot',
} as const;

export class SubscriptionServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private nextId = 1;
  private readonly endpointOf = new WeakMap<WebSocket, string>();
  private readonly bySignature = new Map<string, Map<number, SignatureSubscription>>();
  private readonly byAccount = new Map<string, Map<number, AccountSubscription>>();
  private readonly slotSubscriptions = new Map<number, Subscription>();
  /** Every live subscription id → how to remove it. */
  private readonly registry = new Map<
    number,
    { socket: WebSocket; kind: 'signature' | 'account' | 'slot'; remove: () => void }
  >();
  private readonly unsubscribeChain: (() => void)[];

  constructor(
    private readonly chain: LocalChain,
    private readonly onError: (error: unknown) => void,
  ) {
    this.unsubscribeChain = [
      chain.on('transaction', (record) => this.onTransaction(record)),
      chain.on('accounts', (addresses) => this.onAccounts(addresses)),
      chain.on('slot', (slot) => this.onSlot(slot)),
    ];
    this.wss.on('connection', (socket) => {
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        const text = Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : Buffer.from(data as ArrayBuffer).toString('utf8');
        this.onMessage(socket, text);
      });
      socket.on('close', () => this.dropSocket(socket));
      socket.on('error', () => this.dropSocket(socket));
    });
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, endpoint: string): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.endpointOf.set(ws, endpoint);
      this.wss.emit('connection', ws, req);
    });
  }

  /** Drops every connection made through `endpoint`, as an outage would. */
  terminateEndpoint(endpoint: string): void {
    for (const client of this.wss.clients) {
      if (this.endpointOf.get(client) === endpoint) client.terminate();
    }
  }

  async close(): Promise<void> {
    for (const stop of this.unsubscribeChain) stop();
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private onMessage(socket: WebSocket, text: string): void {
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (_error) {
      this.reply(socket, errorResponse(parseError(), null));
      return;
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      this.reply(socket, errorResponse(invalidRequest(), null));
      return;
    }
    const call = payload as Record<string, unknown>;
    const rawId = call['id'];
    const id: JsonRpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
    const method = call['method'];
    if (call['jsonrpc'] !== '2.0' || typeof method !== 'string') {
      this.reply(socket, errorResponse(invalidRequest(), id));
      return;
    }
    const params = Array.isArray(call['params']) ? (call['params'] as unknown[]) : [];
    try {
      const after = this.dispatch(socket, method, params);
      this.reply(socket, { jsonrpc: '2.0', result: after.result, id });
      after.then?.();
    } catch (error) {
      if (error instanceof RpcError) {
        this.reply(socket, errorResponse(error, id));
        return;
      }
      // A bug must not take the whole localnet down with it: report it, answer, keep serving.
      this.onError(error);
      this.reply(socket, errorResponse(internalError(), id));
    }
  }

  private dispatch(
    socket: WebSocket,
    method: string,
    params: readonly unknown[],
  ): { result: unknown; then?: () => void } {
    switch (method) {
      case 'signatureSubscribe': {
        const signature = signatureParam(requireParam(params, 0, 'tuple of 2 elements'));
        const config = configParam(params, 1);
        checkCommitment(config);
        const id = this.add('signature', socket, this.bySignature, signature, {
          id: this.nextId,
          socket,
          received: config['enableReceivedNotification'] === true,
        });
        const landed = this.chain.index.get(signature);
        // Already landed: notify right after the subscription id, as a fresh landing would.
        return { result: id, then: landed ? () => this.onTransaction(landed, true) : undefined };
      }
      case 'accountSubscribe': {
        const address = pubkeyParam(requireParam(params, 0, 'tuple of 2 elements'));
        const config = configParam(params, 1);
        checkCommitment(config);
        const options: EncodingOptions = {
          encoding: encodingParam(config, 'binary'),
          dataSlice: null,
          decimalsOf: (mint) => this.chain.mintDecimals(mint),
        };
        return {
          result: this.add('account', socket, this.byAccount, address, {
            id: this.nextId,
            socket,
            options,
          }),
        };
      }
      case 'slotSubscribe': {
        const id = this.nextId++;
        this.slotSubscriptions.set(id, { id, socket });
        this.registry.set(id, {
          socket,
          kind: 'slot',
          remove: () => this.slotSubscriptions.delete(id),
        });
        return { result: id };
      }
      case 'signatureUnsubscribe':
      case 'accountUnsubscribe':
      case 'slotUnsubscribe': {
        const id = usizeParam(requireParam(params, 0, 'tuple of 1 element'));
        const entry = this.registry.get(id);
        if (entry === undefined || entry.socket !== socket || entry.kind !== UNSUBSCRIBE[method]) {
          throw invalidParams('Invalid subscription id.');
        }
        entry.remove();
        this.registry.delete(id);
        return { result: true };
      }
      default:
        throw methodNotFound();
    }
  }

  private add<S extends Subscription>(
    kind: 'signature' | 'account',
    socket: WebSocket,
    map: Map<string, Map<number, S>>,
    key: string,
    subscription: S,
  ): number {
    const id = this.nextId++;
    let byId = map.get(key);
    if (byId === undefined) {
      byId = new Map();
      map.set(key, byId);
    }
    byId.set(id, subscription);
    this.registry.set(id, {
      socket,
      kind,
      remove: () => {
        byId.delete(id);
        if (byId.size === 0) map.delete(key);
      },
    });
    return id;
  }

  private reply(socket: WebSocket, message: unknown): void {
    if (socket.readyState === socket.OPEN) socket.send(stringifyJson(message));
  }

  private notify(socket: WebSocket, method: string, subscription: number, result: unknown): void {
    this.reply(socket, { jsonrpc: '2.0', method, params: { result, subscription } });
  }

  private context(): { slot: bigint; apiVersion: string } {
    return { slot: this.chain.slot, apiVersion: API_VERSION };
  }

  private onTransaction(record: TransactionRecord, landedBefore = false): void {
    const subscriptions = this.bySignature.get(record.signature);
    if (subscriptions === undefined) return;
    // Signature subscriptions are one-shot: notified once (after "received", when asked), then gone.
    for (const [id, { socket, received }] of subscriptions) {
      if (received && !landedBefore) {
        this.notify(socket, 'signatureNotification', id, {
          context: { slot: record.slot, apiVersion: API_VERSION },
          value: 'receivedSignature',
        });
      }
      this.notify(socket, 'signatureNotification', id, {
        context: { slot: record.slot, apiVersion: API_VERSION },
        value: { err: record.err },
      });
      this.registry.delete(id);
    }
    this.bySignature.delete(record.signature);
  }

  private onAccounts(addresses: readonly string[]): void {
    for (const address of addresses) {
      const subscriptions = this.byAccount.get(address);
      if (subscriptions === undefined) continue;
      const account = this.chain.getAccount(address) ?? {
        lamports: 0n,
        data: new Uint8Array(0),
        owner: SYSTEM_PROGRAM,
        executable: false,
        rentEpoch: 0n,
      };
      for (const [id, { socket, options }] of subscriptions) {
        let value: unknown;
        try {
          value = encodeAccount(account, options);
        } catch (error) {
          // base58 of a large account is refused; the subscriber gets the refusal, not silence.
          if (error instanceof RpcError) this.reply(socket, errorResponse(error, null));
          else throw error;
          continue;
        }
        this.notify(socket, 'accountNotification', id, { context: this.context(), value });
      }
    }
  }

  private onSlot(slot: bigint): void {
    for (const [id, { socket }] of this.slotSubscriptions) {
      this.notify(socket, 'slotNotification', id, { parent: slot - 1n, root: slot, slot });
    }
  }

  private dropSocket(socket: WebSocket): void {
    for (const [id, entry] of this.registry) {
      if (entry.socket === socket) {
        entry.remove();
        this.registry.delete(id);
      }
    }
  }
}
