import { randomBytes } from 'node:crypto';

import { systemClock } from '@fleet/core';
import { createLocalnet, type Localnet } from '@fleet/localnet';
import { getBase58Decoder, generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEndpointPool } from '../pool/endpoint-pool';
import { createSignatureObserver } from './signature-observer';

const unknownSignature = (): string => getBase58Decoder().decode(randomBytes(64));

describe('status questions asked together', () => {
  let localnet: Localnet;

  beforeAll(async () => {
    localnet = await createLocalnet({
      slotIntervalMs: 0,
      endpoints: { first: {}, second: {}, down: { outage: true } },
    });
  });
  afterAll(async () => {
    await localnet.close();
  });

  const url = (name: string): string => localnet.endpoints[name]?.url ?? '';
  const calls = (name: string) => localnet.admin.counters(name).requestsByMethod;

  it('answers forty questions with one height and one status call, each with its own answer', async () => {
    localnet.admin.resetCounters('first');
    const pool = createEndpointPool({ endpoints: [url('first')] });
    const observer = createSignatureObserver(pool, { clock: systemClock });
    const payer = await generateKeyPairSigner();
    const landed = await localnet.admin.fund(payer.address, 1_000_000n);
    const questions = [landed, ...Array.from({ length: 39 }, unknownSignature)];

    const answers = await Promise.all(questions.map((signature) => observer.observe(signature)));

    expect(answers.map((answer) => answer.signature)).toEqual(questions);
    expect(answers[0]?.status).toEqual({ kind: 'confirmed' });
    expect(answers.slice(1).every((answer) => answer.status.kind === 'notFound')).toBe(true);
    expect(answers.every((answer) => answer.blockHeight !== null)).toBe(true);
    expect(calls('first')['getBlockHeight']).toBe(1);
    expect(calls('first')['getSignatureStatuses']).toBe(1);
  });

  it('asks the next endpoint when the pinned one does not answer, and fails only when none does', async () => {
    for (const name of ['down', 'second']) localnet.admin.resetCounters(name);
    const pool = createEndpointPool({ endpoints: [url('down'), url('second')], timeoutMs: 500 });
    const observer = createSignatureObserver(pool, { clock: systemClock });
    const questions = Array.from({ length: 5 }, unknownSignature);

    const answers = await Promise.all(questions.map((signature) => observer.observe(signature)));
    expect(answers.every((answer) => answer.status.kind === 'notFound')).toBe(true);
    // Height and statuses from the one endpoint that answered, once for all five.
    expect(calls('second')['getBlockHeight']).toBe(1);
    expect(calls('second')['getSignatureStatuses']).toBe(1);

    const alone = createEndpointPool({ endpoints: [url('down')], timeoutMs: 500 });
    const nobody = createSignatureObserver(alone, { clock: systemClock });
    const refused = await Promise.allSettled(
      questions.map((signature) => nobody.observe(signature)),
    );
    expect(refused.every((outcome) => outcome.status === 'rejected')).toBe(true);
  });
});
