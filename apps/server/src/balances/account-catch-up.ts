import type { EndpointPool } from '@fleet/chain';
import { address } from '@solana/kit';

/** getMultipleAccounts takes at most 100 accounts a call. */
const ACCOUNTS_PER_CALL = 100;

/** The lamports of each address (0 for an account the chain does not have) at one slot a chunk. */
export type BalanceRead = (
  addresses: readonly string[],
) => Promise<
  readonly { readonly address: string; readonly lamports: bigint; readonly slot: bigint }[]
>;

/**
 * What the live balances read when a subscription cannot have said it: the balances of the
 * watched accounts after a (re)connect, through the endpoint pool (failover, pacing, stats). No
 * data is asked for, only the lamports beside it.
 */
export function createBalanceCatchUp(pool: EndpointPool): BalanceRead {
  return async (addresses) => {
    const balances: { address: string; lamports: bigint; slot: bigint }[] = [];
    for (let from = 0; from < addresses.length; from += ACCOUNTS_PER_CALL) {
      const chunk = addresses.slice(from, from + ACCOUNTS_PER_CALL);
      const { context, value } = await pool.rpc
        .getMultipleAccounts(
          chunk.map((entry) => address(entry)),
          { encoding: 'base64', commitment: 'confirmed', dataSlice: { offset: 0, length: 0 } },
        )
        .send();
      chunk.forEach((entry, index) => {
        balances.push({
          address: entry,
          lamports: value[index]?.lamports ?? 0n,
          slot: context.slot,
        });
      });
    }
    return balances;
  };
}
