import { type APIRequestContext, expect, test } from '@playwright/test';
import { crawlPhone, type RouteSamples, routeHrefs } from './phone-crawl';
import {
  call,
  createClient,
  createInvoiceThroughApi,
  FULL_VEHICLE,
  payInvoiceThroughApi,
  type Session,
  useSession,
} from './purchase-fixtures';
import { listPublicIntermediaries, signInStaffThroughApi } from './staff-fixtures';

/**
 * Issue 28, "Nothing is wider than the phone", for the staff: every route of the route table, for
 * each staff role signed in, at 360×740 and 390×844 — nothing wider than the screen, nothing
 * clipped, no serious axe finding. The records the screens show are made for the run through the
 * API with the data real clients give: long double-barrelled names, long file names, 8-digit
 * amounts; two roles crawl in Kiswahili (its long words). Routes a role may not open show their own
 * message screen, which must fit too. One role a test, so the two workers share them.
 */

test.describe.configure({ mode: 'parallel' });

const FIRMS = {
  savannah: 'Savannah Insurance Brokers',
  njoroge: 'Wanjiku Njoroge Insurance Agency',
} as const;

const ROLES = [
  { role: 'broker', email: 'broker@savannah-brokers.example', firm: FIRMS.savannah, language: 'en' },
  { role: 'agent', email: 'agent@njoroge-agency.example', firm: FIRMS.njoroge, language: 'sw' },
  { role: 'underwriter', email: 'underwriter.apa@bimaportal.co.ke', firm: null, language: 'en' },
  { role: 'lender', email: 'lender@mavuno-finance.example', firm: null, language: 'sw' },
  { role: 'admin', email: 'admin@bimaportal.co.ke', firm: null, language: 'en' },
] as const;

const kenyaToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/** A client with the long names real people have (both double-barrelled), KYC given. */
async function longNamedClient(request: APIRequestContext): Promise<Session> {
  const { session } = await createClient(request, {
    names: { firstName: 'Wanjiru-Nyambura Wairimu', lastName: 'Kamau-Wainaina Mwangi-Kariuki' },
  });
  await call(
    request,
    ['client', 'client', 'updateClient'],
    {
      kraPin: 'A123456789X',
      phone: '0712345678',
      address: 'Plot 1234/567, Ngong Road, Kilimani, Nairobi',
      clientType: 'INDIVIDUAL',
    },
    session.accessToken,
  );
  return session;
}

const LONG_DOCUMENT =
  'Police-abstract-OB-23-14-11-2026-Kilimani-Police-Station-Nairobi-certified-copy-signed.pdf';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

interface Records {
  firmIds: Record<string, number>;
  helpRequestRef: string;
  chats: Record<string, number>;
  claimId: number;
  invoiceSystemRef: string;
  loanRef: string;
}

/** The records the staff screens show, made once per worker through the API. */
async function makeRecords(request: APIRequestContext): Promise<Records> {
  const client = await longNamedClient(request);
  const token = client.accessToken;
  const directory = await listPublicIntermediaries(request);
  const firmIds = Object.fromEntries(
    Object.values(FIRMS).map((name) => {
      const firm = directory.find((item) => item.intermediaryNames === name);
      if (!firm) throw new Error(`${name} is not in the directory`);
      return [name, firm.id];
    }),
  );
  // A help request to both firms, for a KES 12,500,000 car.
  const help = await call<{ requestSystemRef: string }>(
    request,
    ['underwriting', 'quotation', 'createHelpRequest'],
    {
      entityRefs: Object.values(firmIds),
      expiry: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      status: 'PENDING',
      remarks:
        'Tafadhali nitafutieni bima kamili ya gari langu la familia; ninahitaji pia kulindwa dhidi ya wizi na ajali barabarani. Logbook: https://ntsa.go.ke/logbooks/KDC321D-JTEBU5JR5K5765432-2019-Toyota-Harrier.pdf',
      clientDetails: {
        names: { firstName: 'Wanjiru-Nyambura Wairimu', lastName: 'Kamau-Wainaina Mwangi-Kariuki' },
        email: client.user.email,
        kraPin: 'A123456789X',
      },
      riskDetails: { value: 1_250_000_000, chassisNumber: 'JTEBU5JR5K5765432', regNo: 'KDC 321D' },
    },
    token,
  );
  // A chat with each firm, with a long message, and the needs assessment shared with both.
  const chats: Record<string, number> = {};
  for (const [name, id] of Object.entries(firmIds)) {
    const conversation = await call<{ id: number }>(
      request,
      ['chat', 'conversation', 'startConversation'],
      { with: 'intermediary', intermediaryId: id },
      token,
    );
    await call(
      request,
      ['chat', 'message', 'sendMessage'],
      {
        conversationId: conversation.id,
        body: `Habari, ninaomba kujua kama bima yangu inashughulikia uharibifu uliosababishwa na mafuriko ya mvua. Nimeambatisha ${LONG_DOCUMENT}`,
      },
      token,
    );
    chats[name] = conversation.id;
  }
  await call(
    request,
    ['client', 'assessment', 'saveAssessment'],
    {
      answers: {
        household: { adults: 2, children: 3 },
        dependants: 5,
        // Cents on the wire (issue 29), whole shillings.
        vehicles: [
          { use: 'private', value: 12_500_000_00 },
          { use: 'business', value: 45_000_000_00 },
        ],
        home: {
          tenure: 'owned',
          premises: 'house',
          construction: 'stone-tile',
          buildingValue: 85_000_000_00,
          contentsValue: 12_345_678_00,
        },
        business: { kind: 'shop', stockValue: 23_456_789_00 },
        existingCovers: ['sha'],
        monthlyBudget: 125_000_00,
      },
    },
    token,
  );
  for (const id of Object.values(firmIds))
    await call(request, ['client', 'assessment', 'shareAssessment'], { intermediaryId: id }, token);

  // An APA policy on a KES 3,850,000 car (its premium within one M-Pesa payment), and its claim with
  // a long-named document, assessed by the desk.
  const bought = await createInvoiceThroughApi(request, client, {
    productSystemRef: 'APA-MP-PLUS',
    value: 3_850_000,
    startDate: kenyaToday(),
    vehicle: FULL_VEHICLE,
  });
  const policyNumber = await payInvoiceThroughApi(request, client, bought.invoiceSystemRef);
  expect(policyNumber, 'the policy issued with the payment').toBeTruthy();
  const claim = await call<{ id: number }>(
    request,
    ['client', 'claim', 'reportClaim'],
    {
      policyNumber,
      type: 'accident',
      incidentDate: kenyaToday(),
      place: 'Junction of Uhuru Highway and Haile Selassie Avenue, opposite the Nyayo Stadium, Nairobi',
      description:
        'Gari liligongwa kwa nyuma na lori lililokuwa likiendeshwa kwa kasi kwenye msongamano wa magari asubuhi.',
    },
    token,
  );
  const upload = await request.post(
    `/v2/api/files?ownerKind=claim&ownerId=${claim.id}&category=police_abstract`,
    {
      headers: { accesstoken: token, 'x-upload-id': `phone-crawl-claim-${claim.id}` },
      multipart: { file: { name: LONG_DOCUMENT, mimeType: 'application/pdf', buffer: PDF } },
    },
  );
  expect(upload.ok(), await upload.text()).toBe(true);
  const desk = await signInStaffThroughApi(request, 'underwriter.apa@bimaportal.co.ke');
  const [assessor] = await call<Array<{ id: string }>>(
    request,
    ['claims', 'desk', 'listAssessors'],
    { id: claim.id },
    desk.accessToken,
  );
  await call(
    request,
    ['claims', 'desk', 'appointAssessor'],
    { id: claim.id, assessorId: assessor!.id },
    desk.accessToken,
  );
  await call(
    request,
    ['claims', 'desk', 'recordAssessment'],
    {
      id: claim.id,
      report:
        'Uharibifu mkubwa wa sehemu ya nyuma: bampa, taa za nyuma na mlango wa buti vinahitaji kubadilishwa kabisa.',
      assessedLoss: 3_456_789_00,
    },
    desk.accessToken,
  );

  // A premium financing application for a KES 15,750,000 car, its deposit paid from the wallet.
  const financed = await createInvoiceThroughApi(request, client, {
    productSystemRef: 'JUB-MP-ELITE',
    value: 15_750_000,
    startDate: kenyaToday(),
    vehicle: FULL_VEHICLE,
  });
  const loan = await call<{ loanRef: string; amountDueNow: number }>(
    request,
    ['client', 'ipf', 'apply'],
    { invoiceSystemRef: financed.invoiceSystemRef, months: 10, acceptTerms: true },
    token,
  );
  await call(
    request,
    ['client', 'wallet', 'topUp'],
    // Cents on the wire, in whole shillings: the instalment rounded up to the next shilling.
    { amount: Math.ceil(loan.amountDueNow / 100) * 100, phone: '254712345678' },
    token,
  );
  await expect
    .poll(
      async () =>
        (await call<{ balance: number }>(request, ['client', 'wallet', 'getWallet'], {}, token)).balance,
      { timeout: 20_000, intervals: [500] },
    )
    .toBeGreaterThanOrEqual(loan.amountDueNow);
  await call(request, ['client', 'loan', 'payFromWallet'], { loanRef: loan.loanRef }, token);

  return {
    firmIds,
    helpRequestRef: help.requestSystemRef,
    chats,
    claimId: claim.id,
    invoiceSystemRef: bought.invoiceSystemRef,
    loanRef: loan.loanRef,
  };
}

/** The addresses with ids, for one role: its firm's records, else the first firm's (a message screen). */
function samplesFor(records: Records, firm: string | null): RouteSamples {
  const chat = records.chats[firm ?? FIRMS.savannah];
  const firmId = records.firmIds[firm ?? FIRMS.savannah];
  return {
    // Client and public addresses with ids: what a staff member opening a client's link sees.
    recommendationLink: '/review/1',
    recommendationDetailsLink: '/details/1/1',
    recommendationSummaryLink: '/summary/1',
    passwordSetup: '/password-setup?token=an-expired-link',
    portalInvoiceDetail: `/newportal/invoice/${records.invoiceSystemRef}`,
    portalPolicy: '/newportal/products/1',
    portalPolicyRenewal: '/newportal/products/1/renew',
    portalClaim: `/newportal/claims/${records.claimId}`,
    portalIntermediary: `/newportal/intermediaries/${firmId}`,
    portalRecommendationReview: '/newportal/client-quotation-review/1',
    portalRecommendationDetails: '/newportal/client-quotation-details/1',
    portalRecommendationKyc: '/newportal/client-quotation-kyc/1',
    portalRecommendationSummary: '/newportal/client-quotation-summary/1',
    portalChat: `/newportal/chats/${chat}`,
    'staff.acceptInvitation': '/staff/accept-invitation?ref=an-expired-invitation',
    'staff.request': `/staff/requests/${records.helpRequestRef}`,
    'staff.product': '/staff/products/APA-MP-PLUS',
    'staff.productVersion': '/staff/products/APA-MP-PLUS/versions/1',
    'staff.chat': `/staff/chats/${chat}`,
    'staff.assessment': '/staff/assessments/1',
    'staff.loanApplication': `/staff/loan-applications/${records.loanRef}`,
    'staff.claim': `/staff/claims/${records.claimId}`,
  };
}

/**
 * The screens a staff member sees: every route of the staff area's table (a new one is crawled
 * without being listed), and the shared entries that answer a staff member with their own screen
 * (the dashboard path, the client portal's door). The public and client screens are the same for
 * them as for a visitor or a client, and are crawled for those roles (phone-crawl.spec.ts).
 */
const STAFF_ENTRIES = new Set(['home', 'mainDashboard', 'portal']);
const staffScreen = (route: { key: string }) =>
  route.key.startsWith('staff.') || STAFF_ENTRIES.has(route.key);
/**
 * Screens after which the person is signed out, crawled last: an invitation is someone else's; after
 * the client portal's door (reached by the app's own navigation) the staff member was found signed
 * out — cause not yet found (a client call refused with 403 ends the session in lib/api-client.ts).
 */
const SIGNS_OUT = new Set(['staff.acceptInvitation', 'passwordSetup', 'portal']);
const signedOutLast = (a: { key: string }, b: { key: string }) =>
  Number(SIGNS_OUT.has(a.key)) - Number(SIGNS_OUT.has(b.key));

let records: Promise<Records> | undefined;

for (const { role, email, firm, language } of ROLES) {
  test(`@phone every route fits a phone for the ${role}${language === 'sw' ? ' (Kiswahili)' : ''}`, async ({
    page,
    request,
  }, testInfo) => {
    // The crawl sets the two phone sizes itself: once, on the phone project (a touch phone).
    test.skip(testInfo.project.name !== 'phone', 'crawled on the phone project');
    test.setTimeout(600_000);
    records ??= makeRecords(request);
    const samples = samplesFor(await records, firm);
    const staff = await signInStaffThroughApi(request, email);
    if (role === 'broker' || role === 'agent') {
      // The firm's shared assessment: its id from the firm's own list.
      const shared = await call<{ items: Array<{ id: number }> }>(
        request,
        ['intermediary', 'assessment', 'listShared'],
        { page: 1, pageSize: 1 },
        staff.accessToken,
      );
      samples['staff.assessment'] = `/staff/assessments/${shared.items[0]!.id}`;
    }
    await useSession(page, staff);
    // The language choice, where the app remembers it (lib/i18n.ts, LANGUAGE_STORAGE_KEY).
    await page.addInitScript((value) => window.localStorage.setItem('bima.language', value), language);
    const failures = await crawlPhone(page, routeHrefs(samples).filter(staffScreen).sort(signedOutLast), {
      role,
    });
    expect(failures, failures.join('\n')).toEqual([]);
  });
}
