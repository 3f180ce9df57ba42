// The one HTTP seam of the package. The server passes the platform's fetch; tests pass the same
// fetch pointed at a loopback server. Nothing here reaches for a global, so no request escapes the
// rate budget.

export interface FetchResponseLike {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export interface FetchInit {
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly signal: AbortSignal;
}

export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponseLike>;
