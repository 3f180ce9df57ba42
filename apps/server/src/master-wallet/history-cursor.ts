import { FleetError } from '@fleet/core';

export interface HistoryCursor {
  readonly createdAt: Date;
  readonly id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// What `toISOString` writes for years 0001–9999. JavaScript's dates reach ±275760, Postgres takes
// neither a six-digit year with a sign nor year 0, and a cursor holds a stored time: only this
// one form is accepted, so every cursor that decodes is one the database can compare.
const ISO_UTC = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Opaque to clients: the position of the last entry of a page (time, then id for ties). */
export function encodeHistoryCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`, 'utf8').toString(
    'base64url',
  );
}

export function decodeHistoryCursor(text: string): HistoryCursor {
  const [at = '', id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at);
  const year = ISO_UTC.exec(at)?.[1];
  const valid =
    rest.length === 0 &&
    id !== undefined &&
    UUID.test(id) &&
    year !== undefined &&
    year !== '0000' &&
    // A date JavaScript rolls over (February 30th) is not the one the cursor names.
    !Number.isNaN(createdAt.getTime()) &&
    createdAt.toISOString() === at;
  if (!valid) throw new FleetError('MASTER_WALLET__INVALID_HISTORY_CURSOR');
  return { createdAt, id };
}
