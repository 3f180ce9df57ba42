// Builds and signs small legacy transactions (faucet transfers, fixtures) without kit's async
// WebCrypto path. Keys are ordered as the runtime requires: writable signers, readonly signers,
// writable non-signers, readonly non-signers.

import { shortU16 } from '../codec/short-u16.js';
import { decodeBase58 } from '../codec/base58.js';
import type { Keypair } from './keypair.js';

export interface AccountMeta {
  readonly address: string;
  readonly signer: boolean;
  readonly writable: boolean;
}

export interface Instruction {
  readonly programId: string;
  readonly accounts: readonly AccountMeta[];
  readonly data: Uint8Array;
}

export function buildLegacyTransaction(
  feePayer: Keypair,
  instructions: readonly Instruction[],
  blockhash: string,
  extraSigners: readonly Keypair[] = [],
): Uint8Array {
  const metas = new Map<string, { signer: boolean; writable: boolean }>();
  metas.set(feePayer.address, { signer: true, writable: true });
  for (const ix of instructions) {
    for (const meta of ix.accounts) {
      const current = metas.get(meta.address) ?? { signer: false, writable: false };
      metas.set(meta.address, {
        signer: current.signer || meta.signer,
        writable: current.writable || meta.writable,
      });
    }
    if (!metas.has(ix.programId)) metas.set(ix.programId, { signer: false, writable: false });
  }
  const entries = [...metas];
  const rank = ([, m]: [string, { signer: boolean; writable: boolean }]): number =>
    (m.signer ? 0 : 2) + (m.writable ? 0 : 1);
  const [payer, ...others] = entries;
  if (payer === undefined) throw new Error('a transaction needs a fee payer');
  const ordered = [payer, ...others.sort((a, b) => rank(a) - rank(b))];
  const keys = ordered.map(([address]) => address);
  const signers = ordered.filter(([, m]) => m.signer);
  const header = [
    signers.length,
    signers.filter(([, m]) => !m.writable).length,
    ordered.filter(([, m]) => !m.signer && !m.writable).length,
  ];
  const message: number[] = [...header, ...shortU16(keys.length)];
  for (const key of keys) message.push(...decodeBase58(key));
  message.push(...decodeBase58(blockhash));
  message.push(...shortU16(instructions.length));
  for (const ix of instructions) {
    message.push(keys.indexOf(ix.programId));
    message.push(
      ...shortU16(ix.accounts.length),
      ...ix.accounts.map((a) => keys.indexOf(a.address)),
    );
    message.push(...shortU16(ix.data.length), ...ix.data);
  }
  const messageBytes = new Uint8Array(message);
  const byAddress = new Map([feePayer, ...extraSigners].map((k) => [k.address, k]));
  const out: number[] = [...shortU16(signers.length)];
  for (const [address] of signers) {
    const keypair = byAddress.get(address);
    if (keypair === undefined) throw new Error(`missing signer ${address}`);
    out.push(...keypair.sign(messageBytes));
  }
  out.push(...messageBytes);
  return new Uint8Array(out);
}

export function systemTransfer(from: string, to: string, lamports: bigint): Instruction {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return {
    programId: '11111111111111111111111111111111',
    accounts: [
      { address: from, signer: true, writable: true },
      { address: to, signer: false, writable: true },
    ],
    data,
  };
}
