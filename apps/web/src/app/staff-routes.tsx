import type { RouteObject } from 'react-router';
import { staffPaths } from '../config/staff-paths';
import StaffLayout from '../features/staff/routes/staff-layout';
import { lazyElement } from './lazy-element';

/**
 * EXTENSION POINT — the product back office (`features/backoffice-products`, another engineer).
 * Add its screens here as lazy routes relative to `/staff`; they render inside the staff layout
 * (heading, navigation, the role check: underwriter and admin), e.g.
 *   { path: staffPaths.products.path, element: lazyElement(() => import('../features/backoffice-products/routes/products')) },
 *   { path: `${staffPaths.products.path}/:productSystemRef`, element: lazyElement(() => import('…/routes/product')) },
 * Until then `/staff/products` shows the staff area's "not available yet" screen.
 */
export const staffProductRoutes: RouteObject[] = [];

/** Every screen of the staff area, children of its layout (relative to `/staff`). */
export const staffChildRoutes: RouteObject[] = [
  { index: true, element: lazyElement(() => import('../features/staff/routes/dashboard')) },
  { path: staffPaths.requests.path, element: lazyElement(() => import('../features/staff/routes/requests')) },
  {
    path: staffPaths.request.path,
    element: lazyElement(() => import('../features/staff/routes/request-detail')),
  },
  {
    path: staffPaths.intermediaries.path,
    element: lazyElement(() => import('../features/staff/routes/intermediaries')),
  },
  {
    path: staffPaths.commission.path,
    element: lazyElement(() => import('../features/staff/routes/commission')),
  },
  { path: staffPaths.staff.path, element: lazyElement(() => import('../features/staff/routes/staff-users')) },
  {
    path: staffPaths.moneyReceived.path,
    element: lazyElement(() => import('../features/staff/routes/money-received')),
  },
  { path: staffPaths.audit.path, element: lazyElement(() => import('../features/staff/routes/audit-log')) },
  ...staffProductRoutes,
  { path: '*', element: lazyElement(() => import('../features/staff/routes/not-available')) },
];

/** The staff area's route tree: the layout (guards, heading, navigation) around its screens. */
export const staffRoutes: RouteObject[] = [{ element: <StaffLayout />, children: staffChildRoutes }];
