import { FleetError } from '@fleet/core';

export interface HistoryCursor {
  readonly createdAt: Date;
  readonly id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opaque to clients: the position of the last entry of a page (time, then id for ties). */
export function encodeHistoryCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`, 'utf8').toString(
    'base64url',
  );
}

export function decodeHistoryCursor(text: string): HistoryCursor {
  const [at, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new FleetError('VALIDATION_FAILED', 'Invalid history cursor');
  }
  return { createdAt, id };
}
