import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '@/domain/page-paths';
import { QueryClient } from '@tanstack/react-query';
import { appRoutes } from './router';

/** Every page path the router defines, absolute. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.index ? parent || '/' : route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.index || (route.path && route.path !== '*') ? [here] : [];
    return [...own, ...pagePaths(route.children ?? [], route.path ? here : parent)];
  });
}

describe('the router and the server agree on the pages', () => {
  it('lists exactly the paths of PAGE_PATHS', () => {
    expect(pagePaths(appRoutes(new QueryClient())).sort()).toEqual([...PAGE_PATHS].sort());
  });
});
