// Associated token addresses, cached: a PDA costs a few SHA-256 rounds through WebCrypto, and the
// swap builder and the generator ask for the same few owner/mint pairs again and again.

import { address as toAddress, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';

import { ASSOCIATED_TOKEN_PROGRAM } from '../../chain/program-ids.js';

const CACHE_LIMIT = 20_000;
const cache = new Map<string, Promise<string>>();

export function associatedTokenAddress(
  owner: string,
  mint: string,
  tokenProgram: string,
): Promise<string> {
  const key = `${owner}:${mint}:${tokenProgram}`;
  let found = cache.get(key);
  if (found === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    const encoder = getAddressEncoder();
    found = getProgramDerivedAddress({
      programAddress: toAddress(ASSOCIATED_TOKEN_PROGRAM),
      seeds: [
        encoder.encode(toAddress(owner)),
        encoder.encode(toAddress(tokenProgram)),
        encoder.encode(toAddress(mint)),
      ],
    }).then(([pda]) => pda as string);
    cache.set(key, found);
  }
  return found;
}
