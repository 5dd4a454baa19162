import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Every lucide-react icon the app imports is made by src/web/lib/lucide-icon.ts instead of
 * lucide-react's createLucideIcon (decision 061): each icon module of the package imports it from
 * "../createLucideIcon.mjs", and that one import is answered with ours. The package's icons,
 * names, types and tree-shaking stay as they are.
 */
export function lightIcons(root: string): Plugin {
  const ours = path.join(root, 'src/web/lib/lucide-icon.ts');
  const iconModule = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
  return {
    name: 'pawstay:light-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../createLucideIcon.mjs' && importer && iconModule.test(importer)) return ours;
      return null;
    },
  };
}
