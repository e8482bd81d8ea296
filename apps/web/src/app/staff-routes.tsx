import type { RouteObject } from 'react-router';
import { staffPaths } from '../config/staff-paths';
import StaffLayout from '../features/staff/routes/staff-layout';
import { lazyElement } from './lazy-element';

const staffChats = () => import('../features/chat/routes/staff-chats');

/**
 * The product back office (`features/backoffice-products`, underwriter and admin): its screens,
 * inside the staff layout (heading, navigation, role check).
 */
export const staffProductRoutes: RouteObject[] = [
  {
    path: staffPaths.products.path,
    element: lazyElement(() => import('../features/backoffice-products/routes/products-list')),
  },
  {
    path: staffPaths.product.path,
    element: lazyElement(() => import('../features/backoffice-products/routes/product-editor')),
  },
  {
    path: staffPaths.productVersion.path,
    element: lazyElement(() => import('../features/backoffice-products/routes/product-version')),
  },
];

/** Every screen of the staff area, children of its layout (relative to `/staff`). */
export const staffChildRoutes: RouteObject[] = [
  { index: true, element: lazyElement(() => import('./routes/staff-home')) },
  { path: staffPaths.requests.path, element: lazyElement(() => import('../features/staff/routes/requests')) },
  {
    path: staffPaths.request.path,
    element: lazyElement(() => import('../features/staff/routes/request-detail')),
  },
  {
    path: staffPaths.policies.path,
    element: lazyElement(() => import('../features/staff/routes/policies')),
  },
  {
    path: staffPaths.intermediaries.path,
    element: lazyElement(() => import('../features/staff/routes/intermediaries')),
  },
  {
    path: staffPaths.commission.path,
    element: lazyElement(() => import('../features/staff/routes/commission')),
  },
  {
    path: staffPaths.commissionStatement.path,
    element: lazyElement(() => import('../features/staff/routes/commission-statement')),
  },
  { path: staffPaths.staff.path, element: lazyElement(() => import('../features/staff/routes/staff-users')) },
  {
    path: staffPaths.moneyReceived.path,
    element: lazyElement(() => import('../features/staff/routes/money-received')),
  },
  { path: staffPaths.audit.path, element: lazyElement(() => import('../features/staff/routes/audit-log')) },
  { path: staffPaths.chats.path, element: lazyElement(staffChats) },
  { path: staffPaths.chat.path, element: lazyElement(staffChats) },
  ...staffProductRoutes,
  {
    path: staffPaths.notifications.path,
    element: lazyElement(() => import('../features/staff/routes/notifications')),
  },
  {
    path: staffPaths.mailQueue.path,
    element: lazyElement(() => import('../features/staff/routes/mail-queue')),
  },
  {
    path: staffPaths.smsQueue.path,
    element: lazyElement(() => import('../features/staff/routes/sms-queue')),
  },
  {
    path: staffPaths.jobs.path,
    element: lazyElement(() => import('../features/staff/routes/jobs')),
  },
  {
    path: staffPaths.identityChecks.path,
    element: lazyElement(() => import('../features/staff/routes/identity-checks')),
  },
  {
    path: staffPaths.productInterest.path,
    element: lazyElement(() => import('../features/staff/routes/product-interest')),
  },
  {
    path: staffPaths.claims.path,
    element: lazyElement(() => import('../features/claims/routes/desk-queue')),
  },
  {
    path: staffPaths.loanApplications.path,
    element: lazyElement(() => import('../features/lending/routes/applications')),
  },
  {
    path: staffPaths.loanPricing.path,
    element: lazyElement(() => import('../features/lending/routes/pricing')),
  },
  {
    path: staffPaths.loanApplication.path,
    element: lazyElement(() => import('../features/lending/routes/application-detail')),
  },
  { path: staffPaths.claim.path, element: lazyElement(() => import('../features/claims/routes/desk-claim')) },
  {
    path: staffPaths.assessments.path,
    element: lazyElement(() => import('../features/assessment/routes/shared-list')),
  },
  {
    path: staffPaths.assessment.path,
    element: lazyElement(() => import('../features/assessment/routes/shared-detail')),
  },
  { path: '*', element: lazyElement(() => import('../features/staff/routes/not-available')) },
];

/** The staff area's route tree: the layout (guards, heading, navigation) around its screens. */
export const staffRoutes: RouteObject[] = [
  // The invitation link is opened signed out: outside the layout, which sends visitors to sign in.
  {
    path: staffPaths.acceptInvitation.path,
    element: lazyElement(() => import('../features/auth/routes/accept-invitation')),
  },
  { element: <StaffLayout />, children: staffChildRoutes },
];
