// Test fixture: an address lookup table created and extended by real transactions to the
// Address Lookup Table program on the localnet (not an admin write), for v0 sending tests.

import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getProgramDerivedAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit';

const LOOKUP_TABLE_PROGRAM = address('AddressLookupTab1e1111111111111111111111111');
const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
const CREATE = 0;
const EXTEND = 2;
/** 30 addresses (960 bytes) keep an extension within one 1232-byte transaction. */
const ADDRESSES_PER_EXTENSION = 30;

export interface CreatedLookupTable {
  readonly tableAddress: Address;
  readonly signatures: readonly string[];
}

async function sendLanded(
  rpc: Rpc<SolanaRpcApi>,
  payer: KeyPairSigner,
  instruction: Instruction,
): Promise<string> {
  const { value: lifetime } = await rpc.getLatestBlockhash().send();
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(payer, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
      (message) => appendTransactionMessageInstructions([instruction], message),
    ),
  );
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
    .send();
  const { value } = await rpc.getSignatureStatuses([signature]).send();
  const status = value[0];
  if (status === null || status === undefined || status.err !== null) {
    throw new Error(`lookup-table transaction ${signature} did not land cleanly`);
  }
  return signature;
}

/**
 * Creates a table owned by `authority` (who also pays) and extends it with `addresses`, 30 per
 * transaction. The table derives from the finalized slot read first, which the localnet's
 * SlotHashes sysvar holds, as a cluster's does.
 */
export async function createAndExtendLookupTable(
  rpc: Rpc<SolanaRpcApi>,
  authority: KeyPairSigner,
  addresses: readonly string[],
): Promise<CreatedLookupTable> {
  const recentSlot = await rpc.getSlot({ commitment: 'finalized' }).send();
  const slotBytes = new Uint8Array(8);
  new DataView(slotBytes.buffer).setBigUint64(0, recentSlot, true);
  const [tableAddress, bump] = await getProgramDerivedAddress({
    programAddress: LOOKUP_TABLE_PROGRAM,
    seeds: [getAddressEncoder().encode(authority.address), slotBytes],
  });
  const accounts = [
    { address: tableAddress, role: AccountRole.WRITABLE },
    { address: authority.address, role: AccountRole.READONLY_SIGNER, signer: authority },
    { address: authority.address, role: AccountRole.WRITABLE_SIGNER, signer: authority },
    { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
  ];
  const create = new Uint8Array(13);
  const createView = new DataView(create.buffer);
  createView.setUint32(0, CREATE, true);
  createView.setBigUint64(4, recentSlot, true);
  create[12] = bump;
  const signatures = [
    await sendLanded(rpc, authority, {
      programAddress: LOOKUP_TABLE_PROGRAM,
      accounts,
      data: create,
    }),
  ];
  const encoder = getAddressEncoder();
  for (let start = 0; start < addresses.length; start += ADDRESSES_PER_EXTENSION) {
    const chunk = addresses.slice(start, start + ADDRESSES_PER_EXTENSION);
    const data = new Uint8Array(12 + 32 * chunk.length);
    const view = new DataView(data.buffer);
    view.setUint32(0, EXTEND, true);
    view.setBigUint64(4, BigInt(chunk.length), true);
    chunk.forEach((entry, index) => data.set(encoder.encode(address(entry)), 12 + 32 * index));
    signatures.push(
      await sendLanded(rpc, authority, { programAddress: LOOKUP_TABLE_PROGRAM, accounts, data }),
    );
  }
  return { tableAddress, signatures };
}
