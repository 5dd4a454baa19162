import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseAsync, traverse, types as t } from '@babel/core';
import { getConfig } from '@lingui/conf';
import { getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { CATALOGUE_PARTS_FILE } from '../../src/server/http/catalogue-parts-file.ts';

// A language's catalogue cut by the code that uses it (decision 064). The app's code is split into
// chunks that load when they are needed; its Gujarati and Hindi words are split the same way:
//
// - the language's first chunk holds the words of the chunks every page runs (the entry's and those
//   it imports), and a map: for each module the app imports on demand (a route, a dialog, a tab),
//   the part that holds the words of its chunk and of the chunks that imports, less the first;
// - every `import('…')` of the app's own modules under src/web becomes
//   `__pawstayWithMessages(import('…'), key)`, a global the entry defines (web/i18n/messages.ts),
//   which, on a page in Gujarati or Hindi, loads that part beside the code and adds its words
//   before the code renders; on an English page it adds nothing to wait for.
//
// Only the browser's production build is cut. The server renders with whole catalogues, and the
// dev server and the tests import them whole (the virtual module below re-exports the PO file).

/** The module web/i18n/locale-*.ts imports a language's catalogue from. */
const VIRTUAL = 'virtual:pawstay-catalogue/';
const RESOLVED = '\0pawstay-catalogue:';
const LOCALES = ['gu', 'hi'] as const;
type PartLocale = (typeof LOCALES)[number];


const placeholder = (what: 'FIRST' | 'PARTS', locale: string) => `__PAWSTAY_CATALOGUE_${what}_${locale}__`;

/** A text marked for the catalogues in plain code (decision 063), whose English is its id. */
const isMarked = (node: t.Node) => t.isStringLiteral(node) && (node.leadingComments ?? []).some((comment) => comment.type === 'CommentBlock' && comment.value === 'i18n');

type Compiled = ReturnType<typeof compileMessage>;

/**
 * How an `import('…')` is written so that its words load beside it (`wrap` writes the call of the
 * global): in the forms from which the bundler learns which of the module's exports are used, and
 * leaves out the rest, `import(x).then(f)`, `(await import(x)).name` and `const { a } = await import(x)`.
 */
export function wrapping(code: string, node: t.CallExpression, [parent, grandparent]: t.Node[], wrap: (loading: string) => string): { start: number; end: number; text: string } {
  const text = (n: t.Node) => code.slice(n.start!, n.end!);
  const importing = text(node);
  if (t.isMemberExpression(parent) && parent.object === node && !parent.computed && t.isIdentifier(parent.property, { name: 'then' }) && t.isCallExpression(grandparent) && grandparent.callee === parent)
    return { start: grandparent.start!, end: grandparent.end!, text: wrap(text(grandparent)) };
  if (t.isAwaitExpression(parent) && t.isMemberExpression(grandparent) && grandparent.object === parent && !grandparent.computed && t.isIdentifier(grandparent.property))
    return { start: grandparent.start!, end: grandparent.end!, text: `(await ${wrap(`${importing}.then((m) => m.${grandparent.property.name})`)})` };
  if (t.isAwaitExpression(parent) && t.isVariableDeclarator(grandparent) && grandparent.init === parent && t.isObjectPattern(grandparent.id)) {
    const names = grandparent.id.properties.map((p) => (t.isObjectProperty(p) && t.isIdentifier(p.key) && !p.computed ? p.key.name : undefined));
    if (names.every((name) => name !== undefined)) return { start: node.start!, end: node.end!, text: wrap(`${importing}.then((m) => ({ ${names.map((name) => `${name}: m.${name}`).join(', ')} }))`) };
  }
  return { start: node.start!, end: node.end!, text: wrap(importing) };
}

export type CatalogueParts = Plugin & {
  /** What Lingui's macros wrote in `moduleId`: the ids of its messages (scripts/vite/lingui-macros.ts). */
  record(moduleId: string, ids: Iterable<string>): void;
};

/** A module's key in the browser's map of parts: short, since each `import('…')` carries one. */
const keyOf = (modulePath: string) => createHash('sha256').update(modulePath).digest('base64url').slice(0, 4);

/** A part's file, by its language and the hash of its content: web/i18n/messages.ts builds the same. */
const partFile = (locale: PartLocale, hash: string) => `assets/catalogue-${locale}-${hash}.js`;

type Cut = {
  /** The words of the code every page runs. */
  first: Record<string, Compiled>;
  /** The browser's map: each module's key to its part's hash. */
  parts: Record<string, string>;
  /** The server's: each module's path under src/web (as Vite's manifest names it) to its part's file. */
  byModule: Record<string, string>;
  files: Map<string, string>;
};

/**
 * The plugin, for the app in `root`. `translate` reads a language's compiled messages (by default
 * from its PO file, as Lingui's own plugin does; a test gives its own).
 */
export function catalogueParts(root: string, translate?: (locale: PartLocale) => Promise<Record<string, Compiled>>): CatalogueParts {
  const rootDir = path.resolve(root);
  const webRoot = path.join(rootDir, 'src/web');
  /** Each module's message ids, as Lingui's macros wrote them. */
  const idsOf = new Map<string, Set<string>>();
  /** Each module's texts marked in plain code (their English is their id). */
  const markedIn = new Map<string, Set<string>>();
  /** Each module of ours the app imports on demand: its path under src/web, and its id. */
  const onDemand = new Map<string, string>();
  let cutting = false;
  let cut: Promise<Map<PartLocale, Cut>> | undefined;

  const add = (into: Map<string, Set<string>>, moduleId: string, ids: Iterable<string>) => {
    const known = into.get(moduleId) ?? new Set<string>();
    for (const id of ids) known.add(id);
    into.set(moduleId, known);
  };
  const record = (moduleId: string, ids: Iterable<string>) => add(idsOf, moduleId, ids);

  /** Each language's compiled messages by id, read from its PO file as Lingui's own plugin reads it. */
  async function translations(locale: PartLocale): Promise<Record<string, Compiled>> {
    const config = getConfig({ cwd: rootDir, skipValidation: true });
    const po = path.join('src/locales', locale, 'messages.po');
    const found = getCatalogForFile(po, await getCatalogs(config));
    if (!found) throw new Error(`lingui.config.ts has no catalogue for ${po}`);
    const { messages } = await found.catalog.getTranslations(locale, { fallbackLocales: config.fallbackLocales || {}, sourceLocale: config.sourceLocale ?? 'en' });
    return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text ?? '')]));
  }

  return {
    name: 'pawstay-catalogue-parts',
    enforce: 'pre',
    record,
    configResolved(config) {
      cutting = config.command === 'build' && !config.build.ssr;
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? RESOLVED + id.slice(VIRTUAL.length) : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const locale = id.slice(RESOLVED.length);
      const code = cutting
        ? // Written once the build knows every module (renderChunk below).
          `export const messages = ${placeholder('FIRST', locale)};\nexport const parts = ${placeholder('PARTS', locale)};\n`
        : `export { messages } from ${JSON.stringify(path.join(rootDir, 'src/locales', locale, 'messages.po'))};\nexport const parts = undefined;\n`;
      return { code, map: { mappings: '' } };
    },
    async transform(code, id) {
      if (!cutting) return undefined;
      const file = id.split('?')[0]!;
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes('/node_modules/') || !file.startsWith(`${rootDir}/src/`)) return undefined;
      const marks = code.includes('/*i18n*/');
      // The catalogue's own loader imports the languages themselves.
      const imports = file.startsWith(webRoot) && !file.startsWith(path.join(webRoot, 'i18n/')) && code.includes('import(');
      if (!marks && !imports) return undefined;
      const ast = await parseAsync(code, { filename: file, babelrc: false, configFile: false, parserOpts: { plugins: ['typescript', 'jsx'] } });
      if (!ast) return undefined;
      const found: { node: t.CallExpression; specifier: string; parents: t.Node[] }[] = [];
      const marked: string[] = [];
      traverse(ast, {
        StringLiteral({ node }) {
          if (isMarked(node)) marked.push(node.value);
        },
        CallExpression(callPath) {
          const { node } = callPath;
          const [specifier] = node.arguments;
          if (!imports || !t.isImport(node.callee) || !t.isStringLiteral(specifier)) return;
          found.push({ node, specifier: specifier.value, parents: [callPath.parentPath?.node, callPath.parentPath?.parentPath?.node].filter((n): n is t.Node => !!n) });
        },
      });
      add(markedIn, file, marked);
      const out = new MagicString(code);
      let last = -1;
      for (const { node, specifier, parents } of found) {
        const resolved = await this.resolve(specifier, file);
        const target = resolved?.id.split('?')[0];
        // A library's module has no words of ours.
        if (!target || resolved.external || !target.startsWith(`${rootDir}/src/`)) continue;
        const modulePath = path.relative(webRoot, target).split(path.sep).join('/');
        onDemand.set(modulePath, target);
        const wrapped = wrapping(code, node, parents, (loading) => `__pawstayWithMessages(${loading}, ${JSON.stringify(keyOf(modulePath))})`);
        // An import inside another's rewritten `.then(…)` stays as written: its words would not load
        // with it (the app has none such; the browser tests' English scans would show one).
        if (wrapped.start < last) continue;
        last = wrapped.end;
        out.overwrite(wrapped.start, wrapped.end, wrapped.text);
      }
      if (!out.hasChanged()) return undefined;
      return { code: out.toString(), map: out.generateMap({ hires: true, source: file }) };
    },
    renderChunk(code, chunk, _options, meta) {
      const locale = LOCALES.find((l) => chunk.moduleIds.includes(RESOLVED + l));
      if (!locale) return undefined;
      cut ??= (async () => {
        // What each chunk says: the ids of the messages of the modules rendered in it. A message
        // of the macros is kept only where its id is still in the module's rendered code (the
        // bundler leaves out what no one uses: a label map's other labels, a barrel's other
        // modules); a text marked in plain code wherever its module is.
        const saidIn = new Map<string, Set<string>>();
        const wordsOf = (fileName: string) => {
          let ids = saidIn.get(fileName);
          if (ids) return ids;
          ids = new Set<string>();
          for (const [moduleId, rendered] of Object.entries(meta.chunks[fileName]?.modules ?? {})) {
            if (!rendered.renderedLength) continue;
            for (const id of idsOf.get(moduleId) ?? []) if (rendered.code?.includes(id)) ids.add(id);
            for (const id of markedIn.get(moduleId) ?? []) ids.add(id);
          }
          saidIn.set(fileName, ids);
          return ids;
        };
        // The words of `roots` and of every chunk they import, which load with them.
        const closure = (roots: string[]) => {
          const seen = new Set<string>();
          const ids = new Set<string>();
          const walk = (fileName: string) => {
            if (seen.has(fileName) || !meta.chunks[fileName]) return;
            seen.add(fileName);
            for (const id of wordsOf(fileName)) ids.add(id);
            for (const imported of meta.chunks[fileName]!.imports) walk(imported);
          };
          roots.forEach(walk);
          return ids;
        };
        const chunks = Object.values(meta.chunks);
        /** The chunk a module imported on demand loads: the one it is the facade of, else one it is in. */
        const chunkOf = (moduleId: string) => (chunks.find((c) => c.facadeModuleId === moduleId) ?? chunks.find((c) => c.moduleIds.includes(moduleId)))?.fileName;
        const keys = new Map<string, string>();
        for (const modulePath of onDemand.keys()) {
          const other = keys.get(keyOf(modulePath));
          if (other) throw new Error(`${modulePath} and ${other} have the same key in the catalogue's parts`);
          keys.set(keyOf(modulePath), modulePath);
        }
        const first = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const result = new Map<PartLocale, Cut>();
        for (const language of LOCALES) {
          const all = await (translate ?? translations)(language);
          const pick = (ids: Iterable<string>) => Object.fromEntries([...ids].filter((id) => id in all).sort().map((id) => [id, all[id]!]));
          const languageCut: Cut = { first: pick(first), parts: {}, byModule: {}, files: new Map() };
          for (const [modulePath, moduleId] of [...onDemand].sort(([a], [b]) => a.localeCompare(b))) {
            const chunk = chunkOf(moduleId);
            if (!chunk) continue;
            const words = pick([...closure([chunk])].filter((id) => !first.has(id)));
            if (Object.keys(words).length === 0) continue;
            const source = `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(words))});\n`;
            const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
            languageCut.files.set(partFile(language, hash), source);
            languageCut.parts[keyOf(modulePath)] = hash;
            languageCut.byModule[modulePath] = partFile(language, hash);
          }
          result.set(language, languageCut);
        }
        return result;
      })();
      return cut.then((languages) => {
        const { first, parts } = languages.get(locale)!;
        const out = new MagicString(code);
        out.replace(placeholder('FIRST', locale), () => `JSON.parse(${JSON.stringify(JSON.stringify(first))})`);
        out.replace(placeholder('PARTS', locale), () => JSON.stringify(parts));
        return { code: out.toString(), map: out.generateMap({ hires: true }) };
      });
    },
    async generateBundle() {
      if (!cut) return;
      const languages = await cut;
      for (const { files } of languages.values()) for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source });
      const byLocale = Object.fromEntries([...languages].map(([locale, { byModule }]) => [locale, byModule]));
      this.emitFile({ type: 'asset', fileName: CATALOGUE_PARTS_FILE, source: `${JSON.stringify(byLocale, null, 2)}\n` });
    },
  };
}
