import { decodeLookupTable, type EndpointPool, type LookupTableAccount } from '@fleet/chain';
import { LOOKUP_TABLE_PROGRAM_ADDRESS } from '@fleet/core';
import { address, getBase64Encoder } from '@solana/kit';

/** `getMultipleAccounts` takes at most 100 addresses. */
const ACCOUNTS_PER_CALL = 100;

/**
 * The tables at `addresses` as the chain holds them now (`confirmed`), 100 to a call, keeping
 * only those `authority` may extend and a v0 transaction may load: active, still owned by it.
 * A create that never landed leaves no account and is skipped; so is anything not a table.
 */
export async function readUsableTables(
  pool: EndpointPool,
  addresses: readonly string[],
  authority: string,
): Promise<LookupTableAccount[]> {
  const tables: LookupTableAccount[] = [];
  const base64 = getBase64Encoder();
  for (let start = 0; start < addresses.length; start += ACCOUNTS_PER_CALL) {
    const batch = addresses.slice(start, start + ACCOUNTS_PER_CALL);
    const { value } = await pool.rpc
      .getMultipleAccounts(
        batch.map((entry) => address(entry)),
        { commitment: 'confirmed', encoding: 'base64' },
      )
      .send();
    batch.forEach((entry, index) => {
      const account = value[index];
      if (!account || String(account.owner) !== String(LOOKUP_TABLE_PROGRAM_ADDRESS)) return;
      try {
        const table = decodeLookupTable(
          entry,
          new Uint8Array(base64.encode(account.data[0])),
          account.lamports,
        );
        if (table.deactivationSlot === null && table.authority === authority) tables.push(table);
      } catch {
        // Not a table this program wrote as expected: never load through it.
      }
    });
  }
  return tables;
}
