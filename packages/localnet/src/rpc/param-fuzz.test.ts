// Every method, fed wrong shapes of params, answers with a JSON-RPC error of its own — never an
// internal error, never a dropped connection — and the server keeps serving.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLocalnet, type Localnet } from '../index.js';
import { generateKeypair, postRaw } from '../testing/raw-rpc.js';
import { METHODS } from './method-table.js';

let localnet: Localnet;
const internalFailures: unknown[] = [];

beforeAll(async () => {
  localnet = await createLocalnet({
    slotIntervalMs: 0,
    onError: (error) => internalFailures.push(error),
  });
});

afterAll(async () => {
  await localnet.close();
});

const someAddress = generateKeypair().address;
const variants: unknown[] = [
  [],
  [null],
  [1],
  [-1],
  [1.5],
  ['x'],
  [true],
  [{}],
  [[]],
  [someAddress, 'weird'],
  [someAddress, 7],
  [someAddress, { encoding: 5 }],
  [someAddress, { commitment: 'later' }],
  [someAddress, { minContextSlot: 'soon' }],
  [someAddress, { dataSlice: { offset: -1, length: 2 } }],
  [someAddress, { filters: 'all' }],
  [someAddress, { mint: 5 }],
  [[someAddress, 5]],
  ['1'.repeat(88)],
  [Array.from({ length: 300 }, () => someAddress)],
  { id: 5 },
  { ids: 'nope' },
  'params',
];

describe('wrong params for every method', () => {
  it('never produce an internal error', async () => {
    const calls = [...METHODS.keys()].flatMap((method) =>
      variants.map((params, i) => ({ jsonrpc: '2.0', id: `${method}#${i}`, method, params })),
    );
    // In batches small enough for the 50 KiB body limit.
    for (let i = 0; i < calls.length; i += 20) {
      const response = await postRaw(localnet.url, JSON.stringify(calls.slice(i, i + 20)));
      expect(response.status).toBe(200);
      const replies = response.body as {
        id: string;
        result?: unknown;
        error?: { code: number; message: string };
      }[];
      for (const reply of replies) {
        if (reply.error !== undefined) {
          expect({ id: reply.id, code: reply.error.code }).not.toEqual({
            id: reply.id,
            code: -32603,
          });
          expect(reply.error.message.length).toBeGreaterThan(0);
        }
      }
    }
    expect(internalFailures).toEqual([]);
    expect(
      (await postRaw(localnet.url, '{"jsonrpc":"2.0","id":1,"method":"getHealth"}')).body,
    ).toMatchObject({ result: 'ok' });
  });
});
