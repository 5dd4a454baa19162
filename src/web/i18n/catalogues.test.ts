import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import _traverse from '@babel/traverse';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '@/domain/locales';

// The catalogues and the code agree (decision 059): every message in the code is in each
// language's PO file and translated, no file keeps a message the code no longer has, and a module
// that speaks through Lingui writes no English straight into its JSX. `npx lingui extract`
// brings the catalogues up to date with the code; a translator then fills them.

const traverse = ((_traverse as unknown as { default?: typeof _traverse }).default ?? _traverse) as typeof _traverse;
const root = path.resolve(import.meta.dirname, '../../..');

type Catalogue = Record<string, { translation?: string; obsolete?: boolean }>;
let inCode: Record<string, { message?: string; origin?: [string, number?][] }>;
let files: Record<string, Catalogue>;

beforeAll(async () => {
  const config = getConfig({ cwd: root, configPath: path.join(root, 'lingui.config.ts'), skipValidation: true });
  const [catalog] = await getCatalogs(config);
  inCode = (await catalog!.collect())!;
  files = (await catalog!.readAll()) as Record<string, Catalogue>;
}, 120_000);

const where = (id: string) => `"${inCode[id]?.message ?? id}" (${(inCode[id]?.origin ?? []).map(([file]) => file).join(', ')})`;

describe('the catalogues', () => {
  it.each(LOCALES)('%s has every message of the code', (locale) => {
    const missing = Object.keys(inCode).filter((id) => !files[locale]?.[id]).map(where);
    expect(missing, 'run `npx lingui extract`').toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== SOURCE_LOCALE))('%s has a translation for each', (locale) => {
    const untranslated = Object.keys(inCode).filter((id) => !files[locale]?.[id]?.translation?.trim()).map(where);
    expect(untranslated).toEqual([]);
  });

  it.each(LOCALES)('%s keeps no message the code no longer has', (locale) => {
    const unused = Object.entries(files[locale] ?? {}).filter(([id]) => !(id in inCode)).map(([id, entry]) => entry.translation || id);
    expect(unused, 'run `npx lingui extract --clean`').toEqual([]);
  });

  it('keeps each message\'s placeholders in every translation', () => {
    // A plural's branch ("one {Pet}") is text, not a placeholder.
    const placeholders = (text: string) => [...text.matchAll(/(?<!\b(?:zero|one|two|few|many|other|=\d+) )\{(\w+)[,}]|<(\d+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();
    const broken = LOCALES.flatMap((locale) =>
      Object.entries(inCode)
        .filter(([id]) => files[locale]?.[id]?.translation)
        // A text marked /*i18n*/ is its own id: no message beside it.
        .filter(([id, m]) => JSON.stringify([...new Set(placeholders(files[locale]![id]!.translation!))]) !== JSON.stringify([...new Set(placeholders(m.message ?? id))]))
        .map(([id]) => `${locale}: ${where(id)}`),
    );
    expect(broken).toEqual([]);
  });

  it.each(LOCALES)('%s holds each English once: a marked text and a screen\'s message with the same words are one entry (an explicit id on the screen)', (locale) => {
    const po = readFileSync(path.join(root, 'src/locales', locale, 'messages.po'), 'utf8');
    const keys = po.split(/\n\n/).flatMap((entry) => {
      const id = /^msgid "(.*)"$/m.exec(entry)?.[1];
      return id ? [`${/^msgctxt "(.*)"$/m.exec(entry)?.[1] ?? ''}\u0004${id}`] : [];
    });
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('has no plural or select in a marked text the browser may show (an English page fills it in without a compiler)', () => {
    const shared = Object.entries(inCode).filter(([, m]) => m.message === undefined && (m.origin ?? []).some(([file]) => /^src\/(domain|web)\//.test(file)));
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.filter(([id]) => /\{\w+,\s*(plural|select|selectordinal)\s*,/.test(id)).map(([id]) => where(id))).toEqual([]);
  });
});

/** Words that are the same in every language: the brand, units, and what the law or a bank names so. */
const SAME_IN_EVERY_LANGUAGE = new Set(['PawStay', 'GST', 'GSTIN', 'UPI', 'IFSC', 'TDS', 'TCS', 'HUF', 'OTP', 'PAN', 'ID', 'OK', 'CSV', 'kg', 'km', 'PDF', 'JPEG', 'PNG', 'MB', 'KB']);
/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label', 'closeLabel', 'eyebrow', 'description']);

const englishIn = (text: string) => (text.match(/[A-Za-z][A-Za-z'’-]+/g) ?? []).filter((word) => !SAME_IN_EVERY_LANGUAGE.has(word));

function modulesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return modulesUnder(file);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [file] : [];
  });
}

describe('a module that speaks through Lingui', () => {
  const moved = modulesUnder(path.join(root, 'src/web')).filter((file) => /from '@lingui\/react\/macro'/.test(readFileSync(file, 'utf8')));

  it('exists (the check is not checking nothing)', () => {
    expect(moved.length).toBeGreaterThan(5);
  });

  it.each(moved.map((file) => [path.relative(root, file), file]))('%s writes no English straight into its JSX', (_name, file) => {
    const ast = parse(readFileSync(file, 'utf8'), { sourceType: 'module', plugins: ['typescript', 'jsx'] });
    const found: string[] = [];
    traverse(ast, {
      JSXText(p) {
        const words = englishIn(p.node.value);
        if (words.length) found.push(`line ${p.node.loc?.start.line}: ${p.node.value.trim()}`);
      },
      JSXAttribute(p) {
        const name = typeof p.node.name.name === 'string' ? p.node.name.name : '';
        const value = p.node.value;
        if (READ_ATTRIBUTES.has(name) && value?.type === 'StringLiteral' && englishIn(value.value).length) found.push(`line ${p.node.loc?.start.line}: ${name}="${value.value}"`);
      },
      // Inside <Trans> English is the message itself.
      JSXElement(p) {
        const opening = p.node.openingElement.name;
        if (opening.type === 'JSXIdentifier' && (opening.name === 'Trans' || opening.name === 'Plural' || opening.name === 'Select')) p.skip();
      },
    });
    expect(found).toEqual([]);
  });
});
