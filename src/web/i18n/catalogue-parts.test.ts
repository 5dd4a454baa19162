import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAsync, traverse, types as t } from '@babel/core';
import { rolldown } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogueParts, wrapping } from '../../../scripts/vite/catalogue-parts';

// The catalogue cut by the code that uses it (decision 064): each import on demand is written so
// that its words load beside it, and each part holds the words of its module and of what that
// imports, less those of the code every page runs.

async function rewrite(code: string): Promise<string> {
  const ast = await parseAsync(code, { filename: 'x.ts', babelrc: false, configFile: false, parserOpts: { plugins: ['typescript'] } });
  let out = code;
  traverse(ast!, {
    CallExpression(callPath) {
      if (!t.isImport(callPath.node.callee)) return;
      const parents = [callPath.parentPath?.node, callPath.parentPath?.parentPath?.node].filter((n): n is t.Node => !!n);
      const { start, end, text } = wrapping(code, callPath.node, parents, (loading) => `W(${loading}, "k")`);
      out = code.slice(0, start) + text + code.slice(end);
    },
  });
  return out;
}

describe('an import on demand, rewritten', () => {
  it("keeps the forms from which the bundler learns which exports are used, the words loading beside it", async () => {
    expect(await rewrite(`const C = () => import('./page').then((m) => ({ Component: m.Page }));`)).toBe(`const C = () => W(import('./page').then((m) => ({ Component: m.Page })), "k");`);
    expect(await rewrite(`const s = async () => (await import('./schema')).schema;`)).toBe(`const s = async () => (await W(import('./schema').then((m) => m.schema), "k"));`);
    expect(await rewrite(`async function f() { const { a, b } = await import('./api'); }`)).toBe(`async function f() { const { a, b } = await W(import('./api').then((m) => ({ a: m.a, b: m.b })), "k"); }`);
  });

  it('wraps any other import as it is', async () => {
    expect(await rewrite(`const load = () => import('./sheet');`)).toBe(`const load = () => W(import('./sheet'), "k");`);
    expect(await rewrite(`async function f() { const { a, ...rest } = await import('./api'); }`)).toBe(`async function f() { const { a, ...rest } = await W(import('./api'), "k"); }`);
  });
});

describe('the parts of a build', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'catalogue-parts-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, code: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), code);
  };

  it('holds the words of each module loaded on demand and of what it imports, less the first chunk’s and those the bundler left out', async () => {
    write('src/web/main.ts', `import { header } from './header';\nimport { load as loadWords } from './i18n/locale-gu';\nexport const go = () => [header, loadWords, import('./dialog'), import('./page').then((m) => m.page)];\n`);
    write('src/web/header.ts', `export const header = 'header';\n`);
    write('src/web/dialog.ts', `import { shared } from './shared';\nimport { header } from './header';\nexport const dialog = [shared, header];\n`);
    write('src/web/page.ts', `import { shared } from './shared';\nimport { used } from './labels';\nexport const page = [shared, used, ${"'"}${'/*i18n*/'}${"'"}.length, /*i18n*/ 'Marked in plain code'];\n`);
    // A map of labels of which the page uses one: the other's words stay out.
    write('src/web/labels.ts', `export const used = 'usedLabel';\nexport const unused = 'unusedLabel';\n`);
    write('src/web/shared.ts', `export const shared = 'shared';\n`);
    write('src/web/i18n/messages.ts', `export {};\n`);
    write('src/web/i18n/locale-gu.ts', `import { messages, parts } from 'virtual:pawstay-catalogue/gu';\nexport const load = () => [messages, parts];\n`);
    write('src/web/i18n/locale-hi.ts', `import { messages, parts } from 'virtual:pawstay-catalogue/hi';\nexport const load = () => [messages, parts];\n`);

    const compiled = (text: string) => [text];
    const plugin = catalogueParts(root, async (locale) => ({
      header: compiled(`${locale} header`),
      dialog: compiled(`${locale} dialog`),
      shared: compiled(`${locale} shared`),
      'Marked in plain code': compiled(`${locale} marked`),
      usedLabel: compiled(`${locale} used`),
      unusedLabel: compiled(`${locale} unused label`),
      unused: compiled(`${locale} unused`),
    }));
    (plugin.configResolved as (config: unknown) => void)({ command: 'build', build: { ssr: false } });
    // What Lingui's macros would tell it.
    const record = (file: string, ids: string[]) => plugin.record(path.join(root, 'src/web', file), ids);
    record('header.ts', ['header']);
    record('dialog.ts', ['dialog']);
    record('shared.ts', ['shared']);
    record('labels.ts', ['usedLabel', 'unusedLabel']);

    const bundle = await rolldown({ input: path.join(root, 'src/web/main.ts'), plugins: [plugin as never] });
    const { output } = await bundle.generate({ format: 'es' });
    await bundle.close();
    const asset = (name: string) => output.find((file) => file.fileName === name);
    const parts = JSON.parse(String((asset('.vite/catalogue-parts.json') as { source: string }).source)) as Record<string, Record<string, string>>;
    expect(Object.keys(parts.gu!).sort()).toEqual(['dialog.ts', 'page.ts']);
    const words = (file: string) => {
      const source = String((asset(file) as { source: string }).source);
      return JSON.parse(JSON.parse(source.slice(source.indexOf('JSON.parse(') + 11, source.lastIndexOf(')')))) as Record<string, string[]>;
    };
    // The header is the first chunk's: every page runs it.
    expect(words(parts.gu!['dialog.ts']!)).toEqual({ dialog: ['gu dialog'], shared: ['gu shared'] });
    expect(words(parts.gu!['page.ts']!)).toEqual({ 'Marked in plain code': ['gu marked'], shared: ['gu shared'], usedLabel: ['gu used'] });
    expect(words(parts.hi!['page.ts']!)).toEqual({ 'Marked in plain code': ['hi marked'], shared: ['hi shared'], usedLabel: ['hi used'] });

    const code = output.filter((file) => file.type === 'chunk').map((chunk) => chunk.code).join('\n');
    // The first chunk: the header's words, and the map from each module's key to its part.
    expect(code).toContain(JSON.stringify(JSON.stringify({ header: ['gu header'] })));
    const gu = /parts(?:\$\d+)? = (\{[^}]*\})/.exec(code.slice(code.indexOf('gu header')))?.[1];
    expect(Object.values(JSON.parse(gu!) as Record<string, string>).map((hash) => `assets/catalogue-gu-${hash}.js`).sort()).toEqual(Object.values(parts.gu!).sort());
    // Each import of ours goes through the words' loader, with its module's key.
    expect(code.match(/__pawstayWithMessages\(/g)).toHaveLength(2);
  });
});
