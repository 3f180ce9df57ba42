// Mints seen by scans: decimals read from the mint account itself (the chain is the authority on
// how to scale an amount), names and symbols from the endpoint's digital-asset API (DAS
// getAssetBatch) when it offers one. Cached per mint for the life of the scanner, so a re-scan
// costs nothing here.

import { isFleetError } from '@fleet/core';
import { address, type Address } from '@solana/kit';

import type { EndpointPool } from '../pool/endpoint-pool';
import { base64Bytes, decodeMintDecimals, programOf, type TokenProgram } from './token-layout';

export interface MintInfo {
  readonly mint: Address;
  readonly program: TokenProgram;
  readonly decimals: number;
  /** Empty when the endpoint has no DAS or the asset has no name. */
  readonly name: string;
  readonly symbol: string;
}

const BATCH = 100;
const METHOD_NOT_FOUND = -32601;

export interface MintDirectory {
  get(mint: string): MintInfo | undefined;
  /** Reads the mints not yet known; returns the ones that could not be read, with why. */
  resolve(mints: Iterable<string>, signal?: AbortSignal): Promise<Map<string, string>>;
}

export function createMintDirectory(pool: EndpointPool): MintDirectory {
  const cache = new Map<string, MintInfo>();
  let dasOffered = true;

  const readNames = async (
    ids: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<Map<string, { name: string; symbol: string }>> => {
    const names = new Map<string, { name: string; symbol: string }>();
    if (!dasOffered) return names;
    try {
      const assets = await pool.call('getAssetBatch', { ids }, signal);
      if (!Array.isArray(assets)) return names;
      ids.forEach((id, i) => {
        const found = nameOf(assets[i]);
        if (found !== null) names.set(id, found);
      });
    } catch (error) {
      // Names are for display: an endpoint without DAS (or a failed call) leaves them empty.
      if (isFleetError(error, 'RPC__CALL_REFUSED') && error.context.code === METHOD_NOT_FOUND)
        dasOffered = false;
      if (signal?.aborted === true) throw error;
    }
    return names;
  };

  return {
    get: (mint) => cache.get(mint),
    async resolve(mints, signal) {
      const failures = new Map<string, string>();
      const wanted = [...new Set(mints)].filter((m) => !cache.has(m));
      for (let start = 0; start < wanted.length; start += BATCH) {
        const ids = wanted.slice(start, start + BATCH);
        try {
          const [{ value }, names] = await Promise.all([
            pool.rpc
              .getMultipleAccounts(
                ids.map((id) => address(id)),
                { encoding: 'base64', commitment: 'confirmed' },
              )
              .send(signal === undefined ? undefined : { abortSignal: signal }),
            readNames(ids, signal),
          ]);
          ids.forEach((id, i) => {
            const account = value[i];
            const program = account ? programOf(account.owner) : null;
            const bytes = account ? base64Bytes(account.data) : null;
            const decimals =
              program === null || bytes === null ? null : decodeMintDecimals(bytes, program);
            if (program === null || decimals === null) {
              failures.set(id, `${id} is not a token mint`);
              return;
            }
            const name = names.get(id);
            cache.set(id, {
              mint: address(id),
              program,
              decimals,
              name: name?.name ?? '',
              symbol: name?.symbol ?? '',
            });
          });
        } catch (error) {
          if (signal?.aborted === true) throw error;
          const reason = error instanceof Error ? error.message : String(error);
          for (const id of ids) failures.set(id, `could not read mint ${id}: ${reason}`);
        }
      }
      return failures;
    },
  };
}

function nameOf(asset: unknown): { name: string; symbol: string } | null {
  if (typeof asset !== 'object' || asset === null) return null;
  const record = asset as {
    content?: { metadata?: { name?: unknown; symbol?: unknown } };
    token_info?: { symbol?: unknown };
  };
  const name = record.content?.metadata?.name;
  const symbol = record.content?.metadata?.symbol ?? record.token_info?.symbol;
  return { name: clean(name), symbol: clean(symbol) };
}

// Provider text reaches operators' screens: printable characters only, bounded length.
function clean(value: unknown): string {
  if (typeof value !== 'string') return '';
  const printable = [...value].filter((c) => {
    const code = c.codePointAt(0) ?? 0;
    return code >= 0x20 && code !== 0x7f;
  });
  return printable.join('').trim().slice(0, 64);
}
