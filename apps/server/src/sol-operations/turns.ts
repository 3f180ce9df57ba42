/**
 * Runs work at most `concurrency` at a time, in the order it was asked for. For CPU work shared by
 * many lanes (signing): the first asked finish first, instead of every lane finishing together.
 */
export function createTurns(concurrency: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) {
      // The slot is handed over by the run that ends, so nobody overtakes the queue.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
