import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../scripts/vite/compile-hints';

// The web build's scripts start with V8's compile hint (decision 060); their source maps, written
// beside them, move down a line with them.

type Bundle = Record<string, { type: 'chunk'; code: string; fileName: string } | { type: 'asset'; source: string | Uint8Array; fileName: string }>;

function build(bundle: Bundle): Bundle {
  const hook = compileHints().generateBundle as { handler: (options: unknown, bundle: Bundle) => void };
  hook.handler({}, bundle);
  return bundle;
}

describe('compileHints: V8 compile hint on every script of the web build', () => {
  it('puts the hint on the first line of each script, above Vite’s own first line', () => {
    const out = build({ 'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', code: 'const __vite__mapDeps=1;\nrun();' } });
    expect((out['assets/index.js'] as { code: string }).code).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=1;\nrun();`);
  });

  it('moves the source map down a line, and only the script’s own', () => {
    const map = JSON.stringify({ version: 3, sources: ['main.tsx'], names: [], mappings: 'AAAA;AACA' });
    const out = build({
      'assets/a.js': { type: 'chunk', fileName: 'assets/a.js', code: 'a();' },
      'assets/a.js.map': { type: 'asset', fileName: 'assets/a.js.map', source: map },
      'assets/b.css.map': { type: 'asset', fileName: 'assets/b.css.map', source: map },
    });
    expect(JSON.parse((out['assets/a.js.map'] as { source: string }).source).mappings).toBe(';AAAA;AACA');
    expect((out['assets/b.css.map'] as { source: string }).source).toBe(map);
  });

  it('leaves assets alone and never hints a script twice', () => {
    const out = build({
      'assets/a.js': { type: 'chunk', fileName: 'assets/a.js', code: `${COMPILE_HINT}\na();` },
      'assets/style.css': { type: 'asset', fileName: 'assets/style.css', source: 'body{}' },
    });
    expect((out['assets/a.js'] as { code: string }).code).toBe(`${COMPILE_HINT}\na();`);
    expect((out['assets/style.css'] as { source: string }).source).toBe('body{}');
  });
});
