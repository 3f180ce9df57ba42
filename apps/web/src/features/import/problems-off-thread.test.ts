import { describe, expect, it } from 'vitest';
import { problemsInTextOffThread } from './problems-off-thread';

describe('reading line problems off the main thread', () => {
  it('answers in the page itself where there are no workers, with the same lines', async () => {
    expect(typeof Worker).toBe('undefined');
    expect(await problemsInTextOffThread('notes\n[1,2,3]')).toEqual([
      { line: 1, endLine: 1, message: 'Unsupported private key format' },
      { line: 2, endLine: 2, message: 'Invalid private key length' },
    ]);
  });
});
