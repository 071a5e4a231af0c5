// Fails when server feature folders import each other in a loop (docs/decisions/041).
//
// dependency-cruiser finds every import of src/server/features (type-only imports too: a feature
// that names another's types depends on it); this script collapses the modules to their feature
// folder (admin/<area> counts as admin) and looks for a cycle between folders, which a module-level
// no-circular rule would miss (billing/a → checkout/b → billing/c is no module cycle). Tests and
// their fixtures (*.test.ts, *.fixtures.ts, *-test-kit.ts) are left out: they may import anything.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';

// The project root; a test passes another one holding a made-up src/server/features.
const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const featuresDir = 'src/server/features/';
const testSupport = '\\.(test|fixtures)\\.ts$|-test-kit\\.ts$';

const { output } = await cruise(
  [featuresDir],
  {
    baseDir: root,
    exclude: { path: testSupport },
    doNotFollow: { path: 'node_modules' },
    includeOnly: { path: `^${featuresDir}` },
    tsPreCompilationDeps: true,
    ...(existsSync(path.join(root, 'tsconfig.json')) && { tsConfig: { fileName: path.join(root, 'tsconfig.json') } }),
  },
  { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
);

const featureOf = (file) => (file.startsWith(featuresDir) ? file.slice(featuresDir.length).split('/')[0] : null);

/** feature → feature → the imports that make the edge, for the report. */
const edges = new Map();
let modules = 0;
for (const mod of output.modules) {
  const from = featureOf(mod.source);
  if (!from) continue;
  modules += 1;
  for (const dep of mod.dependencies) {
    const to = featureOf(dep.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const why = edges.get(from);
    if (!why.has(to)) why.set(to, []);
    why.get(to).push(`${mod.source} → ${dep.resolved}`);
  }
}
if (modules === 0) {
  console.error(`check-feature-cycles: dependency-cruiser found no modules under ${featuresDir}`);
  process.exit(1);
}

// Tarjan's strongly connected components: any with more than one folder is a loop.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const loops = [];
function visit(v) {
  index.set(v, counter);
  low.set(v, counter);
  counter += 1;
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) loops.push(component.sort());
  }
}
for (const v of edges.keys()) if (!index.has(v)) visit(v);

const edgeCount = [...edges.values()].reduce((n, m) => n + m.size, 0);
if (loops.length === 0) {
  console.log(`No import cycle between server features (${modules} modules, ${edges.size} features importing others, ${edgeCount} feature edges).`);
  process.exit(0);
}
for (const loop of loops) {
  console.error(`✗ These server features import each other in a loop: ${loop.join(', ')}`);
  for (const from of loop) {
    for (const [to, why] of edges.get(from) ?? []) {
      if (!loop.includes(to)) continue;
      console.error(`  ${from} → ${to}`);
      for (const line of why) console.error(`      ${line}`);
    }
  }
}
console.error('Move what both need to src/server/lib, to the feature that owns the concept, or pass it in as a dependency (docs/decisions/041).');
process.exit(1);
