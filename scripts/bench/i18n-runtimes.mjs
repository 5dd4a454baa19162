// The runtimes weighed in decision 059, each bundled with one translated message in a component
// (esbuild, minified, production, React left out), and sized as gzip level 9. Installs the
// candidates into a temporary folder (the npm registry is needed); run: node scripts/bench/i18n-runtimes.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = mkdtempSync(path.join(os.tmpdir(), 'i18n-runtimes-'));
const run = (cmd, args) => execFileSync(cmd, args, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
writeFileSync(path.join(dir, 'package.json'), '{"private":true}');
run('npm', ['install', '--no-audit', '--no-fund', 'react@19', 'react-dom@19', '@lingui/core@5.9.5', '@lingui/react@5.9.5', 'i18next@25', 'react-i18next@15', 'react-intl@7', 'esbuild@0.25']);

const candidates = {
  'Lingui 5 (@lingui/core, @lingui/react; a compiled message)': `import { setupI18n } from '@lingui/core'; import { I18nProvider, Trans } from '@lingui/react';
const i18n = setupI18n({ locale: 'gu', messages: { gu: { a: ['નમસ્તે ', ['name']] } } });
export const App = () => <I18nProvider i18n={i18n}><Trans id="a" values={{ name: 'x' }} /></I18nProvider>;`,
  'react-i18next 15 + i18next 25': `import i18next from 'i18next'; import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
i18next.use(initReactI18next).init({ lng: 'gu', resources: { gu: { translation: { a: 'નમસ્તે {{name}}' } } } });
const Inner = () => { const { t } = useTranslation(); return t('a', { name: 'x' }); };
export const App = () => <I18nextProvider i18n={i18next}><Inner /></I18nextProvider>;`,
  'FormatJS (react-intl 7, messages parsed at run time)': `import { IntlProvider, FormattedMessage } from 'react-intl';
export const App = () => <IntlProvider locale="gu" messages={{ a: 'નમસ્તે {name}' }}><FormattedMessage id="a" values={{ name: 'x' }} /></IntlProvider>;`,
};

for (const [name, source] of Object.entries(candidates)) {
  writeFileSync(path.join(dir, 'in.jsx'), source);
  run('npx', ['esbuild', 'in.jsx', '--bundle', '--minify', '--format=esm', '--jsx=automatic', '--external:react', '--external:react-dom', '--define:process.env.NODE_ENV="production"', '--outfile=out.js', '--log-level=error']);
  console.log(`${name}: ${(gzipSync(readFileSync(path.join(dir, 'out.js')), { level: 9 }).length / 1024).toFixed(1)} KB gzip`);
}
