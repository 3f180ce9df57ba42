// The few instructions the sandbox's transactions are made of, encoded by hand in the programs'
// own layouts (the @solana-program clients are not dependencies of the localnet).

import type { Instruction } from '../../chain/legacy-message.js';
import {
  ASSOCIATED_TOKEN_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  SYSTEM_PROGRAM,
} from '../../chain/program-ids.js';

/** SPL Token / Token-2022 `TransferChecked` (12): the owner signs. */
export function transferChecked(options: {
  readonly source: string;
  readonly mint: string;
  readonly destination: string;
  readonly owner: string;
  readonly amount: bigint;
  readonly decimals: number;
  readonly program: string;
}): Instruction {
  const data = new Uint8Array(10);
  data[0] = 12;
  new DataView(data.buffer).setBigUint64(1, options.amount, true);
  data[9] = options.decimals;
  return {
    programId: options.program,
    accounts: [
      { address: options.source, signer: false, writable: true },
      { address: options.mint, signer: false, writable: false },
      { address: options.destination, signer: false, writable: true },
      { address: options.owner, signer: true, writable: false },
    ],
    data,
  };
}

/** Associated Token Account `CreateIdempotent` (1): a no-op when the account exists. */
export function createAssociatedTokenAccountIdempotent(options: {
  readonly payer: string;
  readonly ata: string;
  readonly owner: string;
  readonly mint: string;
  readonly program: string;
}): Instruction {
  return {
    programId: ASSOCIATED_TOKEN_PROGRAM,
    accounts: [
      { address: options.payer, signer: true, writable: true },
      { address: options.ata, signer: false, writable: true },
      { address: options.owner, signer: false, writable: false },
      { address: options.mint, signer: false, writable: false },
      { address: SYSTEM_PROGRAM, signer: false, writable: false },
      { address: options.program, signer: false, writable: false },
    ],
    data: new Uint8Array([1]),
  };
}

export function setComputeUnitLimit(units: number): Instruction {
  const data = new Uint8Array(5);
  data[0] = 2;
  new DataView(data.buffer).setUint32(1, units, true);
  return { programId: COMPUTE_BUDGET_PROGRAM, accounts: [], data };
}

export function setComputeUnitPrice(microLamports: bigint): Instruction {
  const data = new Uint8Array(9);
  data[0] = 3;
  new DataView(data.buffer).setBigUint64(1, microLamports, true);
  return { programId: COMPUTE_BUDGET_PROGRAM, accounts: [], data };
}
