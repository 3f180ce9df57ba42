// Compiles a legacy or v0 message (no lookup tables) and signs it with the keys the sandbox holds,
// leaving the other signers' slots zeroed — the shape a request-for-quote maker hands a taker:
// its own signature in place, the taker's slot empty, the taker the fee payer.

import { shortU16 } from '../../codec/short-u16.js';
import { decodeBase58 } from '../../codec/base58.js';
import type { Keypair } from '../../chain/keypair.js';
import type { Instruction } from '../../chain/legacy-message.js';

export type MessageVersion = 'legacy' | 0;

interface KeyFlags {
  signer: boolean;
  writable: boolean;
}

export interface CompiledTransaction {
  /** The wire transaction: every signer's slot, then the message. */
  readonly bytes: Uint8Array;
  readonly messageBytes: Uint8Array;
  /** Signer addresses in slot order (the fee payer first). */
  readonly signers: readonly string[];
}

export function compileTransaction(options: {
  readonly feePayer: string;
  readonly instructions: readonly Instruction[];
  readonly blockhash: string;
  readonly version: MessageVersion;
  /** Keys that sign now; any other signer's slot stays 64 zero bytes. */
  readonly signWith: readonly Keypair[];
}): CompiledTransaction {
  const flags = new Map<string, KeyFlags>([[options.feePayer, { signer: true, writable: true }]]);
  for (const ix of options.instructions) {
    for (const meta of ix.accounts) {
      const current = flags.get(meta.address) ?? { signer: false, writable: false };
      current.signer ||= meta.signer;
      current.writable ||= meta.writable;
      flags.set(meta.address, current);
    }
    if (!flags.has(ix.programId)) flags.set(ix.programId, { signer: false, writable: false });
  }
  const rank = (f: KeyFlags): number => (f.signer ? 0 : 2) + (f.writable ? 0 : 1);
  const [payer, ...rest] = [...flags];
  if (payer === undefined) throw new Error('a transaction needs a fee payer');
  // A stable sort keeps first-seen order inside each class, as the runtime's compilers do.
  const ordered = [payer, ...rest.sort((a, b) => rank(a[1]) - rank(b[1]))];
  const keys = ordered.map(([address]) => address);
  const indexOf = new Map(keys.map((key, i) => [key, i]));
  const at = (address: string): number => {
    const index = indexOf.get(address);
    if (index === undefined) throw new Error(`unknown account ${address}`);
    return index;
  };
  const signers = ordered.filter(([, f]) => f.signer);

  const message: number[] = [];
  if (options.version === 0) message.push(0x80);
  message.push(
    signers.length,
    signers.filter(([, f]) => !f.writable).length,
    ordered.filter(([, f]) => !f.signer && !f.writable).length,
    ...shortU16(keys.length),
  );
  for (const key of keys) message.push(...decodeBase58(key));
  message.push(...decodeBase58(options.blockhash), ...shortU16(options.instructions.length));
  for (const ix of options.instructions) {
    message.push(at(ix.programId), ...shortU16(ix.accounts.length));
    for (const meta of ix.accounts) message.push(at(meta.address));
    message.push(...shortU16(ix.data.length), ...ix.data);
  }
  if (options.version === 0) message.push(0); // no address-table lookups
  const messageBytes = new Uint8Array(message);

  const byAddress = new Map(options.signWith.map((k) => [k.address, k]));
  const header = shortU16(signers.length);
  const bytes = new Uint8Array(header.length + signers.length * 64 + messageBytes.length);
  bytes.set(header, 0);
  signers.forEach(([address], i) => {
    const keypair = byAddress.get(address);
    if (keypair !== undefined) bytes.set(keypair.sign(messageBytes), header.length + i * 64);
  });
  bytes.set(messageBytes, header.length + signers.length * 64);
  return { bytes, messageBytes, signers: signers.map(([address]) => address) };
}

/** Fills `keypair`'s slot of a compiled transaction (the sandbox's own traders sign this way). */
export function addSignature(compiled: CompiledTransaction, keypair: Keypair): Uint8Array {
  const slot = compiled.signers.indexOf(keypair.address);
  if (slot < 0) throw new Error(`${keypair.address} is not a signer of this transaction`);
  const out = compiled.bytes.slice();
  const header = shortU16(compiled.signers.length).length;
  out.set(keypair.sign(compiled.messageBytes), header + slot * 64);
  return out;
}
