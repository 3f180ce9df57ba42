// PumpPortal's data websocket over the sandbox market: one `ws` server (no HTTP server of its
// own) that takes upgrades for `/pumpportal/api/data`, keeps each client's subscriptions and
// streams the market's events to the clients that asked for them. One market subscription
// serves every client.

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

import { WebSocketServer, type RawData, type WebSocket } from 'ws';

import type { MarketEvent, MarketView } from '../../market-model.js';
import { pumpPortalMessage } from './pumpportal-messages.js';
import {
  applyCommand,
  emptySubscriptions,
  wantsEvent,
  type ClientSubscriptions,
} from './pumpportal-subscriptions.js';

export const PUMPPORTAL_PATH = '/pumpportal/api/data';

/** A client that lets this much pile up unread is cut off rather than buffered forever. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export interface PumpPortalOptions {
  /** The upgrade path served (default `/pumpportal/api/data`). */
  readonly path?: string;
  /** Where unexpected failures go (default: console.error). */
  readonly onError?: (error: unknown) => void;
}

export interface PumpPortalServer {
  /**
   * Takes the upgrade when its path is the stream's and returns true; returns false (leaving the
   * socket alone) for any other path, so a router can try its other handlers.
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Connected clients, for tests and counters. */
  clientCount(): number;
  close(): Promise<void>;
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

export function createPumpPortalServer(
  view: MarketView,
  options: PumpPortalOptions = {},
): PumpPortalServer {
  const path = options.path ?? PUMPPORTAL_PATH;
  const onError = options.onError ?? ((error: unknown) => console.error('[pumpportal]', error));
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const clients = new Map<WebSocket, ClientSubscriptions>();

  const send = (socket: WebSocket, payload: unknown): void => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    socket.send(JSON.stringify(payload));
  };

  wss.on('connection', (socket: WebSocket) => {
    const state = emptySubscriptions();
    clients.set(socket, state);
    socket.on('message', (data: RawData) => {
      let payload: unknown;
      try {
        payload = JSON.parse(textOf(data));
      } catch (_error) {
        send(socket, { errors: 'Invalid message: not JSON' });
        return;
      }
      send(socket, applyCommand(state, payload));
    });
    socket.on('close', () => clients.delete(socket));
    socket.on('error', () => clients.delete(socket));
  });

  const onEvent = (event: MarketEvent): void => {
    try {
      const targets = [...clients].filter(([, state]) => wantsEvent(state, event));
      if (targets.length === 0) return;
      const message = pumpPortalMessage(view, event);
      if (message === null) return;
      for (const [socket] of targets) send(socket, message);
    } catch (error) {
      onError(error);
    }
  };
  const unsubscribe = view.subscribe(onEvent);

  let closing: Promise<void> | null = null;
  return {
    handleUpgrade(request, socket, head) {
      const requestPath = (request.url ?? '/').split('?')[0];
      if (requestPath !== path && requestPath !== `${path}/`) return false;
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
      return true;
    },
    clientCount: () => clients.size,
    close() {
      closing ??= (async () => {
        unsubscribe();
        for (const socket of clients.keys()) socket.terminate();
        clients.clear();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      })();
      return closing;
    },
  };
}

/**
 * Serves the stream on `server`'s upgrades for its path; other paths are left to the server's
 * other `upgrade` listeners. Returns the stream so its owner can close it with the server.
 */
export function attachPumpPortal(
  server: Server,
  view: MarketView,
  options: PumpPortalOptions = {},
): PumpPortalServer {
  const stream = createPumpPortalServer(view, options);
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    stream.handleUpgrade(request, socket, head);
  });
  return stream;
}
