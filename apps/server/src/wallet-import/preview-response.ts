import type { ScanPreviewResponse } from '@fleet/core';
import type { ScanReport } from '@fleet/chain';

/** The scan report as spec 1 §3's preview: bigints as decimal strings, endpoints as a count. */
export function toPreviewResponse(report: ScanReport): ScanPreviewResponse {
  return {
    publicAddresses: report.results.map((result) => result.owner),
    wallets: report.results.map((result) =>
      result.ok
        ? {
            address: result.owner,
            ok: true,
            lamports: result.value.lamports.toString(),
            tokenAccounts: result.value.tokens.length,
            error: null,
          }
        : {
            address: result.owner,
            ok: false,
            lamports: null,
            tokenAccounts: 0,
            error: result.error.message,
          },
    ),
    tokens: report.tokens.map((token) => ({
      mint: token.mint,
      name: token.name || null,
      symbol: token.symbol || null,
      decimals: token.decimals,
      totalAmount: token.totalAmount.toString(),
    })),
    holdersByMint: Object.fromEntries(
      Object.entries(report.holdersByMint).map(([mint, holders]) => [
        mint,
        holders.map((holder) => ({
          wallet: holder.wallet,
          lamports: holder.lamports.toString(),
          amount: holder.amount.toString(),
          decimals: holder.decimals,
        })),
      ]),
    ),
    stats: {
      endpoints: report.stats.endpoints.length,
      endpointHits: { ...report.stats.endpointHits },
      endpointErrors: { ...report.stats.endpointErrors },
      endpoint429s: { ...report.stats.endpoint429s },
      durationMs: report.stats.durationMs,
      throughputWalletsPerMin: report.stats.throughputWalletsPerMin,
      failedAddresses: [...report.stats.failedAddresses],
    },
    error: report.error,
  };
}
