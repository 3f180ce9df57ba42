import { FleetError, type MasterHoldingsResponse } from '@fleet/core';
import type { WalletScanner } from '@fleet/chain';
import { schema, withTenant, type FleetDatabase } from '@fleet/db';
import type { Actor } from '../http/actor';

/**
 * What the master wallet holds on chain right now: SOL and every token it has a balance of, read
 * by one cold scan of its address (three RPC calls and the mints' decimals). Asked for only when
 * the operator is about to replace or clear the master, never polled.
 */
export function createMasterHoldingsReader(context: {
  readonly db: FleetDatabase;
  readonly scanner: Pick<WalletScanner, 'scan'>;
}) {
  return {
    async read(actor: Actor): Promise<MasterHoldingsResponse> {
      const [row] = await withTenant(context.db, actor.tenantId, (tx) =>
        tx.select({ address: schema.masterWallets.publicAddress }).from(schema.masterWallets),
      );
      if (!row) throw new FleetError('MASTER_WALLET__NOT_FOUND');
      const report = await context.scanner.scan([row.address]);
      const result = report.results[0];
      if (!result?.ok) {
        throw new FleetError('MASTER_WALLET__HOLDINGS_UNREADABLE', {
          reason: result?.error.message ?? report.error ?? 'no answer',
        });
      }
      return {
        public_address: row.address,
        lamports: result.value.lamports.toString(),
        tokens: report.tokens
          .filter((token) => token.totalAmount > 0n)
          .map((token) => ({
            mint: token.mint,
            symbol: token.symbol === '' ? null : token.symbol,
            name: token.name === '' ? null : token.name,
            amount: token.totalAmount.toString(),
            decimals: token.decimals,
          })),
      };
    },
  };
}

export type MasterHoldingsReader = ReturnType<typeof createMasterHoldingsReader>;
