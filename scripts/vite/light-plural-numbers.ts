import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Lingui's formatter of plain numbers (a plural's count) is src/web/i18n/light-number-format.ts
 * rather than a new Intl.NumberFormat (see there why). Lingui keeps the construction inside its
 * module, with no option to replace it, so its one line is rewritten in the build; a Lingui whose
 * code no longer has that line stops the build, rather than quietly bringing the cost back.
 */
export function lightPluralNumbers(root: string): Plugin {
  const ours = path.join(root, 'src/web/i18n/light-number-format.ts');
  const linguiCore = /[\\/]@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/;
  const construction = '() => new Intl.NumberFormat(_locales, format)';
  return {
    name: 'pawstay:light-plural-numbers',
    enforce: 'pre',
    transform(code, id) {
      if (!linguiCore.test(id)) return null;
      if (code.split(construction).length !== 2) this.error(`@lingui/core no longer builds its number formatter as "${construction}": see scripts/vite/light-plural-numbers.ts`);
      return {
        code: `import { lightNumberFormat as __lightNumberFormat } from ${JSON.stringify(ours)};\n${code.replace(construction, '() => __lightNumberFormat(_locales, format)')}`,
        map: null,
      };
    },
  };
}
