// Hand-encoded System, SPL Token and Associated Token Account instructions as @solana/kit
// instructions, for the conformance tests and the benchmark (the @solana-program/* clients are
// not dependencies of the localnet).

import {
  AccountRole,
  address,
  type Address,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';

import {
  ASSOCIATED_TOKEN_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from '../chain/program-ids.js';

function u64(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
}

function signerMeta(signer: TransactionSigner, writable: boolean) {
  return {
    address: signer.address,
    role: writable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER,
    signer,
  };
}

const writable = (a: Address) => ({ address: a, role: AccountRole.WRITABLE });
const readonly = (a: Address) => ({ address: a, role: AccountRole.READONLY });

export function tokenProgramOf(program: 'token' | 'token-2022'): Address {
  return address(program === 'token' ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM);
}

export function transferSol(from: TransactionSigner, to: Address, lamports: bigint): Instruction {
  return {
    programAddress: address(SYSTEM_PROGRAM),
    accounts: [signerMeta(from, true), writable(to)],
    data: new Uint8Array([2, 0, 0, 0, ...u64(lamports)]),
  };
}

export function createAssociatedTokenAccountIdempotent(
  payer: TransactionSigner,
  ata: Address,
  owner: Address,
  mint: Address,
  tokenProgram: Address,
): Instruction {
  return {
    programAddress: address(ASSOCIATED_TOKEN_PROGRAM),
    accounts: [
      signerMeta(payer, true),
      writable(ata),
      readonly(owner),
      readonly(mint),
      readonly(address(SYSTEM_PROGRAM)),
      readonly(tokenProgram),
    ],
    data: new Uint8Array([1]),
  };
}

export function transferChecked(
  source: Address,
  mint: Address,
  destination: Address,
  authority: TransactionSigner,
  amount: bigint,
  decimals: number,
  tokenProgram: Address,
): Instruction {
  return {
    programAddress: tokenProgram,
    accounts: [
      writable(source),
      readonly(mint),
      writable(destination),
      signerMeta(authority, false),
    ],
    data: new Uint8Array([12, ...u64(amount), decimals]),
  };
}

export function burnChecked(
  account: Address,
  mint: Address,
  authority: TransactionSigner,
  amount: bigint,
  decimals: number,
  tokenProgram: Address,
): Instruction {
  return {
    programAddress: tokenProgram,
    accounts: [writable(account), writable(mint), signerMeta(authority, false)],
    data: new Uint8Array([15, ...u64(amount), decimals]),
  };
}

export function closeAccount(
  account: Address,
  destination: Address,
  owner: TransactionSigner,
  tokenProgram: Address,
): Instruction {
  return {
    programAddress: tokenProgram,
    accounts: [writable(account), writable(destination), signerMeta(owner, false)],
    data: new Uint8Array([9]),
  };
}
