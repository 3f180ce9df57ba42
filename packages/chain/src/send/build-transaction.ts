import type { webcrypto } from 'node:crypto';

import {
  FleetError,
  MAX_COMPUTE_UNIT_LIMIT,
  setComputeUnitLimitInstruction,
  setComputeUnitPriceInstruction,
  systemTransferInstruction,
  type Instruction as FleetInstruction,
  type PlannedTransaction,
} from '@fleet/core';
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getAddressFromPublicKey,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  type Address,
  type Base64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit';

/** A recent blockhash and the last block height at which a transaction naming it can land. */
export interface TransactionLifetime {
  readonly blockhash: string;
  readonly lastValidBlockHeight: bigint;
}

/** A lookup table's addresses in the order they sit on chain: a v0 message loads them by index. */
export interface OnChainLookupTable {
  readonly tableAddress: string;
  readonly addresses: readonly string[];
}

/** What the SetComputeUnitLimit and SetComputeUnitPrice instructions request. */
export interface ComputeBudget {
  readonly unitLimit: number;
  readonly microLamportsPerUnit: bigint;
}

/** A WebCrypto ed25519 key pair (the DOM's `CryptoKeyPair`, which kit's signers hold). */
export type Ed25519KeyPair = webcrypto.CryptoKeyPair;

/** A kit signer, or the raw WebCrypto pair the server's vault decrypts. */
export type TransactionKey = KeyPairSigner | Ed25519KeyPair;

/** The key of one signer of the plan; the server decrypts it from its vault here. */
export type SignerFor = (address: string) => Promise<TransactionKey>;

export interface BuildTransactionInput {
  readonly planned: PlannedTransaction;
  readonly lifetime: TransactionLifetime;
  /** Required when the plan carries the compute budget (`planned.computeBudget`), ignored otherwise. */
  readonly computeBudget?: ComputeBudget;
  /** The tables the plan was packed against, for a v0 plan. */
  readonly lookupTables?: readonly OnChainLookupTable[];
}

/** Everything the ledger stores with the `signed` row, before the first broadcast. */
export interface SignedTransfer {
  readonly signature: string;
  readonly wireBase64: Base64EncodedWireTransaction;
  readonly lastValidBlockHeight: bigint;
}

/** Core's instruction as kit's, with the signer and writable flags as kit's account roles. */
export function kitInstruction(instruction: FleetInstruction): Instruction {
  return {
    programAddress: address(instruction.programAddress),
    accounts: instruction.accounts.map((meta) => ({
      address: address(meta.address),
      role: meta.signer
        ? meta.writable
          ? AccountRole.WRITABLE_SIGNER
          : AccountRole.READONLY_SIGNER
        : meta.writable
          ? AccountRole.WRITABLE
          : AccountRole.READONLY,
    })),
    data: instruction.data,
  };
}

/** The plan's instructions: the compute budget first (limit, then price), then its transfers. */
export function plannedInstructions(
  planned: PlannedTransaction,
  computeBudget: ComputeBudget | undefined,
): readonly FleetInstruction[] {
  const transfers = planned.transfers.map((transfer) => systemTransferInstruction(transfer));
  if (!planned.computeBudget) return transfers;
  if (computeBudget === undefined) {
    throw new RangeError('This plan carries the compute budget: give its limit and price');
  }
  return [
    setComputeUnitLimitInstruction(computeBudget.unitLimit),
    setComputeUnitPriceInstruction(computeBudget.microLamportsPerUnit),
    ...transfers,
  ];
}

/** Kit's compile of instructions: legacy without tables, v0 compressed through them with. */
function compileInstructions(input: {
  readonly feePayer: string;
  readonly instructions: readonly FleetInstruction[];
  readonly lifetime: TransactionLifetime;
  readonly version: 'legacy' | 'v0';
  readonly lookupTables: readonly OnChainLookupTable[] | undefined;
}): Transaction {
  const instructions = input.instructions.map(kitInstruction);
  const kitLifetime = {
    blockhash: blockhash(input.lifetime.blockhash),
    lastValidBlockHeight: input.lifetime.lastValidBlockHeight,
  };
  if (input.version === 'legacy') {
    return compileTransaction(
      pipe(
        createTransactionMessage({ version: 'legacy' }),
        (message) => setTransactionMessageFeePayer(address(input.feePayer), message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(kitLifetime, message),
        (message) => appendTransactionMessageInstructions(instructions, message),
      ),
    );
  }
  const tables = Object.fromEntries(
    (input.lookupTables ?? []).map((table) => [
      address(table.tableAddress),
      table.addresses.map((entry): Address => address(entry)),
    ]),
  );
  return compileTransaction(
    compressTransactionMessageUsingAddressLookupTables(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayer(address(input.feePayer), message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(kitLifetime, message),
        (message) => appendTransactionMessageInstructions(instructions, message),
      ),
      tables,
    ),
  );
}

/**
 * The unsigned transaction of a plan, compiled by kit (legacy, or v0 through the given tables),
 * checked against the packer's exact size so that what is signed is what was planned.
 */
export function compilePlannedTransaction(input: BuildTransactionInput): Transaction {
  const { planned } = input;
  const [feePayer] = planned.signers;
  if (feePayer === undefined) throw new RangeError('A planned transaction has a fee payer');
  const transaction = compileInstructions({
    feePayer,
    instructions: plannedInstructions(planned, input.computeBudget),
    lifetime: input.lifetime,
    version: planned.version,
    lookupTables: input.lookupTables,
  });
  const builtSize = getTransactionEncoder().encode(transaction).length;
  if (builtSize !== planned.size) {
    throw new FleetError('TRANSFER__BUILD_MISMATCH', { plannedSize: planned.size, builtSize });
  }
  return transaction;
}

/**
 * The address of each public key already checked. A distribution signs hundreds of transactions
 * with one master key: its address is read from WebCrypto once, not once a transaction. Keys are
 * held weakly, so a job's keys go when the job does.
 */
const addressOfKey = new WeakMap<webcrypto.CryptoKey, Promise<string>>();

async function keyPairOf(expected: string, key: TransactionKey): Promise<Ed25519KeyPair> {
  // kit types a signer's pair as the DOM's CryptoKeyPair, which this package's libs do not name.
  const keyPair = 'keyPair' in key ? (key.keyPair as Ed25519KeyPair) : key;
  let address = addressOfKey.get(keyPair.publicKey);
  if (address === undefined) {
    address = getAddressFromPublicKey(keyPair.publicKey);
    addressOfKey.set(keyPair.publicKey, address);
  }
  const actual = await address;
  if (actual !== expected) throw new FleetError('TRANSFER__SIGNER_MISMATCH', { expected, actual });
  return keyPair;
}

/**
 * Builds and signs a plan into wire bytes. Every signer's key is asked of `signerFor` and checked
 * against its address. The result is what the ledger's `signed` event records: store it before
 * the first broadcast, and rebroadcast exactly these bytes.
 */
export async function buildSignedTransaction(
  input: BuildTransactionInput,
  signerFor: SignerFor,
): Promise<SignedTransfer> {
  const transaction = compilePlannedTransaction(input);
  const keyPairs: Ed25519KeyPair[] = [];
  for (const signer of input.planned.signers) {
    keyPairs.push(await keyPairOf(signer, await signerFor(signer)));
  }
  const signed = await signTransaction(keyPairs, transaction);
  return Object.freeze({
    signature: getSignatureFromTransaction(signed),
    wireBase64: getBase64EncodedWireTransaction(signed),
    lastValidBlockHeight: input.lifetime.lastValidBlockHeight,
  });
}

export interface BuildInstructionsInput {
  readonly feePayer: string;
  /** Core's instructions, in order; the compute budget's two go first when `computeBudget` is set. */
  readonly instructions: readonly FleetInstruction[];
  readonly lifetime: TransactionLifetime;
  readonly computeBudget?: ComputeBudget;
  /** v0 through these tables when given (and not empty); legacy otherwise. */
  readonly lookupTables?: readonly OnChainLookupTable[];
  /** The size the plan measured (core's `messageLayout`); a build of another size is refused. */
  readonly plannedSize?: number;
}

/** The signed bytes, and their size, for the ledger to store before the first broadcast. */
export interface SignedInstructions extends SignedTransfer {
  readonly size: number;
}

/**
 * Signs arbitrary core instructions (a lookup table's create and extend, later closes and burns)
 * the same way as a planned transfer: every signer the compiled message needs is asked of
 * `signerFor` and checked against its address, and the result is what the ledger records.
 */
export async function buildSignedInstructions(
  input: BuildInstructionsInput,
  signerFor: SignerFor,
): Promise<SignedInstructions> {
  const prefix =
    input.computeBudget === undefined
      ? []
      : [
          setComputeUnitLimitInstruction(input.computeBudget.unitLimit),
          setComputeUnitPriceInstruction(input.computeBudget.microLamportsPerUnit),
        ];
  const tables = input.lookupTables ?? [];
  const transaction = compileInstructions({
    feePayer: input.feePayer,
    instructions: [...prefix, ...input.instructions],
    lifetime: input.lifetime,
    version: tables.length > 0 ? 'v0' : 'legacy',
    lookupTables: tables,
  });
  const size = getTransactionEncoder().encode(transaction).length;
  if (input.plannedSize !== undefined && size !== input.plannedSize) {
    throw new FleetError('TRANSFER__BUILD_MISMATCH', {
      plannedSize: input.plannedSize,
      builtSize: size,
    });
  }
  // The compiled message lists its signers (fee payer first) as the keys of its signatures.
  const keyPairs: Ed25519KeyPair[] = [];
  for (const signer of Object.keys(transaction.signatures)) {
    keyPairs.push(await keyPairOf(signer, await signerFor(signer)));
  }
  const signed = await signTransaction(keyPairs, transaction);
  return Object.freeze({
    signature: getSignatureFromTransaction(signed),
    wireBase64: getBase64EncodedWireTransaction(signed),
    lastValidBlockHeight: input.lifetime.lastValidBlockHeight,
    size,
  });
}

/**
 * The unsigned probe of a plan for simulation: the largest compute-unit limit (so the limit
 * cannot be what fails it) and the planned price. Its signatures are zeros; simulate it with
 * `sigVerify: false` and `replaceRecentBlockhash: true`.
 */
export function probeTransaction(
  input: Omit<BuildTransactionInput, 'computeBudget'> & {
    readonly microLamportsPerUnit?: bigint;
  },
): Base64EncodedWireTransaction {
  const computeBudget = {
    unitLimit: MAX_COMPUTE_UNIT_LIMIT,
    microLamportsPerUnit: input.microLamportsPerUnit ?? 0n,
  };
  return getBase64EncodedWireTransaction(compilePlannedTransaction({ ...input, computeBudget }));
}

/**
 * The unsigned probe of arbitrary instructions (a lookup table's create or extend) for
 * simulation, legacy, behind the largest compute-unit limit and the given price, as
 * `probeTransaction` builds a plan's.
 */
export function probeInstructions(input: {
  readonly feePayer: string;
  readonly instructions: readonly FleetInstruction[];
  readonly microLamportsPerUnit?: bigint;
}): Base64EncodedWireTransaction {
  const transaction = compileInstructions({
    feePayer: input.feePayer,
    instructions: [
      setComputeUnitLimitInstruction(MAX_COMPUTE_UNIT_LIMIT),
      setComputeUnitPriceInstruction(input.microLamportsPerUnit ?? 0n),
      ...input.instructions,
    ],
    // Replaced by the simulation (`replaceRecentBlockhash`); any well-formed hash will do.
    lifetime: { blockhash: '11111111111111111111111111111111', lastValidBlockHeight: 0n },
    version: 'legacy',
    lookupTables: undefined,
  });
  return getBase64EncodedWireTransaction(transaction);
}
