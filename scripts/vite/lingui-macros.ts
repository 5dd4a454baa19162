import { transformAsync, types as t, type PluginObj } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

// Lingui's macros (<Trans>, t, plural from @lingui/*/macro) turned into its runtime calls as the
// app is built and tested (decision 059). Vite 8 compiles TypeScript and JSX with Oxc, not Babel,
// and Lingui 5 has no Oxc transform: this runs Babel, with Lingui's own macro plugin, over the
// modules that import a macro, and only those.
//
// The English text stays in the code as the message's fallback, compiled here to Lingui's
// message form: English needs no catalogue at run time (its first view does not grow by one), and
// Lingui's runtime needs no message compiler, which it leaves out of production builds.

const MACRO_IMPORT = /from\s+['"]@lingui\/(?:core|react)\/macro['"]/;

const compiled = (message: string) => t.valueToNode(compileMessage(message)) as t.Expression;

/**
 * After the macro: each `message` it wrote, as a string, becomes the compiled message, and the
 * message's id is told to `ids` (the catalogue's parts, catalogue-parts.ts).
 */
const precompileFallbacks = (ids: Set<string>): PluginObj => ({
  visitor: {
    ObjectProperty(path) {
      const { key, value } = path.node;
      if (t.isIdentifier(key, { name: 'message' }) && t.isStringLiteral(value) && path.parentPath.isObjectExpression()) {
        const id = path.parentPath.node.properties.find((p): p is t.ObjectProperty => t.isObjectProperty(p) && t.isIdentifier(p.key, { name: 'id' }));
        if (!id) return;
        path.node.value = compiled(value.value);
        if (t.isStringLiteral(id.value)) ids.add(id.value.value);
      }
    },
    JSXAttribute(path) {
      const { name, value } = path.node;
      if (t.isJSXIdentifier(name, { name: 'message' }) && t.isStringLiteral(value)) {
        path.node.value = t.jsxExpressionContainer(compiled(value.value));
        const opening = path.parentPath.node as t.JSXOpeningElement;
        const id = opening.attributes.find((a): a is t.JSXAttribute => t.isJSXAttribute(a) && t.isJSXIdentifier(a.name, { name: 'id' }));
        if (id && t.isStringLiteral(id.value)) ids.add(id.value.value);
      }
    },
  },
});

let linguiConfig: ReturnType<typeof getConfig> | undefined;

/** `code` with its Lingui macros expanded, or undefined when it imports none. */
export async function expandLinguiMacros(code: string, filename: string, ids = new Set<string>()) {
  if (!MACRO_IMPORT.test(code)) return undefined;
  linguiConfig ??= getConfig({ skipValidation: true });
  const parserOpts = { plugins: ['typescript', 'jsx'] as ('typescript' | 'jsx')[] };
  const base = { filename, babelrc: false, configFile: false, parserOpts, sourceMaps: true } as const;
  const expanded = await transformAsync(code, { ...base, plugins: [[linguiMacro, { stripMessageField: false, linguiConfig }]] });
  if (!expanded?.code) throw new Error(`Lingui's macros could not be expanded in ${filename}`);
  const out = await transformAsync(expanded.code, { ...base, inputSourceMap: expanded.map ?? undefined, plugins: [precompileFallbacks(ids)] });
  if (!out?.code) throw new Error(`Lingui's messages could not be compiled in ${filename}`);
  return { code: out.code, map: out.map };
}

/**
 * The Vite (and Vitest) plugin: before Oxc, so that it reads the source as written. Each module's
 * message ids go to `onMessages` (the catalogue's parts).
 */
export function linguiMacros(onMessages?: (moduleId: string, ids: Set<string>) => void): Plugin {
  return {
    name: 'pawstay-lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (!/\.[cm]?[jt]sx?$/.test(file) || id.includes('/node_modules/')) return undefined;
      const ids = new Set<string>();
      const out = await expandLinguiMacros(code, file, ids);
      if (out) onMessages?.(file, ids);
      return out;
    },
  };
}
