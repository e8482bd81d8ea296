import type { ComponentType } from 'react';
import { createBrowserRouter, useRouteError } from 'react-router';
import { ErrorFallback } from '../components/error-boundary';
import { PageSpinner } from '../components/page-spinner';
import { paths } from '../config/paths';
import { loadLazy } from '../lib/lazy';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home';

/** A lazy route from a module whose default export is the screen (120 s timeout, one retry). */
function lazyScreen(importer: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await loadLazy(importer);
    return { Component: module.default };
  };
}

/** A lazy route from a named export of a module that holds several screens. */
function lazyNamed<Name extends string>(importer: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return async () => ({ Component: (await loadLazy(importer))[name] });
}

const coverType = () => import('../features/motor/routes/cover-type');
const vehicleDetails = () => import('../features/purchase/routes/vehicle-details');
const summary = () => import('../features/purchase/routes/summary');
const policies = () => import('../features/portal/routes/policies');
const policyDetail = () => import('../features/portal/routes/policy-detail');
const invoices = () => import('../features/portal/routes/invoices');
const staffProducts = () => import('../features/backoffice-products/routes/staff-products');

function RouteError() {
  const error = useRouteError();
  return <ErrorFallback error={error} />;
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      HydrateFallback: PageSpinner,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            // The landing page is in the main chunk: it is what almost every visit starts with.
            { path: paths.home.path, element: <HomeRoute /> },
            { path: paths.homeAlias.path, element: <HomeRoute /> },
            { path: paths.insurance.path, element: <HomeRoute /> },
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
            {
              path: paths.termsAndPrivacy.path,
              lazy: lazyScreen(() => import('../features/legal/routes/terms-and-privacy')),
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
                // Every other portal screen is not built yet and says so.
                { path: '*', lazy: lazyScreen(() => import('../features/portal/routes/not-available')) },
              ],
            },
            // ── Staff back office: products (features/backoffice-products) ─────────────────────────
            // Self-contained until the staff layout lands: the frame is a minimal guard (signed in,
            // role underwriter or admin). To integrate, move the three children under the `/staff`
            // layout (as `products`, `products/:ref`, `products/:ref/versions/:version`) and drop the frame.
            {
              path: paths.staffProducts.path,
              lazy: lazyScreen(staffProducts),
              children: [
                { index: true, lazy: lazyNamed(staffProducts, 'ProductsListRoute') },
                { path: paths.staffProduct.path, lazy: lazyNamed(staffProducts, 'ProductEditorRoute') },
                {
                  path: paths.staffProductVersion.path,
                  lazy: lazyNamed(staffProducts, 'ProductVersionRoute'),
                },
              ],
            },
            // ── End of the staff product back office block ─────────────────────────────────────────
            { path: '*', lazy: lazyScreen(() => import('./routes/not-found')) },
          ],
        },
      ],
    },
  ]);
}
