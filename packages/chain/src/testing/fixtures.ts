// Fleet-sized fixtures on the localnet: many owners with known SOL and token balances, made with
// the localnet admin (real faucet transfers, token accounts written in the SPL layouts).

import { randomBytes } from 'node:crypto';

import type { LocalnetAdmin } from '@fleet/localnet';
import { getAddressDecoder } from '@solana/kit';

export interface FundedWallet {
  readonly owner: string;
  readonly lamports: bigint;
  /** Token account → [mint, raw amount]. */
  readonly tokens: ReadonlyMap<string, readonly [string, bigint]>;
}

/** An address nobody holds the key of: enough to own balances and token accounts. */
export function randomAddress(): string {
  return getAddressDecoder().decode(randomBytes(32));
}

export async function fundWallets(
  admin: LocalnetAdmin,
  count: number,
  mints: readonly string[],
  maxTokensPerWallet = 3,
): Promise<FundedWallet[]> {
  const wallets: FundedWallet[] = [];
  for (let i = 0; i < count; i++) {
    const owner = randomAddress();
    // Some wallets are never funded (zero SOL) but still hold tokens, as real ones can.
    const lamports = i % 7 === 3 ? 0n : 1_000_000n + BigInt(i) * 1_234_567n;
    if (lamports > 0n) await admin.fund(owner, lamports);
    const tokens = new Map<string, readonly [string, bigint]>();
    const held = mints.length === 0 ? 0 : i % (Math.min(maxTokensPerWallet, mints.length) + 1);
    for (let t = 0; t < held; t++) {
      const mint = mints[(i + t) % mints.length] as string;
      const amount = BigInt(i + 1) * 1_000_003n + BigInt(t);
      const account = await admin.createTokenAccount({ owner, mint, amount });
      tokens.set(account, [mint, amount]);
    }
    wallets.push({ owner, lamports, tokens });
  }
  return wallets;
}
