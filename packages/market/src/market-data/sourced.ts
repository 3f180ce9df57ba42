// Every figure Fleet shows from a provider says where it came from and when, or that it is
// unavailable and why. There is no zero standing in for "unknown": the screen shows a dash and
// the reasons.

export type SourceId = 'jupiter' | 'dexscreener' | 'geckoterminal' | 'moralis' | 'metadata';

export type Sourced<T> =
  | {
      readonly status: 'known';
      readonly value: T;
      readonly source: SourceId;
      /** Epoch milliseconds when the value was fetched. */
      readonly at: number;
    }
  | { readonly status: 'unavailable'; readonly reasons: readonly string[] };

export function known<T>(value: T, source: SourceId, at: number): Sourced<T> {
  return { status: 'known', value, source, at };
}

export function unavailable<T>(reasons: readonly string[]): Sourced<T> {
  return {
    status: 'unavailable',
    reasons: reasons.length > 0 ? reasons : ['no provider answered'],
  };
}

/** The value, or null when unavailable: for arithmetic that must skip the unknown, never zero it. */
export function valueOf<T>(field: Sourced<T>): T | null {
  return field.status === 'known' ? field.value : null;
}
