// Swap V2's /build hands back instructions, the lookup tables' addresses and a blockhash instead
// of a transaction; this composes them, in Jupiter's documented order (compute budget, setup,
// swap, other, cleanup, tip), into an unsigned v0 transaction paid by the taker.

import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
} from '@solana/kit';

import type { ApiInstruction, BuildV2 } from './swap-schema';

function roleOf(isSigner: boolean, isWritable: boolean): AccountRole {
  if (isSigner) return isWritable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER;
  return isWritable ? AccountRole.WRITABLE : AccountRole.READONLY;
}

function toInstruction(api: ApiInstruction): Instruction {
  return {
    programAddress: address(api.programId),
    accounts: api.accounts.map((meta) => ({
      address: address(meta.pubkey),
      role: roleOf(meta.isSigner, meta.isWritable),
    })),
    data: new Uint8Array(getBase64Encoder().encode(api.data)),
  };
}

export interface ComposedTransaction {
  readonly transactionBase64: string;
  readonly lastValidBlockHeight: bigint;
}

export function composeBuildTransaction(build: BuildV2, taker: string): ComposedTransaction {
  const instructions = [
    ...build.computeBudgetInstructions,
    ...build.setupInstructions,
    build.swapInstruction,
    ...(build.otherInstructions ?? []),
    ...(build.cleanupInstruction == null ? [] : [build.cleanupInstruction]),
    ...(build.tipInstruction == null ? [] : [build.tipInstruction]),
  ].map(toInstruction);
  const { blockhash: hash, lastValidBlockHeight } = build.blockhashWithMetadata;
  const hashText =
    typeof hash === 'string' ? hash : getBase58Decoder().decode(Uint8Array.from(hash));
  const height = BigInt(lastValidBlockHeight);
  const tables: Record<Address, Address[]> = {};
  for (const [table, addresses] of Object.entries(build.addressesByLookupTableAddress ?? {}))
    tables[address(table)] = addresses.map((a) => address(a));
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(taker), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(hashText), lastValidBlockHeight: height },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => compressTransactionMessageUsingAddressLookupTables(m, tables),
  );
  return {
    transactionBase64: getBase64EncodedWireTransaction(compileTransaction(message)),
    lastValidBlockHeight: height,
  };
}
