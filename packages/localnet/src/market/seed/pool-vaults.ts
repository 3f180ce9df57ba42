// Opens a pool on the local chain: the SOL reserve is the pool authority's own system account
// (so the authority's signature moves it, and the rent-exempt minimum stays behind), the token
// reserve is the authority's associated token account. Fixture writes, as the admin helpers do;
// from then on only landed transactions change them.

import type { LocalnetAdmin } from '../../admin/admin.js';
import type { Keypair } from '../../chain/keypair.js';
import type { LocalChain } from '../../chain/local-chain.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../chain/program-ids.js';
import type { SandboxPool, SandboxPoolKind, SandboxTokenProgram } from '../market-model.js';
import { associatedTokenAddress } from '../swap/associated-token.js';

export interface PoolSpec {
  readonly authority: Keypair;
  readonly mint: string;
  readonly program: SandboxTokenProgram;
  readonly kind: SandboxPoolKind;
  readonly dexId: string;
  readonly feeBps: number;
  readonly lamports: bigint;
  readonly tokenRaw: bigint;
  readonly createdAtMs: number;
}

export function tokenProgramId(program: SandboxTokenProgram): string {
  return program === 'token-2022' ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM;
}

/**
 * Writes the vaults unless the authority's account already exists (a restarted localnet keeps
 * its pools and their reserves), and returns the pool.
 */
export async function openPool(
  chain: LocalChain,
  admin: LocalnetAdmin,
  spec: PoolSpec,
): Promise<SandboxPool> {
  const authority = spec.authority.address;
  const tokenVault = await associatedTokenAddress(
    authority,
    spec.mint,
    tokenProgramId(spec.program),
  );
  if (chain.getAccount(authority) === null) {
    admin.setAccount(authority, {
      lamports: chain.minimumBalanceForRentExemption(0n) + spec.lamports,
    });
    await admin.createTokenAccount({ owner: authority, mint: spec.mint, amount: spec.tokenRaw });
  }
  return {
    address: authority,
    mint: spec.mint,
    kind: spec.kind,
    solVault: authority,
    tokenVault,
    authority,
    feeBps: spec.feeBps,
    createdAtMs: spec.createdAtMs,
    dexId: spec.dexId,
  };
}
