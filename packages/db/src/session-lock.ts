import pg from 'pg';

/**
 * A Postgres advisory lock held by one dedicated connection for as long as the holder lives: a
 * process that dies (kill -9 included) loses its connection and with it the lock, so a lock can
 * never be left behind. Shared holders coexist; an exclusive holder excludes everyone.
 */
export interface SessionLock {
  /** Settles when the connection that holds the lock is lost: the lock is gone with it. */
  readonly lost: Promise<Error>;
  release(): Promise<void>;
}

export type SessionLockMode = 'shared' | 'exclusive';

/**
 * Takes the lock without waiting: the lock, or `undefined` when another session holds it in a
 * conflicting mode. PGlite has no such locks (one process owns its data directory, see the
 * server's data-dir lock), so this is for Postgres URLs only.
 */
export async function trySessionLock(
  url: string,
  lockId: number,
  mode: SessionLockMode,
): Promise<SessionLock | undefined> {
  const client = new pg.Client({ connectionString: url, application_name: 'fleet-lock' });
  let loseWith: (error: Error) => void = () => undefined;
  const lost = new Promise<Error>((resolve) => {
    loseWith = resolve;
  });
  let releasing = false;
  client.on('error', (error) => loseWith(error));
  client.on('end', () => {
    if (!releasing) loseWith(new Error('the connection holding the lock ended'));
  });
  await client.connect();
  const take = mode === 'shared' ? 'pg_try_advisory_lock_shared' : 'pg_try_advisory_lock';
  const result = await client
    .query<{ taken: boolean }>(`select ${take}($1) as taken`, [lockId])
    .catch(async (error: unknown) => {
      releasing = true;
      await client.end();
      throw error;
    });
  if (result.rows[0]?.taken !== true) {
    releasing = true;
    await client.end();
    return undefined;
  }
  return {
    lost,
    async release() {
      if (releasing) return;
      releasing = true;
      // Ending the session releases every advisory lock it holds.
      await client.end().catch(() => undefined);
    },
  };
}
