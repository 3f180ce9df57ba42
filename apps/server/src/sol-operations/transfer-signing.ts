import {
  buildSignedTransaction,
  type OnChainLookupTable,
  type SignedTransfer,
  type SignerFor,
  type TransactionLifetime,
} from '@fleet/chain';
import { packTransfers, type Address, type LedgerItem, type TransferItem } from '@fleet/core';

function transfersOf(items: readonly LedgerItem[]): TransferItem[] {
  return items.map((item) => ({
    itemId: item.id,
    from: item.from as Address,
    to: item.to as Address,
    lamports: item.amount,
  }));
}

/**
 * Signs the transfers of one ledger transaction as one transaction: legacy, or v0 loading the
 * recipients from `table` as the chain holds it. Packed again by exact size, so a transaction
 * that no longer fits (it never should) is refused rather than cut silently.
 */
export async function signTransfers(input: {
  readonly transactionId: string;
  readonly items: readonly LedgerItem[];
  readonly feePayer: Address;
  readonly computeUnitLimit: bigint;
  readonly microLamportsPerUnit: bigint;
  readonly table: OnChainLookupTable | undefined;
  readonly lifetime: TransactionLifetime;
  readonly signerFor: SignerFor;
}): Promise<SignedTransfer> {
  const { table } = input;
  const packed = packTransfers({
    feePayer: input.feePayer,
    transfers: transfersOf(input.items),
    version: table
      ? {
          v0: {
            tableAddress: table.tableAddress as Address,
            addresses: table.addresses as Address[],
          },
        }
      : 'legacy',
    computeBudget: true,
  });
  const planned = packed.ok && packed.value.length === 1 ? packed.value[0] : undefined;
  if (!planned)
    throw new Error(`transaction ${input.transactionId} no longer fits one transaction`);
  return buildSignedTransaction(
    {
      planned,
      lifetime: input.lifetime,
      computeBudget: {
        unitLimit: Number(input.computeUnitLimit),
        microLamportsPerUnit: input.microLamportsPerUnit,
      },
      ...(table ? { lookupTables: [table] } : {}),
    },
    input.signerFor,
  );
}

/** The item ids of each legacy transaction the items need, by exact size, in order. */
export function legacyCuts(feePayer: Address, items: readonly LedgerItem[]): string[][] {
  const packed = packTransfers({
    feePayer,
    transfers: transfersOf(items),
    version: 'legacy',
    computeBudget: true,
  });
  if (!packed.ok) throw new Error(packed.error.message);
  return packed.value.map((cut) => cut.transfers.map((transfer) => transfer.itemId));
}
