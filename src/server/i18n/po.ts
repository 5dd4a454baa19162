// The PO catalogues (src/locales/<locale>/messages.po) as the server reads them: each message's
// English (its msgid, with its msgctxt when it has one) and its translation. Lingui's own reader
// is a build tool (a development dependency); this reads the subset of the format Lingui writes.

export type PoEntry = { context?: string; id: string; translation: string; obsolete: boolean };

const unquote = (quoted: string): string =>
  (JSON.parse(quoted.replace(/\\(?!["\\nrt])/g, '\\\\')) as string);

/** The entries of a PO file, the header (empty msgid) left out. */
export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let entry: { context?: string; id?: string; translation?: string; obsolete: boolean } = { obsolete: false };
  let field: 'context' | 'id' | 'translation' | undefined;
  const flush = () => {
    if (entry.id) entries.push({ ...(entry.context === undefined ? {} : { context: entry.context }), id: entry.id, translation: entry.translation ?? '', obsolete: entry.obsolete });
    entry = { obsolete: false };
    field = undefined;
  };
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    if (line.startsWith('#~')) {
      entry.obsolete = true;
      line = line.slice(2).trim();
    } else if (line.startsWith('#')) continue;
    const keyword = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
    if (keyword) {
      const next = keyword[1] === 'msgctxt' ? 'context' : keyword[1] === 'msgid' ? 'id' : 'translation';
      // A msgctxt or msgid after a msgstr starts the next entry (files without blank lines).
      if (next !== 'translation' && entry.translation !== undefined) flush();
      field = next;
      entry[field] = unquote(keyword[2]!);
    } else if (/^".*"$/.test(line) && field) {
      entry[field] = (entry[field] ?? '') + unquote(line);
    }
  }
  flush();
  return entries;
}
