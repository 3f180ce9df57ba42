// The typed events Fleet's feeds receive (spec 3 §3 "New pump token" and "Trade event"), parsed
// from PumpPortal's messages. Anything else the stream says is counted and dropped.

import {
  pumpAckSchema,
  pumpCreateSchema,
  pumpErrorSchema,
  pumpMigrationSchema,
  pumpTradeSchema,
} from './pumpportal-schema';

export interface NewTokenEvent {
  readonly kind: 'new-token';
  readonly mint: string;
  readonly name: string;
  readonly symbol: string;
  readonly uri: string | null;
  readonly creator: string;
  readonly signature: string;
  /** What the creator bought at launch: SOL spent and tokens (UI amount) received. */
  readonly initialBuy: { readonly sol: number | null; readonly tokens: number | null };
  readonly marketCapSol: number | null;
  readonly pool: string | null;
  /** Epoch milliseconds when Fleet received it (PumpPortal sends no time). */
  readonly receivedAt: number;
}

export interface TradeEvent {
  readonly kind: 'trade';
  readonly direction: 'buy' | 'sell';
  readonly mint: string;
  readonly trader: string;
  readonly signature: string;
  readonly tokenAmount: number;
  readonly solAmount: number;
  readonly marketCapSol: number | null;
  readonly pool: string | null;
  readonly receivedAt: number;
}

export interface MigrationEvent {
  readonly kind: 'migration';
  readonly mint: string;
  readonly signature: string;
  readonly pool: string | null;
  readonly receivedAt: number;
}

export type PumpEvent = NewTokenEvent | TradeEvent | MigrationEvent;

export type ParsedMessage =
  | { readonly kind: 'event'; readonly event: PumpEvent }
  | { readonly kind: 'ack'; readonly message: string }
  | { readonly kind: 'error'; readonly reason: string };

export function parsePumpMessage(text: string, receivedAt: number): ParsedMessage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'error', reason: 'message is not JSON' };
  }
  const create = pumpCreateSchema.safeParse(json);
  if (create.success) {
    const m = create.data;
    return {
      kind: 'event',
      event: {
        kind: 'new-token',
        mint: m.mint,
        name: m.name,
        symbol: m.symbol,
        uri: m.uri ?? null,
        creator: m.traderPublicKey,
        signature: m.signature,
        initialBuy: { sol: m.solAmount ?? null, tokens: m.initialBuy ?? null },
        marketCapSol: m.marketCapSol ?? null,
        pool: m.pool ?? null,
        receivedAt,
      },
    };
  }
  const trade = pumpTradeSchema.safeParse(json);
  if (trade.success) {
    const m = trade.data;
    return {
      kind: 'event',
      event: {
        kind: 'trade',
        direction: m.txType,
        mint: m.mint,
        trader: m.traderPublicKey,
        signature: m.signature,
        tokenAmount: m.tokenAmount,
        solAmount: m.solAmount,
        marketCapSol: m.marketCapSol ?? null,
        pool: m.pool ?? null,
        receivedAt,
      },
    };
  }
  const migration = pumpMigrationSchema.safeParse(json);
  if (migration.success) {
    const m = migration.data;
    return {
      kind: 'event',
      event: {
        kind: 'migration',
        mint: m.mint,
        signature: m.signature,
        pool: m.pool ?? null,
        receivedAt,
      },
    };
  }
  const ack = pumpAckSchema.safeParse(json);
  if (ack.success) return { kind: 'ack', message: ack.data.message };
  const refused = pumpErrorSchema.safeParse(json);
  if (refused.success)
    return {
      kind: 'error',
      reason: typeof refused.data.errors === 'string' ? refused.data.errors : 'refused',
    };
  return { kind: 'error', reason: 'message has no known shape' };
}
