// JSON with u64s: Agave writes lamports, slots and amounts as bare JSON numbers even above 2^53,
// so bigints are emitted as number literals rather than strings.

const MARK = '\u0000bigint:';
const MARKED = /"\\u0000bigint:(\d+)"/g;

export function stringifyJson(value: unknown): string {
  let marked = false;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'bigint') return v;
    if (v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER))
      return Number(v);
    marked = true;
    return MARK + v.toString();
  });
  return marked ? text.replace(MARKED, '$1') : text;
}
