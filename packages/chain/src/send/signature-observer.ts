import type { Clock } from '@fleet/core';

import type { EndpointPool } from '../pool/endpoint-pool';
import {
  MAX_SIGNATURES_PER_STATUS_CALL,
  observeSignatures,
  type SignatureObservation,
} from './observe-signatures';

/** How long a status question waits for others to share its call; default of `windowMs`. */
export const OBSERVE_WINDOW_MS = 20;

export interface SignatureObserver {
  /** The signature's status with the height read just before it, from one endpoint. */
  observe(signature: string): Promise<SignatureObservation>;
}

interface Question {
  readonly signature: string;
  readonly resolve: (answer: SignatureObservation) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Status questions from many drivers at once (one per transaction in flight), answered together:
 * those asked within `windowMs` of each other share one `getBlockHeight` and one
 * `getSignatureStatuses` of up to 256 signatures, both from one pinned endpoint as
 * `observeSignatures` requires, rather than two calls each. A call no endpoint answers is asked of
 * the next healthiest endpoint (pinned afresh), up to once per endpoint; only then do its
 * questions fail, each with that error.
 */
export function createSignatureObserver(
  pool: Pick<EndpointPool, 'pinned' | 'size'>,
  options: { readonly clock: Pick<Clock, 'schedule'>; readonly windowMs?: number },
): SignatureObserver {
  const windowMs = options.windowMs ?? OBSERVE_WINDOW_MS;
  let waiting: Question[] = [];
  let cancelFlush: (() => void) | null = null;

  const answer = async (questions: readonly Question[]): Promise<void> => {
    const signatures = [...new Set(questions.map((q) => q.signature))];
    let failure: unknown = new Error('no endpoint to observe with');
    for (let attempt = 0; attempt < Math.max(1, pool.size); attempt++) {
      let observed: readonly SignatureObservation[];
      try {
        observed = await observeSignatures(pool.pinned().rpc, signatures);
      } catch (error) {
        failure = error;
        continue;
      }
      const bySignature = new Map(observed.map((o) => [o.signature, o]));
      for (const question of questions) {
        const found = bySignature.get(question.signature);
        if (found) question.resolve(found);
        else question.reject(new Error('the status call answered nothing for a signature'));
      }
      return;
    }
    for (const question of questions) question.reject(failure);
  };

  const flush = (): void => {
    cancelFlush?.();
    cancelFlush = null;
    const questions = waiting;
    waiting = [];
    if (questions.length > 0) void answer(questions);
  };

  return {
    observe(signature) {
      return new Promise<SignatureObservation>((resolve, reject) => {
        waiting.push({ signature, resolve, reject });
        if (waiting.length >= MAX_SIGNATURES_PER_STATUS_CALL) flush();
        else cancelFlush ??= options.clock.schedule(flush, windowMs);
      });
    },
  };
}
