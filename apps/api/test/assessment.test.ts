import { ASSESSMENT_MESSAGES, type AssessmentAnswers, addCalendarDays } from '@bima/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpRequestIntermediaries, helpRequests } from '../src/db/schema';
import { kenyaToday } from '../src/lib/dates';
import { buildTestApp } from './helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signedInClient, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** The answers as the wire takes them (issue 29): KES 1.5M car, 6M home, 500,000 contents, 12,000 a month, in cents. */
const ANSWERS: AssessmentAnswers = {
  household: { adults: 2, children: 1 },
  dependants: 2,
  vehicles: [{ use: 'private', value: 150_000_000 }],
  home: {
    tenure: 'owned',
    premises: 'house',
    construction: 'stone-tile',
    buildingValue: 600_000_000,
    contentsValue: 50_000_000,
  },
  business: { kind: 'none', stockValue: 0 },
  existingCovers: ['sha'],
  monthlyBudget: 1_200_000,
};

interface Suggestion {
  id: string;
  cover: string;
  sumInsured: number;
  estimate: { premium: number; productName: string } | null;
  quote: { routeName: string; params: Record<string, string> };
}

describe('the insurance needs assessment', () => {
  let ctx: Ctx;
  let client: Headers;
  let brokerA: Headers;
  let brokerB: Headers;
  let savannah: number;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100', RATE_LIMIT_MAX: '100000' } });
    client = await signedInClient(ctx);
    brokerA = (await signInAs(ctx, SAMPLE.brokerA)).headers;
    brokerB = (await signInAs(ctx, SAMPLE.brokerB)).headers;
    savannah = await firmId(ctx, FIRM.savannah);
  });
  afterAll(() => ctx.app.close());

  const save = (answers: unknown, headers = client) =>
    send(ctx, 'client/assessment/saveAssessment', { answers }, headers);
  const cheapest = async (insuranceClass: string, data: Record<string, unknown>) => {
    const { body } = await send(ctx, 'underwriting/product/fetchInsuranceClassReccomendations', {
      insuranceClass,
      ...data,
    });
    return Math.min(...(body.result.data as Array<{ premium: number }>).map((quote) => quote.premium));
  };

  it('starts empty, then saves the answers and prices motor and fire domestic with the real engine', async () => {
    const empty = await send(ctx, 'client/assessment/getAssessment', {}, client);
    expect(empty.status).toBe(200);
    expect(empty.body.result.data).toMatchObject({ answers: null, result: null, intermediaries: [] });

    const saved = await save(ANSWERS);
    expect(saved.status).toBe(200);
    const data = saved.body.result.data;
    expect(data.answers).toEqual(ANSWERS);
    const suggestions = data.result.suggestions as Suggestion[];
    expect(suggestions.map((s) => s.id)).toEqual([
      'motor-private-0',
      'fire-domestic',
      'medical',
      'life-assurance',
      'theft-home',
    ]);

    const motor = suggestions.find((s) => s.id === 'motor-private-0')!;
    expect(motor.estimate?.premium).toBe(
      await cheapest('07', { riskValue: 150_000_000, coverType: 'comprehensive' }),
    );
    expect(motor.quote).toEqual({
      routeName: 'motor-private',
      params: { coverType: 'comprehensive', value: '1500000' },
    });
    const fire = suggestions.find((s) => s.id === 'fire-domestic')!;
    expect(fire.estimate?.premium).toBe(
      await cheapest('03', {
        risk: {
          buildingValue: 6_000_000,
          contentsValue: 500_000,
          location: { county: 'Nairobi', town: 'Kileleshwa' },
          construction: 'stone-tile',
          occupancy: 'owner-occupied',
        },
      }),
    );
    const theft = suggestions.find((s) => s.id === 'theft-home')!;
    expect(theft.estimate?.premium).toBeGreaterThan(0);
    expect(suggestions.find((s) => s.id === 'medical')!.estimate).toBeNull();
    expect(data.result.annualTotal).toBe(
      motor.estimate!.premium + fire.estimate!.premium + theft.estimate!.premium,
    );
    expect(data.result.budget.monthlyBudget).toBe(1_200_000);
    // The home's KES 6,000,000 and contents' 500,000 insured together: KES 6,500,000, in cents.
    expect(fire.sumInsured).toBe(650_000_000);
    expect(data.answers.home.buildingValue).toBe(600_000_000);
  });

  it('takes the amounts as integer cents of whole shillings only (issue 29)', async () => {
    const typed = await save({ ...ANSWERS, monthlyBudget: '12,000' as unknown as number });
    expect(typed.status).toBe(400);
    const fraction = await save({ ...ANSWERS, monthlyBudget: 1_200_050 });
    expect(fraction.status).toBe(400);
    expect(fraction.body.errors).toContainEqual({
      field: 'answers.monthlyBudget',
      message: ASSESSMENT_MESSAGES.budgetRequired,
    });
  });

  it('edits the answers in place', async () => {
    const edited = await save({ ...ANSWERS, vehicles: [], monthlyBudget: 300_000 });
    expect(edited.status).toBe(200);
    const again = await send(ctx, 'client/assessment/getAssessment', {}, client);
    expect(again.body.result.data.answers.monthlyBudget).toBe(300_000);
    expect((again.body.result.data.result.suggestions as Suggestion[]).map((s) => s.cover)).not.toContain(
      'motor-private',
    );
    await save(ANSWERS);
  });

  it('refuses invalid answers with 400 and the field’s message, keeping what was saved', async () => {
    const bad = await save({ ...ANSWERS, monthlyBudget: 0, home: { ...ANSWERS.home, buildingValue: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'answers.monthlyBudget', message: ASSESSMENT_MESSAGES.budgetRequired },
        { field: 'answers.home.buildingValue', message: ASSESSMENT_MESSAGES.buildingValueRequired },
      ]),
    );
    expect((await save({ ...ANSWERS, vehicles: 'two' })).status).toBe(400);
    const kept = await send(ctx, 'client/assessment/getAssessment', {}, client);
    expect(kept.body.result.data.answers.monthlyBudget).toBe(1_200_000);
  });

  it('is the owner’s alone: another client sees only their own, staff cannot call the client actions', async () => {
    const other = await signedInClient(ctx);
    expect(
      (await send(ctx, 'client/assessment/getAssessment', {}, other)).body.result.data.answers,
    ).toBeNull();
    expect((await send(ctx, 'client/assessment/getAssessment', {}, brokerA)).status).toBe(403);
    expect((await save(ANSWERS, brokerA)).status).toBe(403);
    expect((await send(ctx, 'client/assessment/getAssessment', {})).status).toBe(403);
  });

  it('shares only with a firm the client works with, and only what exists', async () => {
    const stranger = await signedInClient(ctx);
    const none = await send(ctx, 'client/assessment/shareAssessment', { intermediaryId: savannah }, stranger);
    expect(none.status).toBe(404);
    expect(none.body.err_msg).toBe(ASSESSMENT_MESSAGES.notFound);

    const unlinked = await send(
      ctx,
      'client/assessment/shareAssessment',
      { intermediaryId: savannah },
      client,
    );
    expect(unlinked.status).toBe(409);
    expect(unlinked.body.err_msg).toBe(ASSESSMENT_MESSAGES.notLinked);
    expect(
      (await send(ctx, 'client/assessment/shareAssessment', { intermediaryId: 'x' }, client)).status,
    ).toBe(400);
  });

  it('lets the firm read a shared assessment until the client stops sharing; another firm never', async () => {
    // The client works with Savannah: a chat with the firm.
    const chat = await send(
      ctx,
      'chat/conversation/startConversation',
      { with: 'intermediary', intermediaryId: savannah },
      client,
    );
    expect(chat.status).toBe(200);
    const linked = await send(ctx, 'client/assessment/getAssessment', {}, client);
    expect(linked.body.result.data.intermediaries).toEqual([
      expect.objectContaining({ id: savannah, name: 'Savannah Insurance Brokers', isShared: false }),
    ]);

    const shared = await send(ctx, 'client/assessment/shareAssessment', { intermediaryId: savannah }, client);
    expect(shared.status).toBe(200);
    expect(shared.body.result.data.intermediaries[0]).toMatchObject({ id: savannah, isShared: true });

    const list = await send(ctx, 'intermediary/assessment/listShared', {}, brokerA);
    expect(list.status).toBe(200);
    expect(list.body.result.data).toMatchObject({ total: 1, page: 1 });
    const [item] = list.body.result.data.items;
    const view = await send(ctx, 'intermediary/assessment/getShared', { id: item.id }, brokerA);
    expect(view.status).toBe(200);
    expect(view.body.result.data.answers).toEqual(ANSWERS);
    expect(view.body.result.data.result.suggestions[0].estimate.premium).toBeGreaterThan(0);

    // Another firm sees nothing, and cannot read it by id.
    expect((await send(ctx, 'intermediary/assessment/listShared', {}, brokerB)).body.result.data.total).toBe(
      0,
    );
    const other = await send(ctx, 'intermediary/assessment/getShared', { id: item.id }, brokerB);
    expect(other.status).toBe(404);
    expect((await send(ctx, 'intermediary/assessment/getShared', { id: item.id }, client)).status).toBe(403);

    const unshared = await send(
      ctx,
      'client/assessment/unshareAssessment',
      { intermediaryId: savannah },
      client,
    );
    expect(unshared.body.result.data.intermediaries[0]).toMatchObject({ isShared: false, sharedAt: null });
    expect((await send(ctx, 'intermediary/assessment/getShared', { id: item.id }, brokerA)).status).toBe(404);
    expect((await send(ctx, 'intermediary/assessment/listShared', {}, brokerA)).body.result.data.total).toBe(
      0,
    );

    // Sharing again is a new consent on the same record.
    await send(ctx, 'client/assessment/shareAssessment', { intermediaryId: savannah }, client);
    expect((await send(ctx, 'intermediary/assessment/getShared', { id: item.id }, brokerA)).status).toBe(200);
  });
  it('links the firm from the client’s help request to the shared assessment, only while shared', async () => {
    const email = (await send(ctx, 'client/client/getClientDetails', {}, client)).body.result.data.email;
    const sent = await send(
      ctx,
      'underwriting/quotation/createHelpRequest',
      {
        entityRefs: [savannah],
        expiry: addCalendarDays(kenyaToday(), 7),
        status: 'PENDING',
        remarks: 'Please quote comprehensive cover for my Toyota Axio.',
        clientDetails: { names: { firstName: 'Wanjiru', lastName: 'Kamau' }, email, kraPin: 'a123456789z' },
        riskDetails: { value: 150_000_000, chassisNumber: 'nze1410001234567x', regNo: 'kda 123a' },
      },
      client,
    );
    expect(sent.status).toBe(200);
    const [row] = await ctx.database.db
      .select({ id: helpRequestIntermediaries.id })
      .from(helpRequestIntermediaries)
      .innerJoin(helpRequests, eq(helpRequests.id, helpRequestIntermediaries.helpRequestId))
      .where(eq(helpRequests.clientEmail, email));
    const request = () => send(ctx, 'intermediary/request/getRequest', { id: row!.id }, brokerA);
    const shareId = (await send(ctx, 'intermediary/assessment/listShared', {}, brokerA)).body.result.data
      .items[0].id;
    expect((await request()).body.result.data.sharedAssessmentId).toBe(shareId);
    await send(ctx, 'client/assessment/unshareAssessment', { intermediaryId: savannah }, client);
    expect((await request()).body.result.data.sharedAssessmentId).toBeNull();
  });
  it('records each share and withdrawal as a consent; withdrawing on the Privacy screen ends the firm’s access', async () => {
    await send(ctx, 'client/assessment/shareAssessment', { intermediaryId: savannah }, client);
    const shareId = (await send(ctx, 'intermediary/assessment/listShared', {}, brokerA)).body.result.data
      .items[0].id;
    const privacy = (await send(ctx, 'client/privacy/getPrivacy', {}, client)).body.result.data;
    expect(privacy.consents).toContainEqual(
      expect.objectContaining({
        purpose: 'assessment_sharing',
        intermediaryId: savannah,
        firmName: 'Savannah Insurance Brokers',
        granted: true,
        channel: 'assessment',
        wordingVersion: 'assessment-sharing-2026-11',
      }),
    );
    const withdrawn = await send(
      ctx,
      'client/privacy/setConsent',
      { purpose: 'assessment_sharing', granted: false, intermediaryId: savannah },
      client,
    );
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect((await send(ctx, 'intermediary/assessment/getShared', { id: shareId }, brokerA)).status).toBe(404);
    const sharing = withdrawn.body.result.data.history.filter(
      (row: { purpose: string }) => row.purpose === 'assessment_sharing',
    );
    // Shared, stopped, shared again, stopped (earlier tests), shared and withdrawn here: every decision kept.
    expect(sharing.map((row: { granted: boolean }) => row.granted)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(sharing.at(-1)).toMatchObject({ channel: 'privacy' });
  });
});
