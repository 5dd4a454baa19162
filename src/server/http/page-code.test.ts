import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERED_FOR_VISITOR, RENDERED_PER_REQUEST, SERVER_RENDERED_PAGES } from '../../domain/server-render';
import { PAGE_MODULES, pageCode } from './page-code';

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
});
