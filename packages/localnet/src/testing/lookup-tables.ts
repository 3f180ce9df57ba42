// Address lookup tables created by real transactions to the Address Lookup Table program, for the
// localnet's own tests (the chain package has the production encoders, which the localnet may not
// import).

import { address, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';

import type { Keypair } from '../chain/keypair.js';
import { buildLegacyTransaction, type Instruction } from '../chain/legacy-message.js';
import { ADDRESS_LOOKUP_TABLE_PROGRAM, SYSTEM_PROGRAM } from '../chain/program-ids.js';
import { encodeBase64 } from '../codec/base64.js';
import { latestBlockhash, rpcCall, rpcResult, type RpcReply } from './raw-rpc.js';

const CREATE_LOOKUP_TABLE = 0;
const DEACTIVATE_LOOKUP_TABLE = 3;
const CLOSE_LOOKUP_TABLE = 4;

/**
 * CreateLookupTable for `authority` (who also pays) at `recentSlot`, and the table's address,
 * the program-derived address of (authority, recent slot).
 */
export async function createLookupTable(
  authority: string,
  recentSlot: bigint,
): Promise<{ readonly instruction: Instruction; readonly table: string }> {
  const slotBytes = new Uint8Array(8);
  new DataView(slotBytes.buffer).setBigUint64(0, recentSlot, true);
  const [table, bump] = await getProgramDerivedAddress({
    programAddress: address(ADDRESS_LOOKUP_TABLE_PROGRAM),
    seeds: [getAddressEncoder().encode(address(authority)), slotBytes],
  });
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, CREATE_LOOKUP_TABLE, true);
  view.setBigUint64(4, recentSlot, true);
  data[12] = bump;
  return {
    table,
    instruction: {
      programId: ADDRESS_LOOKUP_TABLE_PROGRAM,
      accounts: [
        { address: table, signer: false, writable: true },
        { address: authority, signer: true, writable: false },
        { address: authority, signer: true, writable: true },
        { address: SYSTEM_PROGRAM, signer: false, writable: false },
      ],
      data,
    },
  };
}

export function deactivateLookupTable(table: string, authority: string): Instruction {
  return {
    programId: ADDRESS_LOOKUP_TABLE_PROGRAM,
    accounts: [
      { address: table, signer: false, writable: true },
      { address: authority, signer: true, writable: false },
    ],
    data: new Uint8Array([DEACTIVATE_LOOKUP_TABLE, 0, 0, 0]),
  };
}

/** Closes a deactivated table, its rent going to the authority. */
export function closeLookupTable(table: string, authority: string): Instruction {
  return {
    programId: ADDRESS_LOOKUP_TABLE_PROGRAM,
    accounts: [
      { address: table, signer: false, writable: true },
      { address: authority, signer: true, writable: false },
      { address: authority, signer: false, writable: true },
    ],
    data: new Uint8Array([CLOSE_LOOKUP_TABLE, 0, 0, 0]),
  };
}

/** Sends one instruction paid and signed by `payer`, with preflight: the reply tells the outcome. */
export async function sendInstruction(
  url: string,
  payer: Keypair,
  instruction: Instruction,
): Promise<RpcReply> {
  const tx = buildLegacyTransaction(payer, [instruction], await latestBlockhash(url));
  return rpcCall(url, 'sendTransaction', [encodeBase64(tx), { encoding: 'base64' }]);
}

/** Sends CreateLookupTable: the reply shows whether the program took the slot. */
export async function sendCreateLookupTable(
  url: string,
  authority: Keypair,
  recentSlot: bigint,
): Promise<{ readonly reply: RpcReply; readonly table: string }> {
  const { instruction, table } = await createLookupTable(authority.address, recentSlot);
  return { reply: await sendInstruction(url, authority, instruction), table };
}

/** The owner of an account, or null when there is none. */
export async function ownerOf(url: string, account: string): Promise<string | null> {
  const { value } = await rpcResult<{ value: { owner: string } | null }>(url, 'getAccountInfo', [
    account,
    { encoding: 'base64' },
  ]);
  return value?.owner ?? null;
}
