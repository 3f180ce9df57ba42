// PumpPortal's data-stream messages (wss://pumpportal.fun/api/data), built from market events.
// Field names and units follow PumpPortal's real-time API (https://pumpportal.fun/data-api/
// real-time) and frames recorded from it: token amounts in whole tokens, SOL amounts in SOL,
// `bondingCurveKey` the curve account, `pool` "pump" on the curve and "pump-amm" after
// migration; a migration is only { signature, mint, txType: 'migrate', pool }.

import { lamportsToSol, rawToWhole } from '../../metrics/pool-metrics.js';
import {
  priceSolFromReserves,
  type MarketEvent,
  type MarketView,
  type SandboxPool,
  type SandboxToken,
  type SandboxTrade,
} from '../../market-model.js';

export interface PumpPortalCreate {
  readonly signature: string;
  readonly mint: string;
  readonly traderPublicKey: string;
  readonly txType: 'create';
  readonly initialBuy: number;
  readonly solAmount: number;
  readonly bondingCurveKey: string;
  readonly vTokensInBondingCurve: number;
  readonly vSolInBondingCurve: number;
  readonly marketCapSol: number;
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
  readonly pool: string;
}

export interface PumpPortalTrade {
  readonly signature: string;
  readonly mint: string;
  readonly traderPublicKey: string;
  readonly txType: 'buy' | 'sell';
  readonly tokenAmount: number;
  readonly solAmount: number;
  readonly bondingCurveKey: string;
  readonly vTokensInBondingCurve: number;
  readonly vSolInBondingCurve: number;
  readonly marketCapSol: number;
  readonly pool: string;
}

export interface PumpPortalMigration {
  readonly signature: string;
  readonly mint: string;
  readonly txType: 'migrate';
  readonly pool: string;
}

export type PumpPortalMessage = PumpPortalCreate | PumpPortalTrade | PumpPortalMigration;

/** PumpPortal's pool label: "pump" while on the bonding curve, "pump-amm" once migrated. */
export function poolLabel(pool: SandboxPool): string {
  return pool.kind === 'bonding-curve' ? 'pump' : 'pump-amm';
}

interface CurveState {
  readonly vTokensInBondingCurve: number;
  readonly vSolInBondingCurve: number;
  readonly marketCapSol: number;
}

function curveState(view: MarketView, pool: SandboxPool, token: SandboxToken): CurveState {
  const reserves = view.reserves(pool.address);
  const priceSol = priceSolFromReserves(reserves, token.decimals) ?? 0;
  return {
    vTokensInBondingCurve: rawToWhole(reserves.tokenRaw, token.decimals),
    vSolInBondingCurve: lamportsToSol(reserves.lamports),
    marketCapSol: priceSol * rawToWhole(token.supply, token.decimals),
  };
}

function tradeMessage(view: MarketView, trade: SandboxTrade): PumpPortalTrade | null {
  const pool = view.pool(trade.pool);
  const token = view.token(trade.mint);
  if (pool === undefined || token === undefined) return null;
  return {
    signature: trade.signature,
    mint: trade.mint,
    traderPublicKey: trade.trader,
    txType: trade.side,
    tokenAmount: rawToWhole(trade.tokenRaw, token.decimals),
    solAmount: lamportsToSol(trade.lamports),
    bondingCurveKey: pool.address,
    ...curveState(view, pool, token),
    pool: poolLabel(pool),
  };
}

/** The message an event becomes on the stream, or null when the market cannot describe it. */
export function pumpPortalMessage(view: MarketView, event: MarketEvent): PumpPortalMessage | null {
  switch (event.type) {
    case 'newToken': {
      const { token, pool, initialBuy } = event;
      return {
        signature: token.launch?.launchSignature ?? initialBuy?.signature ?? '',
        mint: token.mint,
        traderPublicKey: token.creator,
        txType: 'create',
        initialBuy: initialBuy === null ? 0 : rawToWhole(initialBuy.tokenRaw, token.decimals),
        solAmount: initialBuy === null ? 0 : lamportsToSol(initialBuy.lamports),
        bondingCurveKey: pool.address,
        ...curveState(view, pool, token),
        name: token.name,
        symbol: token.symbol,
        uri: token.metadataUri,
        pool: poolLabel(pool),
      };
    }
    case 'trade':
      return tradeMessage(view, event.trade);
    case 'migration':
      return { signature: event.signature, mint: event.mint, txType: 'migrate', pool: 'pump-amm' };
    default:
      return exhaustive(event);
  }
}

function exhaustive(value: never): never {
  throw new Error(`unhandled market event ${JSON.stringify(value)}`);
}
