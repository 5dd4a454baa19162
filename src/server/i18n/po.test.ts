import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/locales';
import { parsePo } from './po';

// The server's reader of the catalogues agrees with Lingui's own, entry for entry, on every file
// the app ships, and on the parts of the format those files do not use yet.

const root = path.resolve(import.meta.dirname, '../../..');

describe('the PO reader', () => {
  it.each(LOCALES)("reads the %s catalogue as Lingui's reader does", async (locale) => {
    const text = readFileSync(path.join(root, 'src/locales', locale, 'messages.po'), 'utf8');
    const lingui = (await formatter({ lineNumbers: false }).parse(text, { locale, sourceLocale: 'en', filename: 'messages.po' })) ?? {};
    // A message marked in plain code (`/*i18n*/`) has its English as its id, and no message.
    const theirs = Object.entries(lingui)
      .filter(([, entry]) => !entry.obsolete)
      .map(([id, entry]) => ({ id: entry.message ?? id, context: entry.context, translation: entry.translation ?? '' }));
    const ours = parsePo(text)
      .filter((entry) => !entry.obsolete)
      .map((entry) => ({ id: entry.id, context: entry.context, translation: entry.translation }));
    const key = (e: { id: string; context?: string }) => `${e.context ?? ''}\u0004${e.id}`;
    expect(ours.length).toBeGreaterThan(400);
    expect(ours.map(key).sort()).toEqual(theirs.map(key).sort());
    const byKey = new Map(theirs.map((e) => [key(e), e.translation]));
    for (const entry of ours) expect(entry.translation, entry.id).toBe(byKey.get(key(entry)));
  });

  it('joins continued lines, unescapes, and keeps obsolete and context entries apart', () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: gu\\n"',
        '',
        '#. js-lingui-explicit-id',
        '#: src/server/a.ts',
        'msgid ""',
        '"A long "',
        '"message with \\"quotes\\"\\n"',
        'msgstr "લાંબો \\"સંદેશ\\"\\n"',
        '',
        'msgctxt "pet size"',
        'msgid "Small"',
        'msgstr "નાનું"',
        '',
        '#~ msgid "Gone"',
        '#~ msgstr "ગયું"',
      ].join('\n'),
    );
    expect(entries).toEqual([
      { id: 'A long message with "quotes"\n', translation: 'લાંબો "સંદેશ"\n', obsolete: false },
      { context: 'pet size', id: 'Small', translation: 'નાનું', obsolete: false },
      { id: 'Gone', translation: 'ગયું', obsolete: true },
    ]);
  });
});
