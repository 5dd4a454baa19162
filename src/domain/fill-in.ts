// The English of a text marked for the catalogues (`/*i18n*/`, decision 063), where no catalogue is
// read: an English page has none, since its words are in its code. A module of its own: the pages
// that show no such text with values do not carry it.

/**
 * `text` as written, each `{name}` filled from `values`. Only simple placeholders: a text the
 * domain shares with the browser has no ICU plural or select (catalogues.test.ts holds it to that),
 * so that an English page needs no message compiler.
 */
export const fillIn = (text: string, values?: Record<string, unknown>): string =>
  values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
