import { CLASS_ROUTES, classFlowHref } from '@bima/domain/class-routes';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { loadLazy } from '../lib/lazy';
import { QueryProvider } from '../lib/query-client';

/**
 * Every route but the landing page's, in a chunk of its own: the router patches them in on the first
 * navigation away from the landing page (`patchRoutesOnNavigation` in `router.tsx`), so adding a
 * screen or an area never adds to the landing page's JavaScript.
 */

/** A lazy route from a module whose default export is the screen (120 s timeout, one retry). */
function lazyScreen(importer: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await loadLazy(importer);
    return { Component: module.default };
  };
}

/** Another address for a screen: the spec's short route names (help, auth, Otp, …) keep their query. */
function Alias({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/** spec-2 names these screens without their paths: each short name leads to the screen's address. */
const aliases: RouteObject[] = [
  { path: '/help', element: <Alias to={paths.motorHelp.getHref()} /> },
  { path: '/auth', element: <Alias to={paths.auth.getHref()} /> },
  { path: '/otp', element: <Alias to={paths.authOtp.getHref()} /> },
  { path: '/setpassword', element: <Alias to={paths.authSetPassword.getHref()} /> },
  { path: '/resetpassword', element: <Alias to={paths.authResetPassword.getHref()} /> },
];

const coverType = () => import('../features/motor/routes/cover-type');
const vehicleDetails = () => import('../features/purchase/routes/vehicle-details');
const summary = () => import('../features/purchase/routes/summary');
const policies = () => import('../features/portal/routes/policies');
const policyDetail = () => import('../features/portal/routes/policy-detail');
const invoices = () => import('../features/portal/routes/invoices');
const recommendationReview = () => import('../features/portal/routes/recommendation-review');
const recommendationLink = () => import('../features/portal/routes/recommendation-link');
const portalChats = () => import('../features/chat/routes/portal-chats');

const screens: RouteObject[] = [
  { path: paths.aboutUs.path, lazy: lazyScreen(() => import('../features/info/routes/about-us')) },
  {
    path: paths.contactUs.path,
    lazy: lazyScreen(() => import('../features/support/routes/contact-us')),
  },
  {
    path: paths.motorBasicDetails.path,
    lazy: lazyScreen(() => import('../features/motor/routes/basic-details')),
    children: [
      { index: true, lazy: lazyScreen(coverType) },
      { path: paths.motorCoverType.path, lazy: lazyScreen(coverType) },
      {
        path: paths.motorProductQuotation.path,
        lazy: lazyScreen(() => import('../features/motor/routes/product-quotation')),
      },
      {
        path: paths.motorViewDetails.path,
        lazy: lazyScreen(() => import('../features/motor/routes/view-details')),
      },
      {
        path: paths.motorBasicCoverDetails.path,
        lazy: lazyScreen(() => import('../features/motor/routes/basic-cover-details')),
      },
      {
        path: paths.motorBenefits.path,
        lazy: lazyScreen(() => import('../features/motor/routes/benefits')),
      },
      {
        path: paths.motorQuotation.path,
        lazy: lazyScreen(() => import('../features/motor/routes/quotation')),
      },
      // Any other screen of the wizard resets the flow and starts again (spec-1 §2.3).
      { path: '*', lazy: lazyScreen(() => import('../features/motor/routes/reset-flow')) },
    ],
  },
  // Purchase (spec-2): step 2, vehicle details and KYC; step 3, summary, payment, confirmation.
  {
    path: paths.motorCoverDetails.path,
    lazy: lazyScreen(() => import('../features/purchase/routes/cover-details')),
    children: [
      { index: true, lazy: lazyScreen(vehicleDetails) },
      { path: paths.motorVehicleDetails.path, lazy: lazyScreen(vehicleDetails) },
      {
        path: paths.motorKycDetails.path,
        lazy: lazyScreen(() => import('../features/purchase/routes/kyc-details')),
      },
      {
        path: paths.motorCompleteDetails.path,
        lazy: lazyScreen(() => import('../features/purchase/routes/complete-details')),
      },
    ],
  },
  {
    path: paths.motorPaymentConfirmation.path,
    lazy: lazyScreen(() => import('../features/purchase/routes/payment-confirmation')),
    children: [
      { index: true, lazy: lazyScreen(summary) },
      { path: paths.motorSummary.path, lazy: lazyScreen(summary) },
      {
        path: paths.motorPayment.path,
        lazy: lazyScreen(() => import('../features/purchase/routes/payment')),
      },
      {
        path: paths.motorConfirmation.path,
        lazy: lazyScreen(() => import('../features/purchase/routes/confirmation')),
      },
    ],
  },
  // Motor commercial (spec-2): the seven-step wizard; another productId/classCode is not found.
  // Coming-soon products: their page with "Tell me when it's available" (spec-2 route table).
  ...CLASS_ROUTES.filter((route) => route.flow === 'coming-soon').map((route) => ({
    path: classFlowHref(route),
    lazy: lazyScreen(() => import('../features/coming-soon/routes/coming-soon')),
  })),
  // Fire domestic, theft and aviation: one flow driven by the class definitions, each class's risk
  // screen in a chunk of its own (spec-2 route table: /{route}/{productId}/{classCode}, as CLASS_ROUTES
  // publishes them; another product id or class code falls through to the not-found page).
  {
    path: '/fire-domestic/FD101/FireDomestic',
    lazy: lazyScreen(() => import('../features/class-cover/routes/fire-domestic')),
  },
  {
    path: '/theft-insurance/TH101/TheftInsurance',
    lazy: lazyScreen(() => import('../features/class-cover/routes/theft-insurance')),
  },
  {
    path: '/aviation-insurance/AV101/AviationInsurance',
    lazy: lazyScreen(() => import('../features/class-cover/routes/aviation-insurance')),
  },
  {
    path: paths.motorCommercial.path,
    lazy: lazyScreen(() => import('../features/motor-commercial/routes/motor-commercial')),
  },
  {
    path: paths.motorHelp.path,
    lazy: lazyScreen(() => import('../features/help/routes/help-motor')),
  },
  // A recommendation's e-mailed links: to the portal's review, through sign-in when signed out.
  { path: paths.recommendationLink.path, lazy: lazyScreen(recommendationLink) },
  { path: paths.recommendationDetailsLink.path, lazy: lazyScreen(recommendationLink) },
  { path: paths.recommendationSummaryLink.path, lazy: lazyScreen(recommendationLink) },
  {
    path: paths.termsAndPrivacy.path,
    lazy: lazyScreen(() => import('../features/legal/routes/terms-and-privacy')),
  },
  {
    path: paths.verifyCertificate.path,
    lazy: lazyScreen(() => import('../features/verify/routes/verify')),
  },
  { path: paths.auth.path, lazy: lazyScreen(() => import('../features/auth/routes/auth')) },
  { path: paths.authOtp.path, lazy: lazyScreen(() => import('../features/auth/routes/otp')) },
  {
    path: paths.authSetPassword.path,
    lazy: lazyScreen(() => import('../features/auth/routes/set-password')),
  },
  {
    path: paths.authResetPassword.path,
    lazy: lazyScreen(() => import('../features/auth/routes/reset-password')),
  },
  {
    path: paths.passwordSetup.path,
    lazy: lazyScreen(() => import('../features/auth/routes/password-setup')),
  },
  { path: paths.mainDashboard.path, lazy: lazyScreen(() => import('./routes/main-dashboard')) },
  {
    path: paths.radioTest.path,
    lazy: lazyScreen(() => import('../features/style-guide/routes/radio-test')),
  },
  {
    path: paths.portal.path,
    lazy: lazyScreen(() => import('../features/portal/routes/portal-layout')),
    children: [
      { index: true, lazy: lazyScreen(() => import('../features/portal/routes/dashboard')) },
      {
        path: paths.portalProfile.path,
        lazy: lazyScreen(() => import('../features/portal/routes/profile')),
      },
      {
        path: paths.portalKyc.path,
        lazy: lazyScreen(() => import('../features/portal/routes/kyc')),
      },
      { path: paths.portalPolicies.path, lazy: lazyScreen(policies) },
      { path: paths.portalPolicy.path, lazy: lazyScreen(policyDetail) },
      {
        path: paths.portalPolicyRenewal.path,
        lazy: lazyScreen(() => import('../features/portal/routes/renew-policy')),
      },
      {
        path: paths.portalQuotations.path,
        lazy: lazyScreen(() => import('../features/portal/routes/quotations')),
      },
      { path: paths.portalInvoice.path, lazy: lazyScreen(invoices) },
      // Accounts › Invoices shares the invoice screen (spec-2).
      { path: paths.portalAccountInvoices.path, lazy: lazyScreen(invoices) },
      {
        path: paths.portalInvoiceDetail.path,
        lazy: lazyScreen(() => import('../features/portal/routes/invoice-detail')),
      },
      {
        path: paths.portalIntermediaries.path,
        lazy: lazyScreen(() => import('../features/portal/routes/intermediaries')),
      },
      {
        path: paths.portalHelpRequests.path,
        lazy: lazyScreen(() => import('../features/help/routes/my-help-requests')),
      },
      {
        path: paths.portalIntermediary.path,
        lazy: lazyScreen(() => import('../features/portal/routes/intermediary-detail')),
      },
      // A recommendation from an intermediary: review, details, the KYC it is issued on, summary.
      {
        path: paths.portalClaims.path,
        lazy: lazyScreen(() => import('../features/claims/routes/claims-list')),
      },
      {
        path: paths.portalClaimNew.path,
        lazy: lazyScreen(() => import('../features/claims/routes/report-claim')),
      },
      {
        path: paths.portalClaim.path,
        lazy: lazyScreen(() => import('../features/claims/routes/claim-detail')),
      },
      { path: paths.portalRecommendationReview.path, lazy: lazyScreen(recommendationReview) },
      { path: paths.portalRecommendationDetails.path, lazy: lazyScreen(recommendationReview) },
      {
        path: paths.portalRecommendationKyc.path,
        lazy: lazyScreen(() => import('../features/portal/routes/recommendation-kyc')),
      },
      {
        path: paths.portalRecommendationSummary.path,
        lazy: lazyScreen(() => import('../features/portal/routes/recommendation-summary')),
      },
      {
        path: paths.portalNotifications.path,
        lazy: lazyScreen(() => import('../features/portal/routes/notifications')),
      },
      {
        path: paths.portalTopUpOptions.path,
        lazy: lazyScreen(() => import('../features/wallet/routes/top-up-options')),
      },
      {
        path: paths.portalAccounts.path,
        lazy: lazyScreen(() => import('../features/wallet/routes/accounts')),
      },
      {
        path: paths.portalIpfRequests.path,
        lazy: lazyScreen(() => import('../features/loans/routes/ipf-requests')),
      },
      {
        path: paths.portalCart.path,
        lazy: lazyScreen(() => import('../features/cart/routes/cart')),
      },
      {
        path: paths.portalMyLoans.path,
        lazy: lazyScreen(() => import('../features/loans/routes/my-loans')),
      },
      {
        path: paths.portalSchoolSchools.path,
        lazy: lazyScreen(() => import('../features/school/routes/schools')),
      },
      {
        path: paths.portalSchoolInvoice.path,
        lazy: lazyScreen(() => import('../features/school/routes/invoice')),
      },
      {
        path: paths.portalSchoolLoans.path,
        lazy: lazyScreen(() => import('../features/school/routes/loans')),
      },
      {
        path: paths.portalAssessment.path,
        lazy: lazyScreen(() => import('../features/assessment/routes/assessment')),
      },
      {
        path: paths.portalPrivacy.path,
        lazy: lazyScreen(() => import('../features/privacy/routes/privacy')),
      },
      { path: paths.portalChats.path, lazy: lazyScreen(portalChats) },
      { path: paths.portalChat.path, lazy: lazyScreen(portalChats) },
      // Every other portal screen is not built yet and says so.
      { path: '*', lazy: lazyScreen(() => import('../features/portal/routes/not-available')) },
    ],
  },
  // The staff area (intermediaries, underwriters, admins): one lazy route; its screens and
  // the extension point for the product back office are in `staff-routes.tsx`.
  { path: paths.staff.path, lazy: lazyScreen(() => import('./staff-area')) },
  ...aliases,
  { path: '*', lazy: lazyScreen(() => import('./routes/not-found')) },
];

/** Every screen inside the shared query cache (which loads with this chunk, not the landing page). */
export const routeTable: RouteObject[] = [{ element: <QueryProvider />, children: screens }];
