import { expect, type Page, test } from '@playwright/test';
import { CLASS_ROUTES, classFlowHref } from '../packages/domain/src/class-routes';
import {
  call,
  createClient,
  createInvoiceThroughApi,
  payInvoiceThroughApi,
  type Session,
  useSession,
} from './purchase-fixtures';
import { STAFF, signInStaffThroughPage } from './staff-fixtures';

/**
 * Every route path spec-1 and spec-2 name, visited in a real browser: none may show 'Page not found'
 * or throw an uncaught error. Paths with ids use the sample data (a policy bought for this run,
 * the catalogue's product ids and class codes); screens of a record the visitor may not see answer
 * with their own message, which is not the not-found page.
 */

/** spec-2 "Route table": the per-class routes, /{route}/{productId}/{classCode}. */
const CLASS_ROUTE_NAMES = [
  'motor-commercial',
  'theft-insurance',
  'aviation-insurance',
  'fire-domestic',
  'marine',
  'medical',
  'engineering-insurance',
  'life-assurance',
  'annuities',
  'group-life',
  'unit-link-and-linked-investments',
  'non-linked-investments',
  'group-credit',
  'permanent-health',
  'deposit-administration',
];

const classRoutes = CLASS_ROUTE_NAMES.map((name) => {
  const route = CLASS_ROUTES.find((item) => item.routeName === name);
  if (!route) throw new Error(`no class route ${name}`);
  return classFlowHref(route);
});

/** Public routes (spec-1 §2, spec-2 §2), visited signed out. */
const PUBLIC_ROUTES = [
  '/',
  '/home',
  '/insurance',
  '/about-us',
  '/contactus',
  '/motor/basic-details',
  '/motor/basic-details/cover-type',
  '/motor/basic-details/product-quotation',
  '/motor/basic-details/view-details',
  '/motor/basic-details/basic-cover-details',
  '/motor/basic-details/benefits',
  '/motor/basic-details/quotation',
  '/motor/help',
  '/help',
  '/review/1',
  '/details/1/1',
  '/summary/1',
  '/insurance/auth',
  '/auth',
  '/insurance/otp',
  '/otp',
  '/Otp',
  '/insurance/setpassword',
  '/setpassword',
  '/insurance/resetpassword',
  '/resetpassword',
  '/password-setup',
  '/radio-test',
  '/main/dashboard',
  ...classRoutes,
];

/** Routes of a signed-in client: the purchase steps and every client portal route (spec-2). */
function clientRoutes(policyId: number) {
  const portal = [
    '',
    '/invoice',
    '/claims',
    '/accounts',
    '/accounts/invoices',
    '/intermediaries',
    '/help-requests',
    '/cart',
    '/top-up-options',
    '/chats',
    '/products',
    `/products/${policyId}`,
    '/ipf-requests',
    '/notifications',
    '/profile',
    '/kyc',
    '/assessment',
    '/quotations',
    '/school/schools',
    '/school/invoice',
    '/school/loans',
    '/my-loans',
    '/client-quotation-review/1',
    '/client-quotation-details/1',
    '/client-quotation-kyc/1',
    '/client-quotation-summary/1',
  ].map((path) => `/newportal${path}`);
  return [
    '/motor/cover-details',
    '/motor/cover-details/vehicle-details',
    '/motor/cover-details/kyc-details',
    '/motor/cover-details/complete',
    '/motor/payment-confirmation',
    '/motor/payment-confirmation/summary',
    '/motor/payment-confirmation/payment',
    '/motor/payment-confirmation/confirmation',
    '/main/dashboard',
    ...portal,
  ];
}

/** Opens each path and checks it: a screen (its main heading), never the not-found page or a crash. */
async function crawl(page: Page, routes: string[]) {
  const failures: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const path of routes) {
    await page.goto(path);
    await page
      .locator('main h1, h1')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    if ((await page.getByRole('heading', { name: 'Page not found' }).count()) > 0)
      failures.push(`${path} → ${new URL(page.url()).pathname}`);
  }
  expect(failures, 'routes showing Page not found').toEqual([]);
  expect(errors, 'uncaught page errors').toEqual([]);
}

async function buyPolicy(request: Parameters<typeof call>[0], session: Session): Promise<number> {
  const invoice = await createInvoiceThroughApi(request, session, {
    startDate: new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10),
  });
  await payInvoiceThroughApi(request, session, invoice.invoiceSystemRef);
  let policyId: number | null = null;
  await expect
    .poll(
      async () => {
        policyId = (
          await call<{ policyId: number | null }>(
            request,
            ['client', 'invoice', 'getInvoice'],
            { invoiceSystemRef: invoice.invoiceSystemRef },
            session.accessToken,
          )
        ).policyId;
        return policyId;
      },
      { timeout: 20_000, intervals: [300] },
    )
    .not.toBeNull();
  return policyId as unknown as number;
}

test.describe('every route named in spec-1 and spec-2', () => {
  test.describe.configure({ timeout: 240_000 });

  test('signed out, each public route opens a screen', async ({ page }) => {
    await crawl(page, PUBLIC_ROUTES);
    // The check itself: an address nobody named shows the not-found page.
    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('signed in as a client with a policy, each purchase and portal route opens a screen', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const policyId = await buyPolicy(request, client.session);
    await useSession(page, client.session);
    await crawl(page, clientRoutes(policyId));
  });

  test('signed in as staff, /main/dashboard opens the staff area', async ({ page }) => {
    await signInStaffThroughPage(page, STAFF.admin);
    await crawl(page, ['/main/dashboard']);
    await expect(page).toHaveURL(/\/staff$/);
  });
});
