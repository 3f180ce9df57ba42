// A provider on loopback for tests: routes answer with recorded fixtures (or 429s, HTML, hangs),
// and every request is logged with the test clock's time, so a test can count requests per window
// without timing anything on the wall clock.

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  /** The test clock's time when the request arrived. */
  readonly at: number;
}

export type Reply =
  | { readonly status?: number; readonly headers?: Record<string, string>; readonly body: string }
  /** Reads the request, then never answers (until the server closes). */
  | { readonly hang: true };

export type Route = (request: SeenRequest) => Reply;

export interface FakeProviderServer {
  readonly url: string;
  readonly requests: SeenRequest[];
  /** Replaces the routes: the first whose pattern matches `METHOD /path` answers. */
  route(pattern: RegExp, reply: Route): void;
  close(): Promise<void>;
}

export function fixtureText(base: URL | string, name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, base), 'utf8');
}

export const json = (body: unknown, status = 200): Reply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

export async function startFakeProvider(now: () => number): Promise<FakeProviderServer> {
  const routes: { pattern: RegExp; reply: Route }[] = [];
  const requests: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://loopback');
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: now(),
      };
      requests.push(seen);
      const key = `${seen.method} ${seen.path}`;
      const match = routes.find((r) => r.pattern.test(key));
      const reply: Reply = match ? match.reply(seen) : { status: 404, body: 'not found' };
      if ('hang' in reply) {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status ?? 200, reply.headers ?? {}).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route(pattern, reply) {
      routes.unshift({ pattern, reply });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Lets real I/O and a manual clock move together: gives loopback I/O a couple of real
 * milliseconds, then advances the clock by `stepMs`, until `done` settles (or `maxSteps` run out —
 * a bounded loop). The real pause keeps test time from racing ahead while a request is on the
 * wire, so what a test reads off the clock is the client's pacing, not the machine's load.
 */
export async function driveClock<T>(
  clock: { advance(ms: number): void },
  done: Promise<T>,
  stepMs: number,
  maxSteps = 2_000,
): Promise<T> {
  let settled = false;
  const watched = done.finally(() => {
    settled = true;
  });
  watched.catch(() => undefined);
  for (let step = 0; step < maxSteps && !settled; step++) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (!settled) clock.advance(stepMs);
  }
  return watched;
}
