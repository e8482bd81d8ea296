import { CLASS_ROUTES, classFlowHref } from '@bima/domain/class-routes';
import { isValidElement, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { staffPaths } from '../config/staff-paths';
import { routeTable } from './route-table';
import { staffRoutes } from './staff-routes';

/**
 * Every screen the router mounts takes its address from the path tables (`config/paths.ts`,
 * `config/staff-paths.ts`) or the class routes' table: the phone crawl (e2e/phone-crawl.ts, issue 28)
 * reads its routes from those tables, so a screen mounted on an address of its own would never be
 * crawled. The only other paths are the catch-alls (`*`) and the spec's short aliases, which redirect.
 */

const tablePaths = new Set<string>([
  ...Object.values(paths).map((entry) => entry.path),
  ...Object.values(staffPaths).map((entry) => entry.path),
  ...CLASS_ROUTES.map((route) => classFlowHref(route)),
]);

/** A redirect to another address (the spec's short names): not a screen of its own. */
function isRedirect(route: RouteObject) {
  const element = route.element;
  if (!isValidElement(element)) return false;
  const type = (element as ReactElement).type;
  return typeof type === 'function' && ['Alias', 'Navigate'].includes(type.name);
}

/** Each mounted path that is not from a table, as "path (tree)". */
function untabledPaths(routes: RouteObject[], tree: string): string[] {
  return routes.flatMap((route) => {
    const own =
      route.path === undefined || route.path === '*' || tablePaths.has(route.path) || isRedirect(route)
        ? []
        : [`${route.path} (${tree})`];
    return [...own, ...untabledPaths(route.children ?? [], tree)];
  });
}

function mountedPaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...mountedPaths(route.children ?? []),
  ]);
}

describe('the route table takes every address from the path tables', () => {
  it('finds the screens of both trees', () => {
    expect(mountedPaths(routeTable).length).toBeGreaterThan(50);
    expect(mountedPaths(staffRoutes).length).toBeGreaterThan(20);
  });

  it('mounts no screen on an address the path tables do not have', () => {
    expect([
      ...untabledPaths(routeTable, 'route-table'),
      ...untabledPaths(staffRoutes, 'staff-routes'),
    ]).toEqual([]);
  });

  it('would catch a screen mounted on a literal address', () => {
    const withLiteral: RouteObject[] = [{ path: '/newportal-extra', element: null }, ...routeTable];
    expect(untabledPaths(withLiteral, 'route-table')).toEqual(['/newportal-extra (route-table)']);
  });
});
