import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERED_FOR_VISITOR, RENDERED_PER_REQUEST, SERVER_RENDERED_PAGES } from '../../domain/server-render';
import { PAGE_MODULES, pageCode, pageWords, pressCodeOf } from './page-code';

const WEB = path.resolve('src/web');

describe('the code of each server-rendered page', () => {
  it('names a module for every server-rendered page, each one its feature routes.ts imports', () => {
    expect(Object.keys(PAGE_MODULES).sort()).toEqual([...SERVER_RENDERED_PAGES, ...RENDERED_PER_REQUEST, ...RENDERED_FOR_VISITOR].sort());
    for (const [page, modules] of Object.entries(PAGE_MODULES)) {
      for (const module of modules) {
        // features/<feature>/... is imported by features/<feature>/routes.ts as './...'
        const [, feature, ...rest] = module.split('/');
        const routes = readFileSync(path.join(WEB, 'features', feature!, 'routes.ts'), 'utf8');
        expect(routes, `${page}: ${module}`).toContain(`import('./${rest.join('/').replace(/\.tsx?$/, '')}')`);
      }
    }
  });

  it("gives each page its chunks and every chunk they import, once each, and skips what the build does not have", () => {
    const code = pageCode({
      'features/search/search-page.tsx': { file: 'assets/search-page-A.js', imports: ['_api-B.js', '_runtime-C.js'] },
      '_api-B.js': { file: 'assets/api-B.js', imports: ['_runtime-C.js'] },
      '_runtime-C.js': { file: 'assets/runtime-C.js' },
      'features/listings/listing-page.tsx': { file: 'assets/listing-page-D.js', imports: ['_gone.js'] },
    });
    expect(code.get('/search')).toEqual(['/assets/search-page-A.js', '/assets/api-B.js', '/assets/runtime-C.js']);
    expect(code.get('/listing/:id')).toEqual(['/assets/listing-page-D.js']);
    expect(code.get('/about')).toEqual([]);
  });

  it("gives each module a rendered control's press names its chunks, and leaves out what the build does not have", () => {
    const manifest = {
      'features/search/components/listing-sheet.tsx': { file: 'assets/listing-sheet-A.js', imports: ['_dialog-B.js', '_runtime-C.js'] },
      '_dialog-B.js': { file: 'assets/dialog-B.js', imports: ['_runtime-C.js'] },
      '_runtime-C.js': { file: 'assets/runtime-C.js' },
      '../../node_modules/sonner/dist/index.mjs': { file: 'assets/sonner-D.js', imports: ['_runtime-C.js'] },
    };
    const html =
      '<main><button data-code="features/search/components/listing-sheet.tsx">Show details</button>' +
      '<button class="x" data-code="../../node_modules/sonner/dist/index.mjs features/gone.tsx">Request to Book</button>' +
      '<button data-code="features/search/components/listing-sheet.tsx">Show details</button><p>data-code="not/an/attribute.tsx"</p></main>';
    expect(pressCodeOf(html, manifest)).toEqual({
      'features/search/components/listing-sheet.tsx': ['/assets/listing-sheet-A.js', '/assets/dialog-B.js', '/assets/runtime-C.js'],
      '../../node_modules/sonner/dist/index.mjs': ['/assets/sonner-D.js', '/assets/runtime-C.js'],
    });
    expect(pressCodeOf('<main><button>Search</button></main>', manifest)).toEqual({});
  });

  it("gives a page in Gujarati or Hindi the parts of the catalogue its modules need, once each, and an English page none", () => {
    const parts = {
      gu: { 'features/host/host-page.tsx': 'assets/catalogue-gu-A.js', 'features/host/host-page-data.ts': 'assets/catalogue-gu-A.js', 'features/search/search-page.tsx': 'assets/catalogue-gu-S.js' },
      hi: { 'features/host/host-page.tsx': 'assets/catalogue-hi-B.js' },
    };
    expect(pageWords(parts, 'gu', '/host')).toEqual(['/assets/catalogue-gu-A.js']);
    expect(pageWords(parts, 'hi', '/host')).toEqual(['/assets/catalogue-hi-B.js']);
    expect(pageWords(parts, 'gu', '/search')).toEqual(['/assets/catalogue-gu-S.js']);
    expect(pageWords(parts, 'en', '/host')).toEqual([]);
    expect(pageWords(undefined, 'gu', '/host')).toEqual([]);
  });
});
