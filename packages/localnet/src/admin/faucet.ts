// The faucet: a funded keypair whose transfers are real, indexed transactions, so an airdrop
// shows up in the recipient's history like any other incoming transfer.

import { generateKeypair, importKeypair, type Keypair } from '../chain/keypair.js';
import { buildLegacyTransaction, systemTransfer } from '../chain/legacy-message.js';
import type { LandOutcome, LocalChain } from '../chain/local-chain.js';
import { SYSTEM_PROGRAM } from '../chain/program-ids.js';
import { parseWireTransaction } from '../chain/wire-transaction.js';

/** Enough SOL that no test or demo runs the faucet dry: 500 million SOL. */
const FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;

export class Faucet {
  readonly keypair: Keypair;

  constructor(
    private readonly chain: LocalChain,
    secret?: string,
  ) {
    this.keypair = secret === undefined ? generateKeypair() : importKeypair(secret);
    if (chain.getBalance(this.keypair.address) < FAUCET_LAMPORTS / 2n) {
      chain.writeAccount(this.keypair.address, {
        lamports: FAUCET_LAMPORTS,
        data: new Uint8Array(0),
        owner: SYSTEM_PROGRAM,
        executable: false,
      });
    }
  }

  get address(): string {
    return this.keypair.address;
  }

  airdrop(recipient: string, lamports: bigint): { signature: string; outcome: LandOutcome } {
    const bytes = buildLegacyTransaction(
      this.keypair,
      [systemTransfer(this.keypair.address, recipient, lamports)],
      this.chain.latestBlockhash().blockhash,
    );
    const tx = parseWireTransaction(bytes);
    return { signature: tx.signature, outcome: this.chain.land(tx) };
  }
}
