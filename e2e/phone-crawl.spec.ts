import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { paths } from '../apps/web/src/config/paths';
import { crawlPhone, type RouteKey, routeHrefs } from './phone-crawl';
import {
  call,
  createClient,
  createInvoiceThroughApi,
  FULL_VEHICLE,
  payInvoiceThroughApi,
  type Session,
  useSession,
} from './purchase-fixtures';
import { createHelpRequestThroughApi, kenyaDate, listPublicIntermediaries } from './staff-fixtures';

/**
 * Issue 28, "Nothing is wider than the phone": every route of the route table, for the visitor and
 * for a client with realistic data (a long name, long file names, 8-digit amounts, every kind of
 * record a client has), at 360 × 740 and 390 × 844 — no sideways scroll, nothing clipped, no serious
 * axe finding — and a few of the client's screens in Kiswahili, whose words are longer. The routes
 * come from the app's path tables (e2e/phone-crawl.ts); the staff roles are crawled in
 * phone-crawl-staff.spec.ts.
 */

const LONG_NAME = { firstName: 'Wanjiru', lastName: 'Kamau-Njoroge Wambui' };
const LONG_FILE = 'Police_abstract_OB_1234_2026_Kilimani_station_scan_final.pdf';
/** The school's own records name the child (SCH-S004, admission DB-5530). */
const STUDENT = 'Chege Njoroge';

const isStaff = (key: RouteKey) => key.startsWith('staff.');
const isPortal = (key: RouteKey) => key.startsWith('portal');

/** The links of e-mails, opened signed out (a recommendation's lead to sign-in; a spent password link says so). */
const EMAIL_LINKS = {
  passwordSetup: paths.passwordSetup.getHref('a-link-that-has-expired'),
  recommendationLink: paths.recommendationLink.getHref(1),
  recommendationDetailsLink: '/details/1/1',
  recommendationSummaryLink: '/summary/1',
};

/** Everything a busy client has, made through the API as the screens would; answers the addresses. */
async function busyClient(request: APIRequestContext) {
  const client = await createClient(request, { withKyc: true, names: LONG_NAME });
  const token = client.session.accessToken;
  const session = client.session;

  // A comprehensive policy, paid (M-Pesa takes one payment of at most KES 150,000: a modest car).
  const bought = await createInvoiceThroughApi(request, session, {
    productSystemRef: 'APA-MP-PLUS',
    value: 1_500_000,
    startDate: kenyaDate(0),
    vehicle: FULL_VEHICLE,
  });
  const policyNumber = await payInvoiceThroughApi(request, session, bought.invoiceSystemRef);
  expect(policyNumber, 'the policy issued with the payment').toBeTruthy();
  let policyId: number | null = null;
  await expect
    .poll(
      async () => {
        policyId = (
          await call<{ policyId: number | null }>(
            request,
            ['client', 'invoice', 'getInvoice'],
            { invoiceSystemRef: bought.invoiceSystemRef },
            token,
          )
        ).policyId;
        return policyId;
      },
      { timeout: 20_000, intervals: [300] },
    )
    .not.toBeNull();

  // A policy paid monthly (issue 31), month 1 paid: its Monthly payments section and month 2's invoice.
  const monthlyInvoice = await createInvoiceThroughApi(request, session, {
    productSystemRef: 'CIC-MP-COMP',
    value: 1_500_000,
    startDate: kenyaDate(0),
    vehicle: FULL_VEHICLE,
    paymentPlan: 'monthly',
  });
  const monthlyNumber = await payInvoiceThroughApi(request, session, monthlyInvoice.invoiceSystemRef);
  expect(monthlyNumber, 'the monthly policy issued with month 1').toBeTruthy();
  const monthly = await call<{ id: number; monthly: { months: Array<{ invoiceSystemRef: string | null }> } }>(
    request,
    ['client', 'policy', 'getPolicy'],
    { policyNumber: monthlyNumber },
    token,
  );
  const monthTwoInvoice = monthly.monthly.months[1]?.invoiceSystemRef;
  expect(monthTwoInvoice, "month 2's invoice, billed when month 1 was paid").toBeTruthy();

  // An unpaid invoice of a KES 27,500,000 car (an 8-digit sum insured): its financing offer's sums are large too.
  const unpaid = await createInvoiceThroughApi(request, session, {
    productSystemRef: 'JUB-MP-ELITE',
    value: 27_500_000,
    vehicle: FULL_VEHICLE,
  });

  // An accident with another driver, reported with its police abstract under a long file name.
  const claim = await call<{ id: number; claimRef: string }>(
    request,
    ['client', 'claim', 'reportClaim'],
    {
      policyNumber,
      type: 'accident',
      incidentDate: kenyaDate(0),
      place: 'Kilimani, Argwings Kodhek Road, opposite Yaya Centre, Nairobi',
      description: 'A matatu reversing out of the stage hit the front passenger door and the wing mirror.',
      obNumber: 'OB 23/14/11/2026',
      otherParty: {
        name: 'Kiprotich Chepkoech-Kimutai Arap Sang',
        phone: '0722 123 456',
        vehicleRegistration: 'KCZ 987X',
        insurer: 'Madison General Insurance Kenya Limited',
      },
    },
    token,
  );
  const upload = await request.post(
    `/v2/api/files?ownerKind=claim&ownerId=${claim.id}&category=police_abstract`,
    {
      headers: { accessToken: token, 'x-upload-id': randomUUID() },
      multipart: {
        file: { name: LONG_FILE, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    },
  );
  expect(upload.ok(), await upload.text()).toBe(true);

  // A help request to a firm, a chat with support, a child at school, money in the wallet.
  const [firm] = await listPublicIntermediaries(request);
  await createHelpRequestThroughApi(request, session, firm!.intermediaryNames);
  const conversation = await call<{ id: number }>(
    request,
    ['chat', 'conversation', 'startConversation'],
    { with: 'support' },
    token,
  );
  await call(
    request,
    ['chat', 'message', 'sendMessage'],
    {
      conversationId: conversation.id,
      body: 'Habari, nimeambatisha nakala ya ripoti ya polisi: Police_abstract_OB_1234_2026_Kilimani_station_scan_final.pdf',
    },
    token,
  );
  await call(
    request,
    ['client', 'school', 'linkChild'],
    { schoolRef: 'SCH-S004', admissionNumber: 'DB-5530', studentName: STUDENT },
    token,
  );
  await call(request, ['client', 'wallet', 'topUp'], { amount: 150_000_00, phone: '254712345678' }, token);

  return {
    session,
    policyId: policyId as unknown as number,
    monthlyPolicyId: monthly.id,
    monthTwoInvoice: monthTwoInvoice as string,
    claimId: claim.id,
    unpaidInvoice: unpaid.invoiceSystemRef,
    paidInvoice: bought.invoiceSystemRef,
    firmId: firm!.id,
    conversationId: conversation.id,
    schoolInvoice: 'SFI-DB5530-T127',
  };
}

type BusyClient = Awaited<ReturnType<typeof busyClient>>;

/** The client's routes: every route of the table but the staff area's, and each record's screens. */
function clientRoutes(data: BusyClient) {
  return [
    ...routeHrefs(
      {
        ...EMAIL_LINKS,
        portalInvoiceDetail: paths.portalInvoiceDetail.getHref(data.unpaidInvoice),
        portalPolicy: paths.portalPolicy.getHref(data.policyId),
        portalPolicyRenewal: paths.portalPolicyRenewal.getHref(data.policyId),
        portalClaim: paths.portalClaim.getHref(data.claimId),
        portalIntermediary: paths.portalIntermediary.getHref(data.firmId),
        portalChat: paths.portalChat.getHref(data.conversationId),
        // A recommendation the client does not have: each screen's own message.
        portalRecommendationReview: paths.portalRecommendationReview.getHref(1),
        portalRecommendationDetails: paths.portalRecommendationDetails.getHref(1),
        portalRecommendationKyc: paths.portalRecommendationKyc.getHref(1),
        portalRecommendationSummary: paths.portalRecommendationSummary.getHref(1),
      },
      { skip: isStaff },
    ),
    // The screens a query opens: the financing offer, a school invoice and its loan offer, the paid invoice.
    { key: 'portalIpfRequests?invoice', href: paths.portalIpfRequests.getHref(data.unpaidInvoice) },
    { key: 'portalSchoolInvoice?invoice', href: paths.portalSchoolInvoice.getHref(data.schoolInvoice) },
    { key: 'portalSchoolLoans?invoice', href: paths.portalSchoolLoans.getHref(data.schoolInvoice) },
    { key: 'portalInvoiceDetail(paid)', href: paths.portalInvoiceDetail.getHref(data.paidInvoice) },
    { key: 'motorPayment?invoice', href: paths.motorPayment.getHref(data.unpaidInvoice) },
    { key: 'portalPolicy(monthly)', href: paths.portalPolicy.getHref(data.monthlyPolicyId) },
    { key: 'portalInvoiceDetail(month 2)', href: paths.portalInvoiceDetail.getHref(data.monthTwoInvoice) },
  ];
}

/** The screens crawled again in Kiswahili: the ones with the most words and sums. */
function swahiliRoutes(data: BusyClient) {
  return [
    paths.home.getHref(),
    paths.portal.getHref(),
    paths.portalClaim.getHref(data.claimId),
    paths.portalPolicy.getHref(data.policyId),
    paths.portalPolicy.getHref(data.monthlyPolicyId),
    paths.portalIpfRequests.getHref(data.unpaidInvoice),
    paths.portalSchoolInvoice.getHref(data.schoolInvoice),
    paths.portalChats.getHref(),
    paths.portalNotifications.getHref(),
    paths.portalAccounts.getHref(),
    paths.motorBasicDetails.getHref(),
  ].map((href) => ({ key: `sw ${href}`, href }));
}

async function signedInPage(browser: Browser, session: Session, language?: 'sw') {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (language)
    await page.addInitScript((value) => window.localStorage.setItem('bima.language', value), language);
  await useSession(page, session);
  return page;
}

test.describe('nothing is wider than the phone', () => {
  test.describe.configure({ mode: 'parallel', timeout: 300_000 });

  test('signed out, every public route fits both phone sizes', async ({ page }) => {
    const routes = routeHrefs(EMAIL_LINKS, { skip: (key) => isStaff(key) || isPortal(key) });
    expect(routes.length).toBeGreaterThan(40);
    const failures = await crawlPhone(page, routes, { role: 'visitor' });
    expect(failures).toEqual([]);
  });

  test('a client with a long name, large sums and every kind of record: every route fits, in English and Kiswahili', async ({
    browser,
    request,
  }) => {
    const data = await busyClient(request);
    const page = await signedInPage(browser, data.session);
    const failures = await crawlPhone(page, clientRoutes(data), { role: 'client' });
    const swahili = await signedInPage(browser, data.session, 'sw');
    failures.push(...(await crawlPhone(swahili, swahiliRoutes(data), { role: 'client (sw)' })));
    expect(failures).toEqual([]);
  });
});
