import { createSecretKey, type KeyObject } from 'node:crypto';
import { dataKeyAssociatedData } from './associated-data';
import { open, seal } from './aes-gcm';
import type { Kek } from './kek';

/** Data keys are 32 random bytes, wrapped with AES-256-GCM under the KEK. */
export const DATA_KEY_BYTES = 32;
export const DATA_KEY_ALGORITHM = 'aes-256-gcm/v1';

export interface DataKeySlot {
  readonly tenantId: string;
  readonly version: number;
}

const kekObjects = new WeakMap<Kek, KeyObject>();

// One KeyObject per KEK: the key then lives in OpenSSL's memory rather than in fresh JS buffers.
function kekObject(kek: Kek): KeyObject {
  let keyObject = kekObjects.get(kek);
  if (keyObject === undefined) {
    keyObject = createSecretKey(kek.key);
    kekObjects.set(kek, keyObject);
  }
  return keyObject;
}

export function wrapDataKey(kek: Kek, slot: DataKeySlot, dataKey: Uint8Array): Uint8Array {
  return seal(
    kekObject(kek),
    dataKey,
    dataKeyAssociatedData({ ...slot, kekId: kek.id, algorithm: DATA_KEY_ALGORITHM }),
  );
}

/** The raw data key (zero it after use), or `undefined` if `wrapped` does not open under `kek`. */
export function unwrapDataKey(
  kek: Kek,
  slot: DataKeySlot,
  wrapped: Uint8Array,
): Uint8Array | undefined {
  return open(
    kekObject(kek),
    wrapped,
    dataKeyAssociatedData({ ...slot, kekId: kek.id, algorithm: DATA_KEY_ALGORITHM }),
    DATA_KEY_BYTES,
  );
}
