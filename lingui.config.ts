import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Lingui's catalogues (decision 059): one PO file per language that a translator edits, written by
// `npx lingui extract` from the messages in the code. English is the code's own text; Gujarati
// and Hindi are compiled from their files when the app is built. The check that none is missing
// or left over is src/web/i18n/catalogues.test.ts.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'gu', 'hi'],
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src/web', '<rootDir>/src/domain', '<rootDir>/src/server'], exclude: ['**/*.test.*', '**/node_modules/**'] }],
  // Origins without line numbers: a line added above a message must not rewrite every catalogue.
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
