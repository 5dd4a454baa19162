import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { lightIcons } from '../../../scripts/vite/light-icons';
import createLucideIcon, { type LightIconProps } from './lucide-icon';

// The build draws every lucide icon with lucide-icon.ts (scripts/vite/light-icons.ts): the server's
// HTML and the browser's must stay what lucide-react would have drawn, for every way the app uses one.
const ICONS = ['paw-print', 'badge-check', 'heart', 'star', 'menu', 'chevron-down', 'alarm-clock-check'];
const PROPS: [string, LightIconProps][] = [
  ['no props', {}],
  ['a class', { className: 'size-4 text-stone-500' }],
  ['hidden, as the app writes it', { 'aria-hidden': 'true', className: 'size-5' }],
  ['a name of its own', { 'aria-label': 'Saved', role: 'img' }],
  ['a stroke width', { strokeWidth: 1.5, className: 'size-10' }],
  ['a size', { size: 16 }],
  ['an absolute stroke width', { size: 48, absoluteStrokeWidth: true }],
  ['a fill and an id', { fill: 'currentColor', id: 'icon' }],
  ['a title inside', { children: createElement('title', null, 'Verified') }],
];

type Data = { __iconData: Parameters<typeof createLucideIcon>[0] };

describe('lucide icons drawn as one element', () => {
  it.each(ICONS)('%s: the same markup as lucide-react for every kind of props', async (name) => {
    const original = (await import(`lucide-react/icons/${name}`)) as { default: (p: LightIconProps) => null };
    const { __iconData } = (await import(`lucide-react/icons/${name}`)) as unknown as Data;
    const Light = createLucideIcon(__iconData);
    for (const [, props] of PROPS) {
      expect(renderToStaticMarkup(createElement(Light, props))).toBe(renderToStaticMarkup(createElement(original.default, props)));
    }
  });

  it('draws every icon of the package as lucide-react does (a lucide upgrade that changes its data shows here)', async () => {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')), 'dist/esm/icons');
    const names = readdirSync(dir).filter((f) => f.endsWith('.mjs')).map((f) => f.slice(0, -'.mjs'.length));
    expect(names.length).toBeGreaterThan(1000);
    const differing: string[] = [];
    let drawn = 0;
    for (const name of names) {
      const module = (await import(`lucide-react/icons/${name}`)) as unknown as Partial<Data> & { default: (p: LightIconProps) => null };
      // An old name kept for an icon re-exports that icon's module, which is drawn under its own name.
      if (!module.__iconData) continue;
      drawn++;
      const props = { className: 'size-4', 'aria-hidden': 'true' as const };
      const ours = renderToStaticMarkup(createElement(createLucideIcon(module.__iconData), props));
      if (ours !== renderToStaticMarkup(createElement(module.default, props))) differing.push(name);
    }
    expect(differing).toEqual([]);
    expect(drawn).toBeGreaterThan(1000);
  });

  it('writes the shapes once, as markup, not as elements React makes on every render', async () => {
    const { __iconData } = (await import('lucide-react/icons/paw-print')) as unknown as Data;
    const element = createLucideIcon(__iconData)({}) as unknown as { props: Record<string, unknown> };
    expect(element.props.dangerouslySetInnerHTML).toEqual({ __html: expect.stringContaining('<circle cx="11" cy="4" r="2"></circle>') });
    expect(element.props.children).toBeUndefined();
  });

  it('escapes what it writes into an attribute', async () => {
    const Odd = createLucideIcon({ name: 'odd', node: [['path', { d: 'M0 0"><script>x</script>', key: 'k' }]] });
    expect(renderToStaticMarkup(createElement(Odd))).toContain('<path d="M0 0&quot;>&lt;script>x&lt;/script>"></path>');
  });
});

describe('the build plugin (scripts/vite/light-icons.ts)', () => {
  const plugin = lightIcons('/app');
  const resolve = (source: string, importer: string) => (plugin.resolveId as (s: string, i?: string) => string | null)(source, importer);

  it("answers an icon module's import of lucide's factory with ours, and nothing else", () => {
    expect(resolve('../createLucideIcon.mjs', '/app/node_modules/lucide-react/dist/esm/icons/heart.mjs')).toBe(path.join('/app', 'src/web/lib/lucide-icon.ts'));
    // lucide-react's barrel and other packages keep their own.
    expect(resolve('./createLucideIcon.mjs', '/app/node_modules/lucide-react/dist/esm/lucide-react.mjs')).toBeNull();
    expect(resolve('../createLucideIcon.mjs', '/app/node_modules/other-icons/dist/esm/icons/heart.mjs')).toBeNull();
    expect(resolve('../createLucideIcon.mjs', '/app/src/web/components/x.tsx')).toBeNull();
  });
});
