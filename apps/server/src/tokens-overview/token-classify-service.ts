import type { DigitalAssets } from '@fleet/chain';
import type { TokenClassifyBody, TokenClassifyResponse, TokenType } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import { CLASS_OF_KIND } from './asset-class';
import { readMintClasses, writeMintClasses } from './mint-classes';
import type { HeldMintSums } from './tokens-overview-service';

/** Spec 2 §3's rule stands in for a mint the API does not know, and the answer says so. */
const UNKNOWN_TO_API = 'the digital-asset API does not know these mints';

/**
 * `POST /api/scan/token-classify` (spec 2 §2.5 Classify Tokens, §7; issue 20): asks the
 * digital-asset API (`getAssetBatch`, 1,000 ids a call, through the endpoint pool) what each mint
 * is and stores it. Without a list, the fleet's held mints that have no class yet are asked. The
 * chain is read outside any transaction; the classes are written in one.
 *
 * When the API fails, nothing is stored and every mint keeps spec 2 §3's decimals rule; the
 * answer counts them as degraded and carries the API's error as the reason shown to the operator.
 */
export function createTokenClassifyService(context: {
  readonly db: FleetDatabase;
  readonly holdings: HeldMintSums;
  readonly assets: DigitalAssets;
  readonly audit: AuditLog;
  readonly now: () => number;
}) {
  async function mintsToAsk(tenantId: string, body: TokenClassifyBody): Promise<string[]> {
    if (body.mints !== undefined && body.mints.length > 0) return [...new Set(body.mints)];
    return withTenant(context.db, tenantId, async (tx) => {
      const { mints } = await context.holdings.heldMints(tx, tenantId);
      const held = mints.map((row) => row.mint);
      const known = await readMintClasses(tx, held);
      return held.filter((mint) => !known.has(mint));
    });
  }

  return {
    async classify(actor: Actor, body: TokenClassifyBody): Promise<TokenClassifyResponse> {
      const mints = await mintsToAsk(actor.tenantId, body);
      let answer: TokenClassifyResponse;
      if (mints.length === 0) {
        answer = { requested: 0, classified: 0, degraded: 0, reason: null };
      } else {
        answer = await classifyMints(actor.tenantId, mints);
      }
      await context.audit.recordSuccess(actor, 'tokens.classify', { ...answer });
      return answer;
    },
  };

  async function classifyMints(tenantId: string, mints: string[]): Promise<TokenClassifyResponse> {
    let assets;
    try {
      assets = await context.assets.getAssetBatch(mints);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { requested: mints.length, classified: 0, degraded: mints.length, reason };
    }
    const classes = new Map<string, TokenType>();
    mints.forEach((mint, i) => {
      const asset = assets[i];
      if (asset !== null && asset !== undefined) classes.set(mint, CLASS_OF_KIND[asset.kind]);
    });
    const stored = await withTenant(context.db, tenantId, (tx) =>
      writeMintClasses(tx, classes, new Date(context.now())),
    );
    const degraded = mints.length - stored;
    return {
      requested: mints.length,
      classified: stored,
      degraded,
      reason: degraded === 0 ? null : UNKNOWN_TO_API,
    };
  }
}

export type TokenClassifyService = ReturnType<typeof createTokenClassifyService>;
