// The fleet a Final Truth Scan crash scenario scans (issue 20 of "Trust"): wallets whose keys the
// harness makes, so it can move their SOL and tokens beside Fleet. They are given SOL and token
// accounts, imported with the import's scan preview (so Fleet stores what the chain held), and
// then the chain is changed under Fleet: SOL sent or drained, accounts opened, emptied, closed or
// topped up. Every wallet ends up differing from its stored self in lamports and in a token
// account, so a stored wallet is recognisably either as imported or as the chain has it.

import {
  associatedTokenAddress,
  closeAccountInstruction,
  systemTransferInstruction,
  transferCheckedInstruction,
  type Address,
  type Instruction,
} from '@fleet/core';
import { createKeyPairSignerFromBytes, type KeyPairSigner } from '@solana/kit';
import { newTestKeypair } from '../keypairs';
import { balancesOf } from './crash-harness';
import type { CrashSession } from './crash-session';
import { mintTo, tokenAccountsOf, type CrashMint } from './crash-tokens';
import { issuerFor, type Issuer } from './token-operations';

/** A wallet as the chain or Fleet holds it: SOL and each token account's raw amount. */
export interface WalletHoldings {
  /** Null only in Fleet, for a wallet never scanned. */
  readonly lamports: bigint | null;
  readonly accounts: ReadonlyMap<string, bigint>;
}

export interface ScanFleet {
  /** The wallets' addresses, in the order the scan is given them. */
  readonly addresses: readonly string[];
  /** Every token account a wallet may hold (the associated account of each mint). */
  readonly accountsOf: ReadonlyMap<string, readonly string[]>;
  /** Each mint's decimals, by every account of that mint. */
  readonly decimalsOf: ReadonlyMap<string, number>;
}

/** SOL each wallet holds before the import: 0.01 SOL and a thousand lamports per position. */
const FUNDING_LAMPORTS = 10_000_000n;
/**
 * Inside 1,232 bytes: SOL transfers from the issuer per transaction, and wallets per transaction
 * when each signs its own moves (a signature and two instructions each).
 */
const PAYMENTS_PER_TRANSACTION = 20;
const OWNERS_PER_TRANSACTION = 5;
/** `POST /api/wallet` takes at most 5,000 keys; the preview's answer for that many is megabytes. */
const IMPORT_CHUNK = 500;

function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}

/**
 * Makes `count` wallets on the session's chain, imports them with the scan preview, then
 * changes the chain beside Fleet (by position modulo 4): 0 receives SOL and a token account of a
 * mint Fleet has never seen; 1 receives SOL and has its first mint's account emptied; 2 has that
 * account emptied and closed (its rent comes back to the wallet); 3 has its SOL drained to 0 and
 * more of the first mint minted to it. Odd positions also hold a one-unit, no-decimals token (an
 * NFT by spec 2 §7's counts) throughout.
 */
export async function importChangedFleet(
  session: CrashSession,
  count: number,
  log: (line: string) => void,
): Promise<ScanFleet> {
  const issuer = await issuerFor(session);
  const keys = Array.from({ length: count }, () => newTestKeypair());
  const owners: KeyPairSigner[] = [];
  for (const key of keys) owners.push(await createKeyPairSignerFromBytes(key.secretKey));
  issuer.signFor(owners);
  const addresses = keys.map((key) => key.address);
  const [coin, nft] = [
    await issuer.createMint('token', 6),
    await issuer.createMint('token2022', 0),
  ];

  // 1. the chain as the import reads it
  await issuer.send(
    chunked(
      addresses.map((to, index) =>
        systemTransferInstruction({
          from: issuer.authority,
          to: to as Address,
          lamports: FUNDING_LAMPORTS + BigInt(index) * 1_000n,
        }),
      ),
      PAYMENTS_PER_TRANSACTION,
    ),
  );
  // Where emptied accounts' tokens go: the issuer's own account of the mint.
  const [sink] = await issuer.give([{ owner: issuer.authority, mint: coin, amount: 0n }]);
  if (sink === undefined) throw new Error('the issuer has no account of its own mint');
  await issuer.give([
    ...addresses.map((owner, index) => ({ owner, mint: coin, amount: 1_000n + BigInt(index) })),
    ...addresses
      .filter((_, index) => index % 2 === 1)
      .map((owner) => ({ owner, mint: nft, amount: 1n })),
  ]);
  log(`scan fleet: ${count} wallets funded and given tokens`);

  // 2. imported with the preview, so Fleet stores those balances and accounts
  for (const part of chunked(keys, IMPORT_CHUNK)) {
    const publicAddresses = part.map((key) => key.address);
    const preview = await session.api()('POST', '/scan-assets/preview', { publicAddresses });
    const imported = await session.api()<{ created: number }>('POST', '/wallet', {
      privateKeys: part.map((key) => key.privateKey),
      preview,
    });
    if (imported.created !== part.length) {
      throw new Error(`import: ${imported.created} of ${part.length} wallets created`);
    }
  }
  log(`scan fleet: ${count} wallets imported with their scan preview`);

  // 3. the chain changed beside Fleet
  const fresh = await changeBesideFleet(session, issuer, { addresses, coin, sink });
  log(`scan fleet: the chain changed beside Fleet`);

  const mints: CrashMint[] = [coin, nft, fresh];
  const accountsOf = new Map(
    addresses.map((owner) => [
      owner,
      mints.map((mint) => associatedTokenAddress(owner as Address, mint.mint, mint.program)),
    ]),
  );
  const decimalsOf = new Map(
    addresses.flatMap((owner) =>
      mints.map(
        (mint) =>
          [
            associatedTokenAddress(owner as Address, mint.mint, mint.program),
            mint.decimals,
          ] as const,
      ),
    ),
  );
  return { addresses, accountsOf, decimalsOf };
}

/** What the chain holds for each wallet of the fleet now. */
export async function fleetOnChain(
  rpcUrl: string,
  fleet: ScanFleet,
): Promise<Map<string, WalletHoldings>> {
  const lamports = await balancesOf(rpcUrl, fleet.addresses);
  const accounts = await tokenAccountsOf(rpcUrl, [...fleet.accountsOf.values()].flat());
  return new Map(
    fleet.addresses.map((owner) => {
      const held = new Map<string, bigint>();
      for (const account of fleet.accountsOf.get(owner) ?? []) {
        const found = accounts.get(account);
        if (found) held.set(account, found.amount);
      }
      return [owner, { lamports: lamports.get(owner) ?? 0n, accounts: held }];
    }),
  );
}

/**
 * The changes of `importChangedFleet`, by position modulo 4, each owner's instructions in one
 * transaction (an emptied account's close after its transfer); answers the mint Fleet has never
 * seen.
 */
async function changeBesideFleet(
  session: CrashSession,
  issuer: Issuer,
  fleet: { readonly addresses: readonly string[]; readonly coin: CrashMint; readonly sink: string },
): Promise<CrashMint> {
  const { coin } = fleet;
  const fresh = await issuer.createMint('token2022', 9);
  const positions = fleet.addresses.map((address, index) => ({
    owner: address as Address,
    index,
    coinAccount: associatedTokenAddress(address as Address, coin.mint, coin.program),
  }));
  const at = (kind: number) => positions.filter(({ index }) => index % 4 === kind);
  const drained = await balancesOf(
    session.server().rpcUrl,
    at(3).map(({ owner }) => owner),
  );
  const paid = (to: Address, index: number) =>
    systemTransferInstruction({
      from: issuer.authority,
      to,
      lamports: 5_000_000n + 7n * BigInt(index),
    });
  const emptied = ({ owner, index, coinAccount }: (typeof positions)[number]) =>
    transferCheckedInstruction({
      program: coin.program,
      source: coinAccount,
      mint: coin.mint,
      destination: fleet.sink as Address,
      owner,
      amount: 1_000n + BigInt(index),
      decimals: coin.decimals,
    });
  const byOwner = (
    kinds: readonly number[],
    moves: (position: (typeof positions)[number]) => Instruction[],
  ) =>
    chunked(
      positions.filter(({ index }) => kinds.includes(index % 4)),
      OWNERS_PER_TRANSACTION,
    ).map((part) => part.flatMap(moves));
  await issuer.send([
    ...chunked(
      [...at(0), ...at(1)].map(({ owner, index }) => paid(owner, index)),
      PAYMENTS_PER_TRANSACTION,
    ),
    ...byOwner([1], (position) => [emptied(position)]),
    ...byOwner([2], (position) => [
      emptied(position),
      closeAccountInstruction({
        program: coin.program,
        account: position.coinAccount,
        destination: position.owner,
        owner: position.owner,
      }),
    ]),
    ...byOwner([3], ({ owner, index, coinAccount }) => [
      systemTransferInstruction({
        from: owner,
        to: issuer.authority,
        lamports: drained.get(owner) ?? 0n,
      }),
      mintTo(coin, coinAccount, issuer.authority, 500n + BigInt(index)),
    ]),
  ]);
  await issuer.give(
    at(0).map(({ owner, index }) => ({ owner, mint: fresh, amount: 1n + BigInt(index) })),
  );
  return fresh;
}
