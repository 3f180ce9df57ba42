import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  readonly method: string;
  /** As registered, with `:name` parameters and `*` wildcards. */
  readonly url: string;
}

// One line of `printRoutes({ commonPrefix: false })`: tree indentation, a path segment relative to
// the line's parent, and the methods when the segment is itself a route.
const TREE_LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(\S.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route the app has registered, read from Fastify's own route tree, so that a test walking
 * them needs no list of its own and walks a route added later too.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (line.trim() === '') continue;
    const match = TREE_LINE.exec(line);
    if (!match) throw new Error(`unreadable line in the route tree: ${JSON.stringify(line)}`);
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    const url = `${depth === 0 ? '' : (parents[depth - 1] ?? '')}${segment}`;
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of methods?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}
