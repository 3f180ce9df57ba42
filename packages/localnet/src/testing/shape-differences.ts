// Compares a response with a sample in its published shape (Agave's JSON-RPC answers, the
// providers' documented responses): every field of the sample must be present with the same JSON
// type (values differ; shapes must not). Arrays of the sample's length compare item by item (a
// tuple); others compare each item with the sample's first.

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Where `actual` lacks a documented field or has it with another JSON type. */
export function shapeDifferences(expected: unknown, actual: unknown, path = '$'): string[] {
  if (kind(expected) !== kind(actual))
    return [`${path}: expected ${kind(expected)}, got ${kind(actual)}`];
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length === 0) return [];
    if (actual.length === 0) return [`${path}: expected a non-empty array`];
    if (expected.length === actual.length) {
      return expected.flatMap((item: unknown, i) =>
        shapeDifferences(item, actual[i], `${path}[${i}]`),
      );
    }
    return actual.flatMap((item: unknown, i) =>
      shapeDifferences(expected[0], item, `${path}[${i}]`),
    );
  }
  if (kind(expected) === 'object') {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    return Object.keys(e).flatMap((key) =>
      key in a ? shapeDifferences(e[key], a[key], `${path}.${key}`) : [`${path}.${key}: missing`],
    );
  }
  return [];
}

/** A sample committed beside a provider's tests. */
export async function readSample(url: URL): Promise<unknown> {
  const { readFile } = await import('node:fs/promises');
  return JSON.parse(await readFile(url, 'utf8')) as unknown;
}
