import { trySessionLock, type DatabaseLocation, type SessionLock } from '@fleet/db';
import { lockDataDir } from './data-dir-lock';

/**
 * Servers and `rotate-kek` exclude each other on one database. A server could otherwise create a
 * tenant while a rotation runs and wrap its data key under the KEK that the rotation is about to
 * drop (seen: that tenant's keys answered 500 for good after the next restart). Every server holds
 * this lock shared for its whole life; a rotation takes it exclusively or refuses to start.
 * On PGlite the data directory's lock already admits one process at a time.
 */
export const VAULT_LOCK_ID = 0x466c4b454b; // "FlKEK"; the migration lock uses another id

export class VaultLockBusyError extends Error {
  override readonly name = 'VaultLockBusyError';
}

/** The server's side: undefined on PGlite, where the data directory's lock does the job. */
export async function holdServerVaultLock(
  location: DatabaseLocation,
): Promise<SessionLock | undefined> {
  if (location.kind !== 'postgres') return undefined;
  const lock = await trySessionLock(location.url, VAULT_LOCK_ID, 'shared');
  if (!lock) {
    throw new VaultLockBusyError(
      'a key-encryption key rotation (`npm run fleet -- rotate-kek`) is running on this database; start the server again when it has finished',
    );
  }
  return lock;
}

/** The rotation's side: exclusive access to the database and data directory, or a refusal. */
export async function takeRotationLock(
  location: DatabaseLocation,
  dataDir: string,
): Promise<() => Promise<void>> {
  if (location.kind !== 'postgres') {
    const unlock = lockDataDir(dataDir);
    return () => Promise.resolve(unlock());
  }
  const lock = await trySessionLock(location.url, VAULT_LOCK_ID, 'exclusive');
  if (!lock) {
    throw new VaultLockBusyError(
      'a Fleet server (or another rotation) is using this database: stop every server first. Nothing was changed.',
    );
  }
  return () => lock.release();
}
