/**
 * Associated data for AES-GCM: what a ciphertext is bound to. Each field is length-prefixed, so no
 * two different field lists encode to the same bytes ("ab"+"c" never equals "a"+"bc"), and the
 * first field is a label, so a wrapped data key can never be accepted as a secret-key ciphertext
 * or the other way round.
 */
export interface DataKeyBinding {
  readonly tenantId: string;
  readonly version: number;
  readonly kekId: string;
  readonly algorithm: string;
}

export interface SecretKeyBinding {
  readonly tenantId: string;
  readonly address: string;
  readonly dataKeyVersion: number;
  readonly algorithm: string;
}

export function dataKeyAssociatedData(binding: DataKeyBinding): Buffer {
  return encodeFields([
    'fleet/tenant-data-key',
    normaliseTenantId(binding.tenantId),
    String(binding.version),
    binding.kekId,
    binding.algorithm,
  ]);
}

export function secretKeyAssociatedData(binding: SecretKeyBinding): Buffer {
  return encodeFields([
    'fleet/wallet-secret-key',
    normaliseTenantId(binding.tenantId),
    binding.address,
    String(binding.dataKeyVersion),
    binding.algorithm,
  ]);
}

// Postgres prints uuids in lower case, but callers may hold an upper-case copy of the same id.
function normaliseTenantId(tenantId: string): string {
  return tenantId.toLowerCase();
}

function encodeFields(fields: readonly string[]): Buffer {
  const parts: Buffer[] = [];
  for (const field of fields) {
    const bytes = Buffer.from(field, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    parts.push(length, bytes);
  }
  return Buffer.concat(parts);
}
