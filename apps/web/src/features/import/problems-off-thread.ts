import { keyProblemSchema, type KeyProblem } from '@fleet/core';
import { z } from 'zod';
import { problemsInText } from './key-review';

const answerSchema = z.array(keyProblemSchema);

/**
 * `problemsInText` in a worker of its own, ended once it answers; in the page itself only where
 * workers do not exist (tests) or the worker fails to start, since a late list beats none.
 */
export function problemsInTextOffThread(text: string): Promise<KeyProblem[]> {
  if (typeof Worker === 'undefined') return Promise.resolve(problemsInText(text));
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./key-problems.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.addEventListener('message', (event: MessageEvent<unknown>) => {
      worker.terminate();
      const answer = answerSchema.safeParse(event.data);
      resolve(answer.success ? answer.data : problemsInText(text));
    });
    worker.addEventListener('error', () => {
      worker.terminate();
      resolve(problemsInText(text));
    });
    worker.postMessage(text);
  });
}
