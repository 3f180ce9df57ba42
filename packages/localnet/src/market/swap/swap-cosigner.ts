// The pools' co-signature for swaps the user assembles from instructions (Jupiter's
// `/swap/v1/swap-instructions`). No AMM program exists offline, so a pool pays out by a transfer
// its authority signs; a client building its own message cannot get that signature from the
// market in advance. The market remembers the instructions it handed out, and the localnet's RPC
// asks it, before preflight and landing, to add the pools' signatures to a transaction that
// carries exactly those instructions: the user's payment and every pool payment, no pool-signed
// instruction more. The user's payment names the pools as signers too, so a transaction that
// drops the pools' payments cannot land with the user's payment alone.

import { randomUUID } from 'node:crypto';

import type { Keypair } from '../../chain/keypair.js';
import type { Instruction } from '../../chain/legacy-message.js';
import type { LocalChain } from '../../chain/local-chain.js';
import { parseWireTransaction, type WireTransaction } from '../../chain/wire-transaction.js';

/** Fills remembered at once; the oldest are forgotten first. */
const PENDING_LIMIT = 10_000;

interface PendingFill {
  /** Fingerprints of every instruction a pool signs (the user's payment included). */
  readonly signed: readonly string[];
  readonly signers: readonly Keypair[];
  readonly lastValidBlockHeight: bigint;
  /** The transaction id last co-signed for this fill; the fill is spent once it lands. */
  cosigned: string | null;
}

export class SwapCosigner {
  private readonly pending = new Map<string, PendingFill>();
  private readonly bySignature = new Map<string, string>();
  private readonly stopWatching: () => void;

  constructor(private readonly chain: LocalChain) {
    // A fill pays once: when a transaction it co-signed lands without error, it is forgotten,
    // so the same instructions under another blockhash are not signed again.
    this.stopWatching = chain.on('transaction', (record) => {
      const key = this.bySignature.get(record.signature);
      if (key === undefined) return;
      this.bySignature.delete(record.signature);
      if (record.err === null) this.pending.delete(key);
    });
  }

  /**
   * Remembers a fill: `signed` are the instructions the pools sign, valid until the chain's
   * block height passes `lastValidBlockHeight` (that of a blockhash fetched at the same time).
   */
  register(
    signed: readonly Instruction[],
    signers: readonly Keypair[],
    lastValidBlockHeight: bigint,
  ): void {
    this.prune();
    this.pending.set(randomUUID(), {
      signed: signed.map(fingerprint),
      signers,
      lastValidBlockHeight,
      cosigned: null,
    });
    if (this.pending.size > PENDING_LIMIT) {
      const oldest = this.pending.keys().next().value;
      if (oldest !== undefined) this.pending.delete(oldest);
    }
  }

  /** `tx` with the pools' signatures added when it carries a remembered fill; `tx` otherwise. */
  cosign(tx: WireTransaction): WireTransaction {
    if (this.pending.size === 0) return tx;
    const signerKeys = new Set(tx.staticKeys.slice(0, tx.header.numRequiredSignatures));
    this.prune();
    // Decoded only for a transaction that names some fill's pools as signers: most sends do not.
    let instructions: Instruction[] | null = null;
    for (const [key, fill] of this.pending) {
      if (!fill.signers.every((s) => signerKeys.has(s.address))) continue;
      instructions ??= instructionsOf(tx);
      const poolAddresses = new Set(fill.signers.map((s) => s.address));
      const poolSigned = instructions
        .filter((ix) => ix.accounts.some((a) => a.signer && poolAddresses.has(a.address)))
        .map(fingerprint);
      if (!sameMultiset(poolSigned, fill.signed)) continue;
      if (fill.cosigned !== null) this.bySignature.delete(fill.cosigned);
      fill.cosigned = tx.signature;
      this.bySignature.set(tx.signature, key);
      return withSignatures(tx, fill.signers);
    }
    return tx;
  }

  close(): void {
    this.stopWatching();
    this.pending.clear();
    this.bySignature.clear();
  }

  private prune(): void {
    const height = this.chain.blockHeight;
    for (const [key, fill] of this.pending) {
      if (fill.lastValidBlockHeight >= height) continue;
      this.pending.delete(key);
      if (fill.cosigned !== null) this.bySignature.delete(fill.cosigned);
    }
  }
}

/** A message's instructions with their static accounts (lookup-table accounts are left out). */
export function instructionsOf(tx: WireTransaction): Instruction[] {
  const header = tx.header;
  const keys = tx.staticKeys;
  const signerCount = header.numRequiredSignatures;
  const writable = (i: number): boolean =>
    i < signerCount
      ? i < signerCount - header.numReadonlySignedAccounts
      : i < keys.length - header.numReadonlyUnsignedAccounts;
  return tx.instructions.flatMap((ix) => {
    const programId = keys[ix.programIdIndex];
    if (programId === undefined || ix.accounts.some((i) => keys[i] === undefined)) return [];
    return [
      {
        programId,
        accounts: ix.accounts.map((i) => ({
          address: keys[i] ?? '',
          signer: i < signerCount,
          writable: writable(i),
        })),
        data: ix.data,
      },
    ];
  });
}

/** What identifies an instruction: program, accounts and data (flags may differ in a message). */
export function fingerprint(ix: Instruction): string {
  return `${ix.programId}|${ix.accounts.map((a) => a.address).join(',')}|${Buffer.from(ix.data).toString('hex')}`;
}

/** `tx` with each of `signers` signing its own slot (signers absent from the message skipped). */
export function withSignatures(tx: WireTransaction, signers: readonly Keypair[]): WireTransaction {
  const bytes = tx.bytes.slice();
  const headerLength = bytes.length - tx.messageBytes.length - tx.signatures.length * 64;
  for (const signer of signers) {
    const slot = tx.staticKeys.indexOf(signer.address);
    if (slot < 0 || slot >= tx.signatures.length) continue;
    bytes.set(signer.sign(tx.messageBytes), headerLength + slot * 64);
  }
  return parseWireTransaction(bytes);
}

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const counts = new Map<string, number>();
  for (const item of a) counts.set(item, (counts.get(item) ?? 0) + 1);
  for (const item of b) {
    const left = counts.get(item) ?? 0;
    if (left === 0) return false;
    counts.set(item, left - 1);
  }
  return true;
}
