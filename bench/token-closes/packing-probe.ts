// Core's close packer alone: how many of one owner's accounts one legacy transaction holds.
import {
  address,
  encodeBase58,
  packCloses,
  type Address,
  type CloseItem,
  type RentDestination,
} from '@fleet/core';
import { randomBytes } from 'node:crypto';

const randomAddress = (): Address => address(encodeBase58(randomBytes(32)));

export function largestForOneOwner(probe: {
  readonly master: Address;
  readonly mint: Address;
  readonly mix: 'token' | 'mixed';
  readonly rentDestination: RentDestination;
  readonly feePayer: 'master' | 'owner';
}): { n: number; size: number } {
  const { mix, rentDestination, feePayer } = probe;
  const owner = randomAddress();
  let best = { n: 0, size: 0 };
  for (let n = 1; n <= 64; n += 1) {
    const closes: CloseItem[] = Array.from({ length: n }, (_, i) => ({
      itemId: String(i),
      owner,
      tokenAccount: randomAddress(),
      mint: probe.mint,
      program: mix === 'mixed' && i % 3 === 2 ? 'token2022' : 'token',
      rentLamports: 2_039_280n,
    }));
    const packed = packCloses({
      master: probe.master,
      closes,
      rentDestination,
      feePayer,
      microLamportsPerComputeUnit: 0n,
    });
    if (!packed.ok || packed.value.length !== 1) break;
    best = { n, size: packed.value[0]?.size ?? 0 };
  }
  return best;
}
