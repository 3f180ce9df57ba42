import type { DeepScanResult, DeepScanUpdateDetails } from '@fleet/core';

/** One update call's answer: applied, or refused as larger than the body limit (HTTP 413). */
export type UpdateAttempt =
  | { readonly status: 'ok'; readonly details: DeepScanUpdateDetails }
  | { readonly status: 'too-large' };

export type SendUpdate = (scanResults: readonly DeepScanResult[]) => Promise<UpdateAttempt>;

/** A single scan result that the server still refuses as too large: halving cannot help. */
export class UpdateTooLargeError extends Error {
  override readonly name = 'UpdateTooLargeError';
  readonly address: string | null;

  constructor(address: string | null) {
    super(
      address === null
        ? 'The update is larger than the server accepts.'
        : `The scan result of ${address} alone is larger than the server accepts.`,
    );
    this.address = address;
  }
}

export function addUpdateDetails(
  a: DeepScanUpdateDetails,
  b: DeepScanUpdateDetails,
): DeepScanUpdateDetails {
  return {
    walletsUpdated: a.walletsUpdated + b.walletsUpdated,
    tokensAdded: a.tokensAdded + b.tokensAdded,
    tokensUpdated: a.tokensUpdated + b.tokensUpdated,
    walletsSkipped: a.walletsSkipped + b.walletsSkipped,
    walletsNewerKept: a.walletsNewerKept + b.walletsNewerKept,
  };
}

/**
 * Spec 2 §7: the deep scan's update sends every scan result at once; when the server answers 413
 * the results are split in half and each half is sent the same way, one after the other, and the
 * details of the parts are summed. Each wallet is sent in exactly one accepted call, so nothing
 * is applied twice. A failure other than 413 stops the update where it is (`send` throws).
 */
export async function sendUpdateInHalves(
  scanResults: readonly DeepScanResult[],
  send: SendUpdate,
): Promise<DeepScanUpdateDetails> {
  const attempt = await send(scanResults);
  if (attempt.status === 'ok') return attempt.details;
  if (scanResults.length <= 1) throw new UpdateTooLargeError(scanResults[0]?.addr ?? null);
  const middle = Math.ceil(scanResults.length / 2);
  const first = await sendUpdateInHalves(scanResults.slice(0, middle), send);
  const second = await sendUpdateInHalves(scanResults.slice(middle), send);
  return addUpdateDetails(first, second);
}
