import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from './server/db/table-owners';

// The layer rules of .dependency-cruiser.cjs (checked on the whole tree by `npm test`'s types
// step) against a small tree of the same shape: clean, it passes; each forbidden import added to
// it fails with its rule's name, so a rule that silently matched nothing would show here.

const { forbidden } = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[] };

const CLEAN: Record<string, string> = {
  'package.json': '{ "name": "shape", "dependencies": { "zod": "*", "react": "*", "drizzle-orm": "*" } }',
  'node_modules/drizzle-orm/package.json': '{ "name": "drizzle-orm", "main": "index.js" }',
  'node_modules/drizzle-orm/index.js': 'module.exports = {};',
  'node_modules/zod/package.json': '{ "name": "zod", "main": "index.js" }',
  'node_modules/zod/index.js': 'module.exports = {};',
  'node_modules/react/package.json': '{ "name": "react", "main": "index.js" }',
  'node_modules/react/index.js': 'module.exports = {};',
  'src/domain/rules.ts': "import { z } from 'zod';\nexport const rule = z;\n",
  'src/server/db.ts': "import { rule } from '../domain/rules';\nexport const db = rule;\n",
  'src/server/modules/bookings/index.ts': "export { book } from './service';\n",
  'src/server/db/schema.ts': "export const bookings = 'bookings';\n",
  'src/server/modules/bookings/queries.ts': "import { sql } from 'drizzle-orm';\nimport { bookings } from '../../db/schema';\nexport const selectBooking = [sql, bookings];\n",
  'src/server/modules/bookings/service.ts': "import { db } from '../../db';\nimport { selectBooking } from './queries';\nexport const book = [db, selectBooking];\n",
  'src/server/modules/listings/queries/cards.ts': "import { sql } from 'drizzle-orm';\nexport const selectCards = sql;\n",
  'src/server/mail/queries.ts': "import { sql } from 'drizzle-orm';\nexport const insertMail = sql;\n",
  'src/server/modules/reviews/service.ts': "import { book } from '../bookings';\nexport const review = book;\n",
  'src/web/features/search/index.ts': "export { Card } from './card';\n",
  'src/web/features/search/card.ts': "import React from 'react';\nimport { rule } from '../../../domain/rules';\nexport const Card = [React, rule];\n",
  'src/web/features/listings/page.ts': "import { Card } from '../search';\nexport const Page = Card;\n",
};

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** The rules broken by the clean tree plus `extra` files. */
async function brokenRules(extra: Record<string, string> = {}): Promise<string[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'pawstay-shape-'));
  roots.push(root);
  for (const [file, text] of Object.entries({ ...CLEAN, ...extra })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const result = await cruise(['src'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
  });
  if (typeof result.output === 'string') throw new Error(result.output);
  return [...new Set(result.output.summary.violations.map((v) => v.rule.name))].sort();
}

describe('the layer rules', () => {
  it('pass a tree of the right shape', async () => {
    expect(await brokenRules()).toEqual([]);
  });

  it.each([
    ['web-imports-no-server', { 'src/web/features/search/bad.ts': "import { db } from '../../../server/db';\nexport const x = db;\n" }],
    ['web-imports-no-server', { 'src/web/features/search/bad.ts': "import type { db } from '../../../server/db';\nexport type X = typeof db;\n" }],
    ['server-imports-no-web', { 'src/server/bad.ts': "import { Card } from '../web/features/search';\nexport const x = Card;\n" }],
    ['domain-imports-no-app', { 'src/domain/bad.ts': "import { db } from '../server/db';\nexport const x = db;\n" }],
    ['domain-does-no-io', { 'src/domain/bad.ts': "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n" }],
    ['domain-uses-no-framework', { 'src/domain/bad.ts': "import React from 'react';\nexport const x = React;\n" }],
    ['web-feature-through-its-index', { 'src/web/features/listings/bad.ts': "import { Card } from '../search/card';\nexport const x = Card;\n" }],
    ['web-app-uses-features-through-their-index', { 'src/web/app/router.ts': "import { Card } from '../features/search/card';\nexport const x = Card;\n" }],
    ['web-features-not-mutual', { 'src/web/features/search/bad.ts': "import { Page } from '../listings';\nexport const x = Page;\n", 'src/web/features/listings/index.ts': "export { Page } from './page';\n" }],
    ['shared-web-uses-no-feature', { 'src/web/components/bad.ts': "import { Card } from '../features/search';\nexport const x = Card;\n" }],
    ['server-module-through-its-index', { 'src/server/modules/reviews/bad.ts': "import { book } from '../bookings/service';\nexport const x = book;\n" }],
    ['sql-only-in-queries', { 'src/server/modules/bookings/bad.ts': "import { bookings } from '../../db/schema';\nexport const x = bookings;\n" }],
    ['sql-only-in-queries', { 'src/server/modules/bookings/bad.ts': "import type { SQL } from 'drizzle-orm';\nexport type X = SQL;\n" }],
    ['sql-only-in-queries', { 'src/server/mail/bad.ts': "import { sql } from 'drizzle-orm';\nexport const x = sql;\n" }],
    ['sql-only-in-queries', { 'src/server/http/bad.ts': "import { bookings } from '../db/schema';\nexport const x = bookings;\n" }],
    ['sql-only-in-queries', { 'src/server/jobs/bad.ts': "import { sql } from 'drizzle-orm';\nexport const x = sql;\n" }],
    ['no-cycles', { 'src/server/a.ts': "import { b } from './b';\nexport const a = b;\n", 'src/server/b.ts': "import { a } from './a';\nexport const b = () => a;\n" }],
    ['no-unresolvable', { 'src/server/bad.ts': "import { gone } from './gone';\nexport const x = gone;\n" }],
  ])('refuse an import that breaks %s', async (rule, extra) => {
    expect(await brokenRules(extra)).toEqual([rule]);
  });

  it('let a server test drive the web code', async () => {
    expect(await brokenRules({ 'src/server/render.test.ts': "import { Card } from '../web/features/search';\nexport const x = Card;\n" })).toEqual([]);
  });
});

// The domain's own type check (tsconfig.domain.json, run by `npm test`'s types step): the language
// alone, no DOM and no Node. Its options, read from the file, against a few small domain files.
describe("the domain's type check", () => {
  const FILES: Record<string, string> = {
    'language.ts': "export const ok = [new Map([[1, 'a']]).size, [1, 2].findLast((n) => n > 1), new Intl.NumberFormat('en-IN').format(1), [1, 2].at(-1)];\n",
    'dom.ts': "export const title = document.title;\nexport const width = window.innerWidth;\nexport const saved = localStorage.getItem('x');\n",
    'node.ts': "export const home = process.env.HOME;\nexport const bytes = Buffer.from('x');\n",
    'fetch.ts': "export const answer = fetch('/api/health');\n",
  };

  /** The names each file was refused for (a name the check does not know), by file. */
  function unknownNames(): Record<string, string[]> {
    const root = mkdtempSync(path.join(tmpdir(), 'pawstay-domain-'));
    roots.push(root);
    for (const [file, text] of Object.entries(FILES)) writeFileSync(path.join(root, file), text);
    const configFile = fileURLToPath(new URL('../tsconfig.domain.json', import.meta.url));
    const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    });
    if (!config) throw new Error(`${configFile} could not be read`);
    const program = ts.createProgram(Object.keys(FILES).map((file) => path.join(root, file)), config.options);
    const names: Record<string, string[]> = Object.fromEntries(Object.keys(FILES).map((file) => [file, []]));
    for (const d of ts.getPreEmitDiagnostics(program)) {
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      // Every error must be a name not found (TS2304, or a variant suggesting a lib or @types).
      const name = /^Cannot find name '([^']+)'/.exec(message)?.[1];
      if (!d.file || !name) throw new Error(`unexpected: ${message}`);
      names[path.relative(root, d.file.fileName)]!.push(name);
    }
    return names;
  }

  it('knows the language, and refuses the DOM, Node and fetch', () => {
    expect(unknownNames()).toEqual({
      'language.ts': [],
      'dom.ts': ['document', 'window', 'localStorage'],
      'node.ts': ['process', 'Buffer'],
      'fetch.ts': ['fetch'],
    });
  });
});

// The web's query keys live in one tree (src/web/lib/query-keys.ts, decision 045): a key written
// as a literal anywhere else is a second name for an answer, which an invalidation misses.

const KEY_TREE = 'src/web/lib/query-keys/';
/** The QueryClient's methods whose first argument is a key itself (the others take filters). */
const KEY_METHODS = new Set(['getQueryData', 'setQueryData', 'getQueryState', 'getQueryDefaults', 'setQueryDefaults', 'getMutationDefaults', 'setMutationDefaults']);

/**
 * Where `text` (the file `file`) names a query or mutation key other than by the tree: `file:line`,
 * each. A key must be read from the tree (`import * as queryKeys`) or from a query's own `.queryKey`;
 * an array, a string or a constant of the file's own is a literal key however it is spelt.
 */
function literalQueryKeys(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) ? unwrap(node.expression) : node;
  const fromTree = (node: ts.Expression): boolean => {
    const bare = unwrap(node);
    if (ts.isIdentifier(bare)) return bare.text === 'queryKeys';
    if (ts.isPropertyAccessExpression(bare)) return bare.name.text === 'queryKey' || fromTree(bare.expression);
    if (ts.isCallExpression(bare)) return fromTree(bare.expression);
    return false;
  };
  const report = (node: ts.Node) => found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && /^(query|mutation)Key$/.test(node.name.getText()) && !fromTree(node.initializer)) report(node);
    if (ts.isShorthandPropertyAssignment(node) && /^(query|mutation)Key$/.test(node.name.text)) report(node);
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && KEY_METHODS.has(node.expression.name.text)) {
      const key = node.arguments[0];
      if (key && !fromTree(key)) report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the query keys', () => {
  it('find a literal key in a planted snippet, and none in keys read from the tree', () => {
    const planted = [
      "import * as queryKeys from '@/web/lib/query-keys';",
      "export const a = queryOptions({ queryKey: ['host', 'payouts'] as const, queryFn });",
      "export const b = () => queryClient.invalidateQueries({ queryKey: ['host'], refetchType: 'all' });",
      "export const c = () => queryClient.setQueryData(['host', 'tax-profile'], profile);",
      "export const d = () => queryClient.getQueryData<Thread>([...queryKeys.messages.all, 'thread', id]);",
      "const TOGGLE_KEY = ['favorites', 'toggle'] as const;",
      "export const e = useMutation({ mutationKey: TOGGLE_KEY, mutationFn });",
      "export const i = (queryKey: string[]) => queryClient.invalidateQueries({ queryKey });",
      // Read from the tree: none of these is a literal.
      "export const f = queryOptions({ queryKey: queryKeys.host.payouts, queryFn });",
      "export const g = () => queryClient.setQueryData(queryKeys.host.taxProfile, profile);",
      "export const h = () => queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });",
      "export const j = () => queryClient.invalidateQueries({ queryKey: petsQuery.queryKey });",
      "export const k = () => queryClient.isMutating({ mutationKey: queryKeys.favorites.toggle });",
      "export const l = () => queryClient.invalidateQueries({ queryKey: queryKeys.listings.detail(id!) });",
      "const MOVING_KEYS = ['ArrowLeft', 'ArrowRight'];",
    ].join('\n');
    expect(literalQueryKeys('planted.ts', planted)).toEqual(['planted.ts:2', 'planted.ts:3', 'planted.ts:4', 'planted.ts:5', 'planted.ts:7', 'planted.ts:8']);
  });

  it('are written nowhere in the web but in the tree', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files = ts.sys
      .readDirectory(path.join(root, 'src/web'), ['.ts', '.tsx'])
      .map((file) => path.relative(root, file))
      .filter((file) => !file.startsWith(KEY_TREE) && !/\.(test|spec)\.tsx?$/.test(file));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => literalQueryKeys(file, ts.sys.readFile(path.join(root, file)) ?? ''))).toEqual([]);
  });
});

// Table ownership (decision 044, src/server/db/table-owners.ts): each server file's SQL writes
// only its owner's tables. Read from the source text: raw SQL (insert into / update / delete from
// a table) and drizzle's builders (.insert(table), .update(table), .delete(table)).
const SCHEMA_DIR = fileURLToPath(new URL('./server/db/schema/', import.meta.url));
const SCHEMA_SOURCE = readdirSync(SCHEMA_DIR)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(path.join(SCHEMA_DIR, f), 'utf8'))
  .join('\n');
/** The tables db/schema/ declares, by the name its export gives them in TypeScript. */
const SCHEMA_TABLES = new Map([...SCHEMA_SOURCE.matchAll(/export const (\w+) = pgTable\(\s*'([a-z_0-9]+)'/g)].map((m) => [m[1]!, m[2]!]));

/** The tables `source` inserts into, updates or deletes from, in the order written. */
export function tableWrites(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const known = new Set(SCHEMA_TABLES.values());
  const writes: { at: number; table: string }[] = [];
  for (const m of code.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+([a-z_][a-z0-9_]*)/gi)) {
    if (known.has(m[1]!)) writes.push({ at: m.index, table: m[1]! });
  }
  for (const m of code.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z_]\w*)\s*\)/g)) {
    const table = SCHEMA_TABLES.get(m[1]!);
    if (table) writes.push({ at: m.index, table });
  }
  return writes.sort((a, b) => a.at - b.at).map((w) => w.table);
}

/** Who a server file writes as: its module, or auth, mail, the test gateway, or its folder. */
export function ownerOfFile(file: string): string {
  const m = /^src\/server\/(?:modules\/([^/]+)|payments\/(test-gateway)|([^/]+))\//.exec(file);
  return m?.[1] ?? m?.[2] ?? m?.[3] ?? 'server';
}

/** "file writes table (owned by owner)" for every write outside its owner in `files`. */
export function foreignWrites(files: Record<string, string>): string[] {
  const owners: Record<string, string> = TABLE_OWNERS;
  return Object.entries(files).flatMap(([file, source]) =>
    tableWrites(source)
      .filter((table) => owners[table] !== ownerOfFile(file))
      .map((table) => `${file} writes ${table} (owned by ${owners[table] ?? 'no one'})`),
  );
}

/** The server's own code: no tests, their helpers, the seed or the migrations (fixtures write anything). */
function serverSources(): Record<string, string> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const files = readdirSync(path.join(root, 'src/server'), { recursive: true, encoding: 'utf8' })
    .map((f) => `src/server/${f.split(path.sep).join('/')}`)
    .filter((f) => f.endsWith('.ts') && !new RegExp(TESTS_PATTERN).test(f) && !/^src\/server\/db\/(seed|migrations)\//.test(f));
  return Object.fromEntries(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
}
const TESTS_PATTERN = '\\.(test|spec)\\.ts$|(^|/)test-support\\.ts$|^src/server/test/|^src/server/security/';

describe('table ownership', () => {
  it('names an owner for every table of the schema', () => {
    expect([...SCHEMA_TABLES.values()].filter((t) => !(t in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((t) => ![...SCHEMA_TABLES.values()].includes(t))).toEqual([]);
  });

  it('finds the writes of raw SQL and of drizzle, and no reads, locks or comments', () => {
    const planted = [
      "sql`update bookings set status = 'confirmed' where id = ${id}`;",
      'sql`insert into calendar_holds (listing_id) values (${id})`;',
      'sql`delete from  refunds where id = ${id}`;',
      'await tx.insert(reviews).values(row);',
      'await db.update( users ).set({});',
      'await db.delete(favorites).where(x);',
      'cache.delete(key); map.update(value);',
      'sql`select * from bookings for update of b skip locked`;',
      '// update listings set hidden_at: a comment is no write',
      '/* delete from payouts */',
    ].join('\n');
    expect(tableWrites(planted)).toEqual(['bookings', 'calendar_holds', 'refunds', 'reviews', 'users', 'favorites']);
  });

  it("refuses a module's write to another module's table, and takes the owner's", () => {
    const planted = {
      'src/server/modules/payments/queries.ts': "export const paid = sql`update bookings set status = 'confirmed'`;",
      'src/server/modules/bookings/queries.ts': "export const paid = sql`update bookings set status = 'confirmed'`;",
      'src/server/mail/outbox.ts': 'await db.insert(mailOutbox).values(row);',
      'src/server/payments/test-gateway/queries.ts': 'await db.insert(testGatewayOrders).values(row);',
      'src/server/jobs/bad.ts': 'await db.insert(mailOutbox).values(row);',
    };
    expect(foreignWrites(planted)).toEqual([
      'src/server/modules/payments/queries.ts writes bookings (owned by bookings)',
      'src/server/jobs/bad.ts writes mail_outbox (owned by mail)',
    ]);
  });

  it("holds in the server: no module writes another's table", () => {
    expect(foreignWrites(serverSources())).toEqual([]);
  });
});

// No two server modules import each other (decision 044, "Reads across modules"): one would be a
// module in two folders. Read from the import paths, not by dependency-cruiser: its folder scope
// counts the tests' imports and the cycles through shared folders (db, jobs, test), which are not
// this rule's business.
/** "a ↔ b" for each pair of server modules whose code (no tests) imports each other. */
export function mutualModules(files: Record<string, string>): string[] {
  const uses = new Set<string>();
  for (const [file, source] of Object.entries(files)) {
    const from = /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1];
    if (!from) continue;
    for (const m of source.matchAll(/\bfrom\s+'(\.[^']*)'/g)) {
      const to = /^src\/server\/modules\/([^/]+)/.exec(path.posix.join(path.posix.dirname(file), m[1]!))?.[1];
      if (to && to !== from) uses.add(`${from} ${to}`);
    }
  }
  return [...uses]
    .map((pair) => pair.split(' '))
    .filter(([a, b]) => a! < b! && uses.has(`${b} ${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`);
}

/**
 * "module exports name" for each function or value a server module's index.ts hands out whose
 * parameters, result or value are SQL: SQL handed across (a fragment to paste, or a `where` to run)
 * ties one module's statements to the other's aliases and rules (decision 044). Read from the
 * declarations the index re-exports, in the files of `files`.
 */
export function sqlAcrossModules(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    const module = /^src\/server\/modules\/([^/]+)\/index\.ts$/.exec(file)?.[1];
    if (!module) continue;
    for (const m of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.[^']*)'/g)) {
      const target = path.posix.join(path.posix.dirname(file), m[2]!);
      const declared = files[`${target}.ts`] ?? files[`${target}/index.ts`];
      if (!declared) continue;
      const names = m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!).filter(Boolean);
      const tree = ts.createSourceFile(target, declared, ts.ScriptTarget.Latest, true);
      for (const statement of tree.statements) {
        const declarations = ts.isFunctionDeclaration(statement)
          ? [{ name: statement.name?.text, node: statement as ts.Node, body: statement.body as ts.Node | undefined }]
          : ts.isVariableStatement(statement)
            ? statement.declarationList.declarations.map((d) => ({ name: d.name.getText(), node: d as ts.Node, body: undefined }))
            : [];
        for (const { name, node, body } of declarations) {
          if (!name || !names.includes(name)) continue;
          // The signature and value, not the body: a function may build SQL inside, and run it itself.
          const text = body ? node.getText().slice(0, body.getStart() - node.getStart()) : node.getText();
          if (/\bSQL\b|\bsql`/.test(text)) found.push(`${module} exports ${name}`);
        }
      }
    }
  }
  return found.sort();
}

describe('server modules', () => {
  it('refuse two modules that import each other, whichever file does it', () => {
    const planted = {
      'src/server/modules/bookings/status.ts': "import { holdStayNights } from '../listings';",
      'src/server/modules/listings/queries/search.ts': "import { type Booking } from '../../bookings';",
      'src/server/modules/reviews/service.ts': "import { listingNotFound } from '../listings';",
      'src/server/modules/listings/cards.ts': "import { sql } from 'drizzle-orm';\nimport { selectPets } from '../pets/queries';",
      'src/server/api-routes.ts': "import { queueRefund } from './modules/payments';\nimport { bookingRoutes } from './modules/bookings/routes';",
    };
    expect(mutualModules(planted)).toEqual(['bookings ↔ listings']);
  });

  it('hold in the server: no two modules import each other', () => {
    expect(mutualModules(serverSources())).toEqual([]);
  });

  it('find SQL handed out or taken in by a module\'s index, and not SQL used inside', () => {
    const planted = {
      'src/server/modules/listings/index.ts': "export { cardsWhere, cardJson, searchCards } from './queries/cards';\nexport { listingNotFound } from './service';",
      'src/server/modules/listings/queries/cards.ts': [
        'export function cardsWhere(db: Db, opts: { where: SQL; limit: number }) { return db.execute(sql`select 1`); }',
        'export const cardJson = sql`json_build_object(\'id\', l.id)`;',
        'export async function searchCards(db: Db, ids: string[]): Promise<Card[]> { return db.execute(sql`select ${ids}`); }',
      ].join('\n'),
      'src/server/modules/listings/service.ts': 'export function listingNotFound(): Error { return new Error(); }',
    };
    expect(sqlAcrossModules(planted)).toEqual(['listings exports cardJson', 'listings exports cardsWhere']);
  });

  it('hold in the server: no module hands SQL to another, nor takes it', () => {
    expect(sqlAcrossModules(serverSources())).toEqual([]);
  });
});
