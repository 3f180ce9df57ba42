// The benchmark's localnet process: starts a localnet on a free port, gives 20 owners two token
// accounts each (for the token-scan figure) and prints one JSON line describing itself. With a
// directory as its argument, the localnet persists there.

import { randomBytes } from 'node:crypto';

import { getBase58Decoder } from '@solana/kit';

import { createLocalnet } from '@fleet/localnet';

const dataDir = process.argv[2];
const localnet = await createLocalnet({ port: 0, ...(dataDir === undefined ? {} : { dataDir }) });
const base58 = getBase58Decoder();
const owners = Array.from({ length: 20 }, () => base58.decode(randomBytes(32)));
const mints = [
  await localnet.admin.createMint({ decimals: 6, name: 'Bench Dollar', symbol: 'BUSD' }),
  await localnet.admin.createMint({ decimals: 9, name: 'Bench Token', symbol: 'BT' }),
];
for (const owner of owners) {
  for (const mint of mints)
    await localnet.admin.createTokenAccount({ owner, mint, amount: 1_000_000n });
}
console.log(JSON.stringify({ url: localnet.url, tokenOwners: owners }));

process.once('SIGTERM', () => {
  void localnet.close().then(() => process.exit(0));
});
