// Web features import each other only along the edges named in the allow-list, and the allowed
// edges form no cycle. A feature that needs something from a feature it may not import moves that
// piece to a shared place (apps/web/src/ui, apps/web/src/format, @fleet/core) or asks for an edge.
import path from 'node:path';

const FEATURES_DIR = `${path.sep}${path.join('apps', 'web', 'src', 'features')}${path.sep}`;

/** The feature an absolute file path belongs to, or null outside `apps/web/src/features/<feature>/`. */
function featureOf(filePath) {
  const at = filePath.lastIndexOf(FEATURES_DIR);
  if (at === -1) return null;
  const [feature, ...rest] = filePath.slice(at + FEATURES_DIR.length).split(path.sep);
  return feature !== undefined && rest.length > 0 ? feature : null;
}

/** Throws at load when the allow-list has a cycle, naming it: the config cannot allow one. */
export function assertAcyclic(allowed) {
  const state = new Map();
  const visit = (feature, trail) => {
    if (state.get(feature) === 'done') return;
    if (state.get(feature) === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(feature)), feature].join(' -> ');
      throw new Error(`web feature allow-list has a cycle: ${cycle}`);
    }
    state.set(feature, 'visiting');
    for (const next of allowed[feature] ?? []) visit(next, [...trail, feature]);
    state.set(feature, 'done');
  };
  for (const feature of Object.keys(allowed)) visit(feature, []);
}

/** @param {Record<string, readonly string[]>} allowed feature -> features it may import */
export function webFeatureBoundaries(allowed) {
  assertAcyclic(allowed);
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Web features import each other only along allowed, acyclic edges.' },
      schema: [],
      messages: {
        notAllowed:
          'features/{{from}} may not import features/{{to}}: move the shared piece to apps/web/src/ui, apps/web/src/format or @fleet/core, or add the edge to the allow-list in eslint.config.js (it must stay acyclic).',
      },
    },
    create(context) {
      const from = featureOf(context.filename);
      if (from === null) return {};
      const check = (node, source) => {
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = featureOf(path.resolve(path.dirname(context.filename), source));
        if (target === null || target === from) return;
        if ((allowed[from] ?? []).includes(target)) return;
        context.report({ node, messageId: 'notAllowed', data: { from, to: target } });
      };
      return {
        ImportDeclaration: (node) => check(node, node.source.value),
        ExportNamedDeclaration: (node) => check(node, node.source?.value),
        ExportAllDeclaration: (node) => check(node, node.source.value),
        ImportExpression: (node) =>
          check(node, node.source.type === 'Literal' ? node.source.value : undefined),
      };
    },
  };
}
