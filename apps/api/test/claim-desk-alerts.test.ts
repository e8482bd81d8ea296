import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, claims, mailQueue, notifications, underwriters, users } from '../src/db/schema';
import { APA_UNDERWRITER, accidentClaim, deskHeaders, policyFor, upload } from './claims-helpers';
import { buildTestApp } from './helpers';
import { pdfTextContent } from './pdf-raster';
import { kenyaToday } from './purchase-helpers';
import { createStaffUser, type Headers, SAMPLE, send, signedInClient, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const dataDir = mkdtempSync(join(tmpdir(), 'bima-claim-alerts-test-'));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * Issue 26, the claims desk's seams: the insurer hears of each new claim and document, sees its open
 * claims by age, cannot approve past documents it asked for without waiving them, pays to the
 * number as Kenyans type it, and every decision is audited.
 */
describe('claims desk: alerts, open claims, waivers, audit, payout phone, claim form', () => {
  let ctx: Ctx;
  let owner: Headers;
  let policyNumber: string;
  let desk: Headers;
  const today = kenyaToday();

  const report = async (overrides: Record<string, unknown> = {}) => {
    const reported = await send(
      ctx,
      'client/claim/reportClaim',
      accidentClaim(policyNumber, today, overrides),
      owner,
    );
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    return reported.body.result.data as { id: number; claimRef: string };
  };

  /** The APA underwriter users (ACTIVE) and one of Jubilee's, with ids. */
  async function staffOf(name: 'APA Insurance' | 'Jubilee Insurance') {
    const [insurer] = await ctx.database.db
      .select({ id: underwriters.id })
      .from(underwriters)
      .where(eq(underwriters.name, name));
    return ctx.database.db
      .select({ id: users.id, email: users.email, status: users.status })
      .from(users)
      .where(and(eq(users.underwriterId, insurer!.id), eq(users.role, 'underwriter')));
  }

  const alertsFor = (userId: string, link: string) =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, 'claim_received'),
          eq(notifications.link, link),
        ),
      )
      .orderBy(desc(notifications.id));

  /** Assessor appointed and assessment recorded: the claim may be approved. */
  async function assess(id: number, headers = desk) {
    const assessors = await send(ctx, 'claims/desk/listAssessors', { id }, headers);
    const assessorId = assessors.body.result.data[0].id;
    expect((await send(ctx, 'claims/desk/appointAssessor', { id, assessorId }, headers)).status).toBe(200);
    const assessed = await send(
      ctx,
      'claims/desk/recordAssessment',
      { id, report: 'Bumper and headlamp to replace; no hidden damage.', assessedLoss: 200_000_00 },
      headers,
    );
    expect(assessed.status, JSON.stringify(assessed.body)).toBe(200);
  }

  const auditOf = (id: number, actions: string[]) =>
    ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'claim'),
          eq(auditLog.entityId, String(id)),
          inArray(auditLog.action, actions),
        ),
      )
      .orderBy(auditLog.id);

  beforeAll(async () => {
    ctx = await buildTestApp({
      env: {
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT_SCALE: '100',
        RATE_LIMIT_MAX: '100000',
        MPESA_SIMULATOR_DELAY_MS: '40',
        MPESA_SIMULATOR_B2C_DELAY_MS: '40',
        RECONCILE_INTERVAL_MS: '200',
      },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await signedInClient(ctx);
    policyNumber = await policyFor(ctx, owner);
    desk = await deskHeaders(ctx);
  }, 60_000);
  afterAll(async () => {
    await ctx.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a new claim alerts every active claims officer of the policy's insurer, in their language, by bell and e-mail", async () => {
    const [apa] = await ctx.database.db
      .select({ id: underwriters.id })
      .from(underwriters)
      .where(eq(underwriters.name, 'APA Insurance'));
    const swahiliOfficer = await createStaffUser(ctx, apa!.id);
    await ctx.database.db.update(users).set({ language: 'sw' }).where(eq(users.id, swahiliOfficer.userId));
    const leaver = await createStaffUser(ctx, apa!.id);
    await ctx.database.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, leaver.userId));
    const claim = await report();
    const link = `/staff/claims/${claim.id}`;
    const [me] = await ctx.database.db.select().from(users).where(eq(users.email, APA_UNDERWRITER));
    const [english] = await alertsFor(me!.id, link);
    expect(english!.title).toBe(`New claim ${claim.claimRef} on policy ${policyNumber}`);
    expect(english!.body).toContain('reported a claim: accident on');
    expect(english!.body).toContain('Waiyaki Way');
    const [swahili] = await alertsFor(swahiliOfficer.userId, link);
    expect(swahili!.title).toBe(`Dai jipya ${claim.claimRef} kwenye sera ${policyNumber}`);
    expect(swahili!.body).toContain('ameripoti dai');
    expect(await alertsFor(leaver.userId, link)).toEqual([]);
    const mails = await ctx.database.db
      .select({ to: mailQueue.to, subject: mailQueue.subject })
      .from(mailQueue)
      .where(inArray(mailQueue.to, [APA_UNDERWRITER, swahiliOfficer.email]));
    expect(mails).toContainEqual({ to: APA_UNDERWRITER, subject: english!.title });
    expect(mails).toContainEqual({ to: swahiliOfficer.email, subject: swahili!.title });
    // Another insurer's staff hear nothing of it.
    for (const user of await staffOf('Jubilee Insurance')) expect(await alertsFor(user.id, link)).toEqual([]);
  });

  it("a document the client adds alerts the insurer's staff; one the desk adds does not", async () => {
    const claim = await report();
    const [me] = await ctx.database.db.select().from(users).where(eq(users.email, APA_UNDERWRITER));
    const link = `/staff/claims/${claim.id}`;
    const before = (await alertsFor(me!.id, link)).length;
    const added = await upload(ctx, owner, claim.id, {
      name: 'licence.pdf',
      type: 'application/pdf',
      bytes: PDF,
      category: 'driving_licence',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [alert] = await alertsFor(me!.id, link);
    expect((await alertsFor(me!.id, link)).length).toBe(before + 1);
    expect(alert!.title).toBe(`New document on claim ${claim.claimRef}`);
    expect(alert!.body).toContain('driving licence of the driver (both sides) (licence.pdf)');
    const byDesk = await upload(ctx, desk, claim.id, {
      name: 'assessor-notes.pdf',
      type: 'application/pdf',
      bytes: PDF,
      category: 'other',
    });
    expect(byDesk.status).toBe(200);
    expect((await alertsFor(me!.id, link)).length).toBe(before + 1);
  });

  it('lists the open claims oldest first, without declined ones, with their age', async () => {
    const older = await report();
    const declined = await report();
    const newer = await report();
    await ctx.database.db
      .update(claims)
      .set({ createdAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(claims.id, older.id));
    const refused = await send(
      ctx,
      'claims/desk/declineClaim',
      { id: declined.id, reason: 'The policy does not cover this use of the vehicle.' },
      desk,
    );
    expect(refused.status).toBe(200);
    const open = await send(ctx, 'claims/desk/listClaims', { page: 1, pageSize: 100, open: true }, desk);
    expect(open.status).toBe(200);
    const ids = open.body.result.data.items.map((item: { id: number }) => item.id);
    expect(ids).not.toContain(declined.id);
    expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    const statuses = new Set(open.body.result.data.items.map((item: { status: string }) => item.status));
    for (const status of statuses)
      expect(['REPORTED', 'DOCUMENTS_PENDING', 'UNDER_ASSESSMENT', 'APPROVED']).toContain(status);
    expect(open.body.result.data.items[0].createdAt).toBe(
      (await ctx.database.db.select().from(claims).where(eq(claims.id, ids[0])))
        .at(0)!
        .createdAt.toISOString(),
    );
    // The decline is audited with its reason.
    const [audited] = await auditOf(declined.id, ['claim.declined']);
    expect(audited).toMatchObject({
      details: { claimRef: declined.claimRef, reason: 'The policy does not cover this use of the vehicle.' },
    });
  });

  it('refuses to approve while a requested document is missing unless it is waived; the waiver is on the timeline and audited', async () => {
    const claim = await report();
    const requested = await send(
      ctx,
      'claims/desk/requestDocuments',
      { id: claim.id, documents: ['police_abstract', 'witness_statement'] },
      desk,
    );
    expect(requested.status).toBe(200);
    await upload(ctx, owner, claim.id, {
      name: 'statement.pdf',
      type: 'application/pdf',
      bytes: PDF,
      category: 'witness_statement',
    });
    await assess(claim.id);
    const details = (await send(ctx, 'claims/desk/getClaim', { id: claim.id }, desk)).body.result.data;
    expect(details.documents.toWaive).toEqual(['police_abstract']);

    const refused = await send(ctx, 'claims/desk/approveClaim', { id: claim.id, amount: 200_000_00 }, desk);
    expect(refused.status).toBe(409);
    expect(refused.body.err_code).toBe('CLAIM_DOCUMENTS_MISSING');
    expect(refused.body.err_msg).toBe(
      'Documents you asked for are still missing: Police abstract with its OB number. Confirm that you waive them to approve the claim.',
    );
    // Waiving another document is not waiving this one.
    const wrong = await send(
      ctx,
      'claims/desk/approveClaim',
      { id: claim.id, amount: 200_000_00, waivedDocuments: ['keys'] },
      desk,
    );
    expect(wrong.status).toBe(409);
    expect((await send(ctx, 'claims/desk/getClaim', { id: claim.id }, desk)).body.result.data.status).toBe(
      'UNDER_ASSESSMENT',
    );

    const approved = await send(
      ctx,
      'claims/desk/approveClaim',
      { id: claim.id, amount: 200_000_00, waivedDocuments: ['police_abstract'] },
      desk,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const data = approved.body.result.data;
    expect(data.status).toBe('APPROVED');
    const waiver = data.timeline.find((step: { event: string }) => step.event === 'documents_waived');
    expect(waiver).toMatchObject({
      note: 'Police abstract with its OB number',
      by: { organisation: 'APA Insurance' },
    });
    expect(Date.parse(waiver.at)).not.toBeNaN();
    // The client sees the waiver on their timeline too.
    const mine = (await send(ctx, 'client/claim/getClaim', { id: claim.id }, owner)).body.result.data;
    expect(mine.timeline.map((step: { event: string }) => step.event)).toContain('documents_waived');
    const entries = await auditOf(claim.id, ['claim.documents_waived', 'claim.approved']);
    expect(entries.map((entry) => entry.action)).toEqual(['claim.documents_waived', 'claim.approved']);
    expect(entries[0]!.details).toEqual({ claimRef: claim.claimRef, documents: ['police_abstract'] });
    expect(entries[1]).toMatchObject({
      actorRole: 'underwriter',
      details: { approvedAmount: 17_500_000, waivedDocuments: ['police_abstract'] },
    });
  });

  it('approves without a waiver once every requested document is in (nothing to waive, nothing on the timeline)', async () => {
    const claim = await report();
    await send(ctx, 'claims/desk/requestDocuments', { id: claim.id, documents: ['police_abstract'] }, desk);
    await upload(ctx, owner, claim.id, {
      name: 'abstract.pdf',
      type: 'application/pdf',
      bytes: PDF,
      category: 'police_abstract',
    });
    await assess(claim.id);
    const approved = await send(ctx, 'claims/desk/approveClaim', { id: claim.id, amount: 200_000_00 }, desk);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.result.data.timeline.map((step: { event: string }) => step.event)).not.toContain(
      'documents_waived',
    );
    expect(await auditOf(claim.id, ['claim.documents_waived'])).toEqual([]);
  });

  it('prefills the payout with the client’s M-Pesa number and pays to "0712 345 678" as typed (refused before)', async () => {
    const claim = await report();
    await assess(claim.id);
    const approved = await send(ctx, 'claims/desk/approveClaim', { id: claim.id, amount: 200_000_00 }, desk);
    expect(approved.status).toBe(200);
    // The premium was paid from 254712345678 and the client gave no other number.
    expect(approved.body.result.data.payoutPhone).toBe('0712345678');
    // The client does not see it.
    expect(
      (await send(ctx, 'client/claim/getClaim', { id: claim.id }, owner)).body.result.data.payoutPhone,
    ).toBeNull();
    const paid = await send(
      ctx,
      'claims/desk/settleClaim',
      { id: claim.id, method: 'mpesa', phone: '0712 345 678' },
      desk,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.result.data.settlements[0]).toMatchObject({ phone: '254712345678' });
    const [payout] = await auditOf(claim.id, ['claim.payout']);
    expect(payout).toMatchObject({
      details: { claimRef: claim.claimRef, method: 'mpesa', amount: 17_500_000, phone: '254712345678' },
    });
    // A number that is not Kenyan is still refused with the message.
    const other = await report();
    await assess(other.id);
    await send(ctx, 'claims/desk/approveClaim', { id: other.id, amount: 200_000_00 }, desk);
    const refused = await send(
      ctx,
      'claims/desk/settleClaim',
      { id: other.id, method: 'mpesa', phone: '0812 345 678' },
      desk,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ field: 'phone', message: 'Invalid phone number' });
  });

  it('the KYC phone is the payout number when there is one, as the client typed it in any form', async () => {
    const kyc = await send(
      ctx,
      'client/client/updateClient',
      {
        kraPin: 'A123456789X',
        phone: '+254 722 000 111',
        address: 'Kimathi Street, Nairobi CBD',
        clientType: 'INDIVIDUAL',
      },
      owner,
    );
    expect(kyc.status, JSON.stringify(kyc.body)).toBe(200);
    const claim = await report();
    await assess(claim.id);
    const approved = await send(ctx, 'claims/desk/approveClaim', { id: claim.id, amount: 200_000_00 }, desk);
    expect(approved.body.result.data.payoutPhone).toBe('0722000111');
  });

  it('offers the claim form prefilled with the policy, the client and the claim, in English and Swahili, to its readers only', async () => {
    const claim = await report({ obNumber: 'OB 12/23/11/2026' });
    const mine = (await send(ctx, 'client/claim/getClaim', { id: claim.id }, owner)).body.result.data;
    expect(mine.claimFormUrl).toMatch(/^\/v2\/api\/claims\/form\//);
    const response = await ctx.app.inject({ method: 'GET', url: mine.claimFormUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfTextContent(response.rawPayload);
    for (const line of [
      'Motor Claim Form',
      claim.claimRef,
      policyNumber,
      'APA Insurance',
      'KDA 123B',
      'Waiyaki Way, Westlands, Nairobi',
      'OB 12/23/11/2026',
      'Accident',
      "Driver's licence number",
      'Signature of the insured',
    ]) {
      expect(text).toContain(line);
    }
    const swahili = await ctx.app.inject({ method: 'GET', url: `${mine.claimFormUrl}?lang=sw` });
    expect(await pdfTextContent(swahili.rawPayload)).toContain('Fomu ya Dai la Bima ya Gari');
    // The desk gets its own link to the same form.
    const onDesk = (await send(ctx, 'claims/desk/getClaim', { id: claim.id }, desk)).body.result.data;
    expect((await ctx.app.inject({ method: 'GET', url: onDesk.claimFormUrl })).statusCode).toBe(200);
    // A link altered by hand is refused; another insurer's staff get no link (404 on the claim).
    const tampered = mine.claimFormUrl.replace(/.$/, (last: string) => (last === 'A' ? 'B' : 'A'));
    expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const jubilee = (await signInAs(ctx, SAMPLE.underwriter)).headers;
    expect((await send(ctx, 'claims/desk/getClaim', { id: claim.id }, jubilee)).status).toBe(404);
  });
});
