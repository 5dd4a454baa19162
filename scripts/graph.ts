// `npm run graph`: the dependency graph of docs/architecture.md, drawn by dependency-cruiser
// itself (its mermaid reporter, folders collapsed to the server's modules and the web's features),
// and the shape's figures: files over 400 lines, arrows between modules and between features, the
// pairs that import each other, lines of code. Writes docs/dependency-graph.md; prints the figures.

import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import type { ICruiseResult } from 'dependency-cruiser';

/** Test code and the seed drive the app from outside; they are not part of its shape. */
const NOT_APP = String.raw`\.(test|spec)\.tsx?$|test-support\.ts$|^src/server/test/|^src/server/security/|^src/server/db/migrations/|^src/server/db/seed/`;
const MODULE = /^src\/server\/modules\/([^/]+)\//;
const FEATURE = /^src\/web\/features\/([^/]+)\//;
/** Files that are data or applied history, where the 400-line bound does not apply. */
const DATA = /\/migrations\/|^src\/server\/db\/seed\/data\.ts$/;
const MAX_LINES = 400;

/** dependency-cruiser's own command, with the project's config (its tsconfig paths resolve `@/`). */
function depcruise(outputType: 'json' | 'mermaid', includeOnly: string, exclude: string, collapse?: string): string {
  const args = ['src', '--config', '.dependency-cruiser.cjs', '--output-type', outputType, '--include-only', includeOnly, '--exclude', exclude];
  const run = spawnSync('node_modules/.bin/depcruise', [...args, ...(collapse ? ['--collapse', collapse] : [])], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (!run.stdout) throw new Error(`depcruise failed: ${run.stderr}`);
  return run.stdout;
}

/** Distinct arrows between the groups `group` names (a module, a feature), and those both ways. */
function arrows(result: ICruiseResult, group: RegExp) {
  const edges = new Set<string>();
  for (const m of result.modules) {
    const from = group.exec(m.source)?.[1];
    if (!from) continue;
    for (const d of m.dependencies) {
      const to = group.exec(d.resolved)?.[1];
      if (to && to !== from) edges.add(`${from} → ${to}`);
    }
  }
  const mutual = [...edges].filter((e) => {
    const [a = '', b = ''] = e.split(' → ');
    return a < b && edges.has(`${b} → ${a}`);
  });
  return { count: edges.size, mutual: mutual.map((e) => e.replace('→', '↔')) };
}

const json = JSON.parse(depcruise('json', '^src/', NOT_APP)) as ICruiseResult;
const files = json.modules.map((m) => m.source).filter((f) => /\.tsx?$/.test(f));
const allSources = JSON.parse(depcruise('json', '^src/', String.raw`^src/server/db/migrations/`)) as ICruiseResult;
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;
const sized = allSources.modules.map((m) => m.source).filter((f) => /\.tsx?$/.test(f)).map((f) => ({ file: f, lines: lines(f) }));
const over = sized.filter((s) => s.lines > MAX_LINES && !DATA.test(s.file)).sort((a, b) => b.lines - a.lines);
const server = arrows(json, MODULE);
const web = arrows(json, FEATURE);

const figures = [
  `- Lines of TypeScript in src/: ${sized.reduce((n, s) => n + s.lines, 0)} (the app ${files.reduce((n, f) => n + lines(f), 0)}, in ${files.length} files; tests and seed the rest)`,
  `- Files over ${MAX_LINES} lines (outside data and migrations): ${over.length}${over.map((o) => `\n  - ${o.file} (${o.lines})`).join('')}`,
  `- Arrows between server modules: ${server.count}; pairs importing each other: ${server.mutual.length}${server.mutual.map((m) => ` (${m})`).join('')}`,
  `- Arrows between web features: ${web.count}; pairs importing each other: ${web.mutual.length}${web.mutual.map((m) => ` (${m})`).join('')}`,
].join('\n');

const serverGraph = depcruise('mermaid', '^src/(server|domain)/', NOT_APP, '^src/(domain|server/(modules/[^/]+|[^/]+))');
const webGraph = depcruise('mermaid', '^src/(web|domain)/', NOT_APP, '^src/(domain|web/(features|app|components|lib)/[^/]+|web/[^/]+)');

writeFileSync(
  'docs/dependency-graph.md',
  `# The dependency graph

Drawn by \`npm run graph\` (scripts/graph.ts) with dependency-cruiser's mermaid reporter, from the
app's code (tests, the seed and migrations left out), folders collapsed to the server's modules and
the web's features. Read with docs/architecture.md. Regenerate after moving code; do not edit by hand.

## Figures

${figures}

## The server, by module

\`\`\`mermaid
${serverGraph.trim()}
\`\`\`

## The web, by feature

\`\`\`mermaid
${webGraph.trim()}
\`\`\`
`,
);
console.log(figures);
console.log('wrote docs/dependency-graph.md');
