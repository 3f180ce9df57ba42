import type { DeepScanResult, DeepScanUpdateDetails } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  UpdateTooLargeError,
  addUpdateDetails,
  sendUpdateInHalves,
  type SendUpdate,
  type UpdateAttempt,
} from './deep-scan-update';

const results = (count: number): DeepScanResult[] =>
  Array.from({ length: count }, (_, index) => ({
    addr: `wallet-${index}`,
    status: index % 5 === 4 ? ('error' as const) : ('ok' as const),
    tokensFound: index,
    error: index % 5 === 4 ? 'RPC timeout' : null,
  }));

/** What a server applying each ok result once would answer: one wallet, one token each. */
function detailsOf(part: readonly DeepScanResult[]): DeepScanUpdateDetails {
  const ok = part.filter((result) => result.status === 'ok').length;
  return {
    walletsUpdated: ok,
    tokensAdded: ok,
    tokensUpdated: 2 * ok,
    walletsSkipped: part.length - ok,
    walletsNewerKept: 0,
  };
}

/** A server that accepts at most `limit` results a call, and the calls it was sent. */
function serverAccepting(limit: number) {
  const calls: string[][] = [];
  const send: SendUpdate = (part) => {
    calls.push(part.map((result) => result.addr));
    const attempt: UpdateAttempt =
      part.length > limit ? { status: 'too-large' } : { status: 'ok', details: detailsOf(part) };
    return Promise.resolve(attempt);
  };
  return { calls, send };
}

describe('the deep scan update', () => {
  it('sends every result in one call when the server accepts it', async () => {
    const server = serverAccepting(100);
    const all = results(10);
    await expect(sendUpdateInHalves(all, server.send)).resolves.toEqual(detailsOf(all));
    expect(server.calls).toEqual([all.map((result) => result.addr)]);
  });

  it('halves on 413, recursively, and sums the details of the parts', async () => {
    const server = serverAccepting(3);
    const all = results(10);
    const details = await sendUpdateInHalves(all, server.send);
    expect(details).toEqual(detailsOf(all));
    // 10 → 5 + 5 → (3 + 2) + (3 + 2): the refused calls, then the accepted ones in order.
    expect(server.calls.map((call) => call.length)).toEqual([10, 5, 3, 2, 5, 3, 2]);
  });

  it('sends each wallet in exactly one accepted call, in the scan’s order', async () => {
    const server = serverAccepting(4);
    const all = results(37);
    await sendUpdateInHalves(all, server.send);
    const accepted = server.calls.filter((call) => call.length <= 4).flat();
    expect(accepted).toEqual(all.map((result) => result.addr));
  });

  it('fails when a single result is still too large', async () => {
    const server = serverAccepting(0);
    const error = await sendUpdateInHalves(results(2), server.send).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UpdateTooLargeError);
    expect(error).toMatchObject({ address: 'wallet-0' });
    // The first half failed alone: the second half was never sent.
    expect(server.calls).toEqual([['wallet-0', 'wallet-1'], ['wallet-0']]);
  });

  it('fails at once when even an empty update is too large', async () => {
    await expect(sendUpdateInHalves([], serverAccepting(-1).send)).rejects.toMatchObject({
      name: 'UpdateTooLargeError',
      address: null,
    });
  });

  it('stops at the first failure other than 413, keeping what it says', async () => {
    const calls: number[] = [];
    const refusal = new Error('Failed to update');
    const send: SendUpdate = (part) => {
      calls.push(part.length);
      if (part.length > 2) return Promise.resolve({ status: 'too-large' });
      return Promise.reject(refusal);
    };
    await expect(sendUpdateInHalves(results(4), send)).rejects.toBe(refusal);
    expect(calls).toEqual([4, 2]);
  });

  it('adds details field by field', () => {
    expect(
      addUpdateDetails(
        {
          walletsUpdated: 1,
          tokensAdded: 2,
          tokensUpdated: 3,
          walletsSkipped: 4,
          walletsNewerKept: 5,
        },
        {
          walletsUpdated: 10,
          tokensAdded: 20,
          tokensUpdated: 30,
          walletsSkipped: 40,
          walletsNewerKept: 50,
        },
      ),
    ).toEqual({
      walletsUpdated: 11,
      tokensAdded: 22,
      tokensUpdated: 33,
      walletsSkipped: 44,
      walletsNewerKept: 55,
    });
  });
});
