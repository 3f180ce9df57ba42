/**
 * What an operation reads back from the chain as its payments end (balances after): entries are
 * queued as they become readable and read `size` at a time, one batch after another, so these
 * reads never crowd out the operation's own calls. `settle` waits for the batches in progress and
 * hands back what was queued but not read, for the caller's last read.
 */
export function createBatchedReads<T>(size: number, read: (batch: readonly T[]) => Promise<void>) {
  let queued: T[] = [];
  let reading: Promise<void> = Promise.resolve();
  return {
    add(entries: readonly T[]): void {
      queued.push(...entries);
      while (queued.length >= size) {
        const batch = queued.slice(0, size);
        queued = queued.slice(size);
        reading = reading.then(() => read(batch));
      }
    },
    async settle(): Promise<T[]> {
      await reading;
      const rest = queued;
      queued = [];
      return rest;
    },
  };
}
