import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimSettlements, claims, files, mailQueue, notifications, policies } from '../src/db/schema';
import { signFileLink } from '../src/modules/files/links';
import { call } from './accounts-helpers';
import { accidentClaim, approveThroughDesk, deskHeaders, policyFor, upload } from './claims-helpers';
import { buildTestApp, linkReaderOf, TEST_JWT_SECRET } from './helpers';
import { kenyaToday, plusDays, waitUntil } from './purchase-helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signedInClient, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const dataDir = mkdtempSync(join(tmpdir(), 'bima-claims-test-'));

/** A JPEG photo 3000×2000 carrying EXIF with a GPS position, as a phone camera writes it. */
async function phonePhoto() {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Tecno', Model: 'Camon 30' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '1/1 17/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '36/1 49/1 0/1',
      },
    })
    .toBuffer();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('claims: reporting, the desk, files and M-Pesa B2C settlement', () => {
  let ctx: Ctx;
  let owner: Headers;
  let policyNumber: string;
  let desk: Headers;
  const today = kenyaToday();

  const report = async (headers: Headers, overrides: Record<string, unknown> = {}) =>
    send(ctx, 'client/claim/reportClaim', accidentClaim(policyNumber, today, overrides), headers);

  const reportedClaim = async () => {
    const reported = await report(owner);
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    return reported.body.result.data.id as number;
  };

  const claimOf = async (id: number, headers = owner) =>
    (await send(ctx, 'client/claim/getClaim', { id }, headers)).body.result.data;

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

  describe('reporting rules', () => {
    it('reports an accident on the active policy; the client is notified and sees the checklist', async () => {
      const id = await reportedClaim();
      const claim = await claimOf(id);
      expect(claim).toMatchObject({
        status: 'REPORTED',
        type: 'accident',
        excess: 25_000_00,
        sumInsured: 1_500_000_00,
        policy: { policyNumber },
        documents: {
          required: ['claim_form', 'driving_licence', 'logbook', 'damage_photos'],
          missing: ['claim_form', 'driving_licence', 'logbook', 'damage_photos'],
        },
      });
      expect(claim.timeline).toEqual([expect.objectContaining({ event: 'reported', status: 'REPORTED' })]);
      const rows = await ctx.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, 'claim_status_changed'),
            eq(notifications.link, `/newportal/claims/${id}`),
          ),
        );
      expect(rows).toHaveLength(1);
    });

    it.each([
      [
        'a future date',
        { incidentDate: plusDays(today, 1) },
        'incidentDate',
        'The incident date cannot be in the future.',
      ],
      [
        'a date before the cover',
        { incidentDate: plusDays(today, -1) },
        'incidentDate',
        'The incident date is before your cover started.',
      ],
      [
        'theft without an OB number',
        { type: 'theft' },
        'obNumber',
        'Enter the OB number of the police abstract.',
      ],
      [
        'an accident with another party and no OB number',
        { otherParty: { name: 'John Kamau', phone: '0722000111' } },
        'obNumber',
        'Enter the OB number of the police abstract.',
      ],
      [
        'third-party property without the other party',
        { type: 'third_party_property', obNumber: 'OB 12/23/11/2026' },
        'otherParty',
        "Enter the other party's details.",
      ],
      [
        'a short description',
        { description: 'Crash' },
        'description',
        'Describe what happened (at least 20 characters).',
      ],
    ])('refuses %s (400)', async (_name, overrides, field, message) => {
      const refused = await report(owner, overrides);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContainEqual({ field, message });
    });

    it('accepts theft with its OB number; the checklist asks for the police abstract', async () => {
      const reported = await report(owner, { type: 'theft', obNumber: 'OB 12/23/11/2026' });
      expect(reported.status, JSON.stringify(reported.body)).toBe(200);
      const claim = await claimOf(reported.body.result.data.id);
      expect(claim.documents.required).toContain('police_abstract');
      expect(claim.excess).toBe(35_000_00);
    });

    it("answers 404 for another client's policy", async () => {
      const stranger = await signedInClient(ctx);
      const refused = await report(stranger);
      expect(refused.status).toBe(404);
    });
  });

  describe('access', () => {
    it("another client, another insurer's underwriter and an unrelated intermediary get 404; the admin sees it", async () => {
      const id = await reportedClaim();
      const stranger = await signedInClient(ctx);
      expect((await send(ctx, 'client/claim/getClaim', { id }, stranger)).status).toBe(404);
      const jubilee = (await signInAs(ctx, SAMPLE.underwriter)).headers;
      expect((await send(ctx, 'claims/desk/getClaim', { id }, jubilee)).status).toBe(404);
      expect(
        (await send(ctx, 'claims/desk/requestDocuments', { id, documents: ['police_abstract'] }, jubilee))
          .status,
      ).toBe(404);
      const jubileeQueue = await send(ctx, 'claims/desk/listClaims', { page: 1, pageSize: 50 }, jubilee);
      expect(jubileeQueue.body.result.data.items.map((item: { id: number }) => item.id)).not.toContain(id);
      const broker = (await signInAs(ctx, SAMPLE.brokerA)).headers;
      expect((await send(ctx, 'claims/desk/getClaim', { id }, broker)).status).toBe(404);
      const admin = (await signInAs(ctx, SAMPLE.admin)).headers;
      expect((await send(ctx, 'claims/desk/getClaim', { id }, admin)).status).toBe(200);
      const apaQueue = await send(
        ctx,
        'claims/desk/listClaims',
        { page: 1, pageSize: 50, status: 'REPORTED' },
        desk,
      );
      expect(apaQueue.body.result.data.items.map((item: { id: number }) => item.id)).toContain(id);
      // Clients cannot call the desk.
      expect((await send(ctx, 'claims/desk/getClaim', { id }, owner)).status).toBe(403);
    });

    it("files: another client and another insurer cannot upload to or read a claim's files (404)", async () => {
      const id = await reportedClaim();
      const uploaded = await upload(ctx, owner, id, {
        name: 'licence.pdf',
        type: 'application/pdf',
        bytes: PDF,
        category: 'driving_licence',
      });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      const fileId = uploaded.body.result.data.id as string;

      const stranger = await signedInClient(ctx);
      expect(
        (await upload(ctx, stranger, id, { name: 'x.pdf', type: 'application/pdf', bytes: PDF })).status,
      ).toBe(404);
      const jubilee = await signInAs(ctx, SAMPLE.underwriter);
      expect(
        (await upload(ctx, jubilee.headers, id, { name: 'x.pdf', type: 'application/pdf', bytes: PDF }))
          .status,
      ).toBe(404);

      // The owner's and the handler's links work; a link signed for someone else does not.
      const claim = await claimOf(id);
      const ownerLink = claim.files[0].url as string;
      expect((await ctx.app.inject({ method: 'GET', url: ownerLink })).statusCode).toBe(200);
      const deskView = (await send(ctx, 'claims/desk/getClaim', { id }, desk)).body.result.data;
      const deskDownload = await ctx.app.inject({ method: 'GET', url: deskView.files[0].url });
      expect(deskDownload.statusCode).toBe(200);
      expect(deskDownload.rawPayload.equals(PDF)).toBe(true);
      const [jubileeUser] = await ctx.database.db.select().from(files).where(eq(files.id, fileId));
      expect(jubileeUser).toBeDefined();
      const forJubilee = signFileLink(TEST_JWT_SECRET, fileId, linkReaderOf(jubilee.headers));
      expect((await ctx.app.inject({ method: 'GET', url: forJubilee })).statusCode).toBe(404);
      const tampered = ownerLink.replace(/.$/, (char) => (char === 'A' ? 'B' : 'A'));
      expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
      // Without a token an upload is refused.
      expect((await upload(ctx, {}, id, { name: 'x.pdf', type: 'application/pdf', bytes: PDF })).status).toBe(
        403,
      );
    });
  });

  describe('intermediaries', () => {
    it('the firm that placed the policy reads its claims (no files, no steps); another firm gets 404', async () => {
      const client = await signedInClient(ctx);
      const placed = await policyFor(ctx, client);
      await ctx.database.db
        .update(policies)
        .set({ intermediaryId: await firmId(ctx, FIRM.savannah) })
        .where(eq(policies.policyNumber, placed));
      const reported = await send(ctx, 'client/claim/reportClaim', accidentClaim(placed, today), client);
      expect(reported.status, JSON.stringify(reported.body)).toBe(200);
      const id = reported.body.result.data.id as number;
      await upload(ctx, client, id, {
        name: 'a.pdf',
        type: 'application/pdf',
        bytes: PDF,
        category: 'claim_form',
      });

      const savannah = (await signInAs(ctx, SAMPLE.brokerA)).headers;
      const queue = await send(ctx, 'claims/desk/listClaims', { page: 1, pageSize: 20 }, savannah);
      expect(queue.body.result.data.items.map((item: { id: number }) => item.id)).toEqual([id]);
      const seen = await send(ctx, 'claims/desk/getClaim', { id }, savannah);
      expect(seen.status).toBe(200);
      expect(seen.body.result.data.files).toEqual([]);
      expect(Object.values(seen.body.result.data.actions).some(Boolean)).toBe(false);
      expect(
        (await send(ctx, 'claims/desk/declineClaim', { id, reason: 'Not for brokers to decide.' }, savannah))
          .status,
      ).toBe(403);
      const tana = (await signInAs(ctx, SAMPLE.brokerB)).headers;
      expect((await send(ctx, 'claims/desk/getClaim', { id }, tana)).status).toBe(404);
    }, 30_000);
  });

  describe('uploads', () => {
    it('resizes a photo and strips its EXIF and GPS', async () => {
      const id = await reportedClaim();
      const uploaded = await upload(ctx, owner, id, {
        name: 'front.JPG',
        type: 'image/jpeg',
        bytes: await phonePhoto(),
      });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      expect(uploaded.body.result.data).toMatchObject({
        name: 'front.jpg',
        contentType: 'image/jpeg',
        category: 'damage_photos',
      });
      const claim = await claimOf(id);
      const download = await ctx.app.inject({ method: 'GET', url: claim.files[0].url });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('image/jpeg');
      const stored = await sharp(download.rawPayload).metadata();
      expect(Math.max(stored.width ?? 0, stored.height ?? 0)).toBe(2048);
      expect(stored.exif).toBeUndefined();
      expect(claim.documents.missing).not.toContain('damage_photos');
      expect(claim.timeline.map((step: { event: string }) => step.event)).toEqual([
        'reported',
        'document_uploaded',
      ]);
    });

    it('refuses files of other types and files above 10 MB with clear messages', async () => {
      const id = await reportedClaim();
      const text = await upload(ctx, owner, id, {
        name: 'notes.txt',
        type: 'text/plain',
        bytes: Buffer.from('hello there'),
      });
      expect(text.status).toBe(400);
      expect(text.body.err_msg).toBe('Only photos (JPEG, PNG, WebP) and PDF documents can be uploaded.');
      // A renamed executable is judged by its bytes, not its name.
      const disguised = await upload(ctx, owner, id, {
        name: 'photo.jpg',
        type: 'image/jpeg',
        bytes: Buffer.from('MZ\x90\x00fake'),
      });
      expect(disguised.status).toBe(400);
      const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
      const tooLarge = await upload(ctx, owner, id, {
        name: 'scan.pdf',
        type: 'application/pdf',
        bytes: big,
      });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.err_msg).toMatch(/larger than 10 MB/);
      const unknownCategory = await upload(ctx, owner, id, {
        name: 'a.pdf',
        type: 'application/pdf',
        bytes: PDF,
        category: 'selfie',
      });
      expect(unknownCategory.status).toBe(400);
      expect(
        await ctx.database.db
          .select()
          .from(files)
          .where(eq(files.ownerId, String(id))),
      ).toHaveLength(0);
    });

    it('a retried upload (same upload id) never duplicates', async () => {
      const id = await reportedClaim();
      const uploadId = `retry-${Date.now()}`;
      const first = await upload(ctx, owner, id, {
        name: 'abstract.pdf',
        type: 'application/pdf',
        bytes: PDF,
        uploadId,
        category: 'police_abstract',
      });
      const again = await upload(ctx, owner, id, {
        name: 'abstract.pdf',
        type: 'application/pdf',
        bytes: PDF,
        uploadId,
        category: 'police_abstract',
      });
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.body.result.data).toMatchObject({ id: first.body.result.data.id, duplicate: true });
      const [parallelA, parallelB] = await Promise.all([
        upload(ctx, owner, id, {
          name: 'b.pdf',
          type: 'application/pdf',
          bytes: PDF,
          uploadId: `${uploadId}-p`,
        }),
        upload(ctx, owner, id, {
          name: 'b.pdf',
          type: 'application/pdf',
          bytes: PDF,
          uploadId: `${uploadId}-p`,
        }),
      ]);
      expect(parallelA.body.result.data.id).toBe(parallelB.body.result.data.id);
      expect(
        await ctx.database.db
          .select()
          .from(files)
          .where(eq(files.ownerId, String(id))),
      ).toHaveLength(2);
    });
  });

  describe('the desk', () => {
    it('refuses steps the status does not allow (409)', async () => {
      const id = await reportedClaim();
      const conflict = async (path: string, data: Record<string, unknown>) => {
        const answer = await send(ctx, path, { id, ...data }, desk);
        expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(409);
      };
      await conflict('claims/desk/approveClaim', { amount: 100_000_00 });
      await conflict('claims/desk/recordAssessment', {
        report: 'Looked at it carefully.',
        assessedLoss: 100_000_00,
      });
      await conflict('claims/desk/settleClaim', {
        method: 'garage',
        garageName: 'Kenya Auto',
        reference: 'CHQ-1',
      });
      await conflict('claims/desk/closeClaim', {});
      expect(
        (await send(ctx, 'claims/desk/declineClaim', { id, reason: 'Not covered: racing on a track.' }, desk))
          .status,
      ).toBe(200);
      await conflict('claims/desk/declineClaim', { reason: 'Not covered: racing on a track.' });
      await conflict('claims/desk/requestDocuments', { documents: ['police_abstract'] });
      expect((await send(ctx, 'claims/desk/closeClaim', { id }, desk)).status).toBe(200);
      await conflict('claims/desk/closeClaim', {});
      // A closed claim takes no more files.
      expect(
        (await upload(ctx, owner, id, { name: 'x.pdf', type: 'application/pdf', bytes: PDF })).status,
      ).toBe(404);
    });

    it('approves within the limits only: not above the sum insured, not at or below the excess', async () => {
      const id = await reportedClaim();
      const [assessor] = (await send(ctx, 'claims/desk/listAssessors', { id }, desk)).body.result.data;
      await send(ctx, 'claims/desk/appointAssessor', { id, assessorId: assessor.id }, desk);
      await send(
        ctx,
        'claims/desk/recordAssessment',
        { id, report: 'Total loss after the rollover.', assessedLoss: 1_700_000_00 },
        desk,
      );
      const above = await send(ctx, 'claims/desk/approveClaim', { id, amount: 1_500_001_00 }, desk);
      expect(above.status).toBe(400);
      expect(above.body.errors).toContainEqual({
        field: 'amount',
        message: "The amount cannot exceed the policy's sum insured, KES 1,500,000.",
      });
      const underExcess = await send(ctx, 'claims/desk/approveClaim', { id, amount: 25_000_00 }, desk);
      expect(underExcess.status).toBe(400);
      const atLimit = await send(ctx, 'claims/desk/approveClaim', { id, amount: 1_500_000_00 }, desk);
      expect(atLimit.status).toBe(200);
      expect(atLimit.body.result.data).toMatchObject({
        status: 'APPROVED',
        agreedLoss: 1_500_000_00,
        approvedAmount: 1_475_000_00,
      });
      // Above M-Pesa's per-transaction limit: the garage, not M-Pesa.
      const mpesa = await send(
        ctx,
        'claims/desk/settleClaim',
        { id, method: 'mpesa', phone: '254712345678' },
        desk,
      );
      expect(mpesa.status).toBe(409);
    });

    it('an assessor must be staff of the claim’s insurer', async () => {
      const id = await reportedClaim();
      const jubilee = await call(
        ctx,
        'staff',
        'account',
        'getProfile',
        {},
        (await signInAs(ctx, SAMPLE.underwriter)).headers,
      );
      const jubileeId = jubilee.json().result.data.id ?? jubilee.json().result.data.userId;
      const refused = await send(ctx, 'claims/desk/appointAssessor', { id, assessorId: jubileeId }, desk);
      expect(refused.status).toBe(400);
    });

    it('runs a claim from report to closed: documents requested and uploaded, assessed, approved less the excess, settled by M-Pesa B2C', async () => {
      const id = await reportedClaim();
      const requested = await send(
        ctx,
        'claims/desk/requestDocuments',
        { id, documents: ['police_abstract'], note: 'From Parklands police station.' },
        desk,
      );
      expect(requested.status, JSON.stringify(requested.body)).toBe(200);
      expect(requested.body.result.data).toMatchObject({ status: 'DOCUMENTS_PENDING' });
      expect((await claimOf(id)).documents.missing).toContain('police_abstract');
      const asked = await ctx.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, 'documents_requested'),
            eq(notifications.link, `/newportal/claims/${id}`),
          ),
        );
      expect(asked).toHaveLength(1);
      expect(asked[0]!.body).toContain('Police abstract');

      const abstract = await upload(ctx, owner, id, {
        name: 'abstract.pdf',
        type: 'application/pdf',
        bytes: PDF,
        category: 'police_abstract',
      });
      expect(abstract.status).toBe(200);
      expect((await claimOf(id)).documents.missing).not.toContain('police_abstract');

      await approveThroughDesk(ctx, desk, id, 200_000_00);
      const approved = await claimOf(id);
      expect(approved).toMatchObject({
        status: 'APPROVED',
        agreedLoss: 200_000_00,
        excess: 25_000_00,
        approvedAmount: 175_000_00,
      });

      // The phone as Kenyans type it (issue 26), sent to M-Pesa as 2547….
      const started = await send(
        ctx,
        'claims/desk/settleClaim',
        { id, method: 'mpesa', phone: '0712 345 678' },
        desk,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.result.data.settlements).toEqual([
        expect.objectContaining({ status: 'pending', amount: 175_000_00, phone: '254712345678' }),
      ]);
      // While the payout is pending, another is refused.
      expect(
        (await send(ctx, 'claims/desk/settleClaim', { id, method: 'mpesa', phone: '254712345678' }, desk))
          .status,
      ).toBe(409);

      const settled = await waitUntil(
        () => claimOf(id),
        (claim) => claim.status === 'SETTLED',
        10_000,
      );
      expect(settled.status).toBe('SETTLED');
      expect(settled.settlements[0]).toMatchObject({
        status: 'success',
        reference: expect.stringMatching(/^[A-Z0-9]{10}$/),
      });
      expect((await send(ctx, 'claims/desk/closeClaim', { id }, desk)).status).toBe(200);

      const final = await claimOf(id);
      expect(final.timeline.map((step: { event: string }) => step.event)).toEqual([
        'reported',
        'documents_requested',
        'document_uploaded',
        'assessor_appointed',
        'assessed',
        'approved',
        'settlement_started',
        'settled',
        'closed',
      ]);
      expect(final.timeline[1].by).toMatchObject({ organisation: 'APA Insurance' });
      const statuses = await ctx.database.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, 'claim_status_changed'),
            eq(notifications.link, `/newportal/claims/${id}`),
          ),
        )
        .orderBy(notifications.id);
      expect(statuses.map((row) => row.title.replace(/^Claim \S+ /, ''))).toEqual([
        'reported',
        'waiting for documents',
        'under assessment',
        'approved',
        'settled',
        'closed',
      ]);
    }, 30_000);
  });

  describe('e-mails and amounts', () => {
    const mailsTo = async (email: string) => {
      // Queued in the step's transaction; the worker sends them from the queue.
      await ctx.app.services.mailer.drain();
      return ctx.database.db.select().from(mailQueue).where(eq(mailQueue.to, email)).orderBy(mailQueue.id);
    };

    it('e-mails the client each status change and documents request, unless claim e-mails are switched off', async () => {
      const email = (await send(ctx, 'client/client/getClientDetails', {}, owner)).body.result.data.email;
      const id = await reportedClaim();
      const { claimRef } = await claimOf(id);
      const reportedMail = (await mailsTo(email)).find((row) => row.subject === `Claim ${claimRef} reported`);
      expect(reportedMail).toMatchObject({ status: 'sent' });
      expect(reportedMail!.text).toContain(`/newportal/claims/${id}`);

      await send(ctx, 'claims/desk/requestDocuments', { id, documents: ['police_abstract'] }, desk);
      const subjects = (await mailsTo(email)).map((row) => row.subject);
      expect(subjects).toContain(`Documents needed for claim ${claimRef}`);
      expect(subjects).toContain(`Claim ${claimRef} waiting for documents`);

      // Claim status e-mails off (documents requests stay on): the decline is in the app only.
      const off = await send(
        ctx,
        'platform/notification/updatePreferences',
        { preferences: [{ kind: 'claim_status_changed', email: false }] },
        owner,
      );
      expect(off.status).toBe(200);
      const declined = await send(
        ctx,
        'claims/desk/declineClaim',
        { id, reason: 'Not covered: the driver was unlicensed.' },
        desk,
      );
      expect(declined.status).toBe(200);
      await send(ctx, 'claims/desk/closeClaim', { id }, desk);
      const after = (await mailsTo(email)).map((row) => row.subject);
      expect(after.filter((subject) => subject.startsWith(`Claim ${claimRef}`))).toEqual([
        `Claim ${claimRef} reported`,
        `Claim ${claimRef} waiting for documents`,
      ]);
      const inApp = await ctx.database.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(eq(notifications.link, `/newportal/claims/${id}`));
      expect(inApp.map((row) => row.title)).toContain(`Claim ${claimRef} declined`);
      expect(inApp.map((row) => row.title)).toContain(`Claim ${claimRef} closed`);
      await send(
        ctx,
        'platform/notification/updatePreferences',
        { preferences: [{ kind: 'claim_status_changed', email: true }] },
        owner,
      );
    });

    it('pays whole shillings when the excess carries cents: the approved, shown and sent amounts are the same', async () => {
      const client = await signedInClient(ctx);
      const policy = await policyFor(ctx, client);
      // The policy's chosen collision excess is KES 25,000.50.
      const [row] = await ctx.database.db
        .select({ quotationId: policies.quotationId })
        .from(policies)
        .where(eq(policies.policyNumber, policy));
      await ctx.database.db.execute(
        sql`update quotations set excesses = ${JSON.stringify([{ id: 'collision', amountCents: 2_500_050 }])}::jsonb where id = ${row!.quotationId}`,
      );
      const reported = await send(ctx, 'client/claim/reportClaim', accidentClaim(policy, today), client);
      expect(reported.status, JSON.stringify(reported.body)).toBe(200);
      const id = reported.body.result.data.id as number;
      expect((await claimOf(id, client)).excess).toBe(25_000_50);

      await approveThroughDesk(ctx, desk, id, 200_000_00);
      const approved = await claimOf(id, client);
      // 200,000 − 25,000.50 = 174,999.50: whole shillings are paid.
      expect(approved.approvedAmount).toBe(174_999_00);
      expect(approved.timeline.at(-1).note).toBe(
        'KES 200,000 less the excess KES 25,000.50: KES 174,999 to pay (in whole shillings)',
      );
      const [stored] = await ctx.database.db
        .select({ approvedAmount: claims.approvedAmount })
        .from(claims)
        .where(eq(claims.id, id));
      expect(stored!.approvedAmount).toBe(17_499_900);

      const started = await send(
        ctx,
        'claims/desk/settleClaim',
        { id, method: 'mpesa', phone: '254712340099' },
        desk,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const settled = await waitUntil(
        () => claimOf(id, client),
        (claim) => claim.status === 'SETTLED',
        10_000,
      );
      expect(settled.settlements).toEqual([
        expect.objectContaining({ method: 'mpesa', amount: 174_999_00, status: 'success' }),
      ]);
      const sent = ctx.app.services.mpesa
        .simulator!.payouts()
        .find((payout) => payout.phone === '254712340099');
      expect(sent?.amount).toBe(174_999);
      const [settlement] = await ctx.database.db
        .select()
        .from(claimSettlements)
        .where(eq(claimSettlements.claimId, id));
      expect(settlement!.amount).toBe(17_499_900);
    });
  });

  describe('M-Pesa B2C results', () => {
    const settleTo = async (phone: string) => {
      const id = await reportedClaim();
      await approveThroughDesk(ctx, desk, id);
      const started = await send(ctx, 'claims/desk/settleClaim', { id, method: 'mpesa', phone }, desk);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      return id;
    };
    const settlementsOf = (id: number) =>
      ctx.database.db.select().from(claimSettlements).where(eq(claimSettlements.claimId, id));

    it('a failure (our balance too low) leaves the claim APPROVED, and it can be paid again', async () => {
      const id = await settleTo('254712345602');
      const rows = await waitUntil(
        () => settlementsOf(id),
        (list) => list[0]?.status !== 'pending',
        10_000,
      );
      // The simulator calls back from 127.0.0.1, outside Safaricom's callback addresses: the failure
      // is applied as M-Pesa's Transaction Status confirms it (mpesa-callback-trust.test.ts).
      expect(rows[0]).toMatchObject({ status: 'failed', resultCode: 'Failed' });
      const claim = await claimOf(id);
      expect(claim.status).toBe('APPROVED');
      expect(claim.timeline.at(-1)).toMatchObject({ event: 'settlement_failed' });
      const garage = await send(
        ctx,
        'claims/desk/settleClaim',
        { id, method: 'garage', garageName: 'Kenya Autoworks Ltd', reference: 'RTGS-20261123-01' },
        desk,
      );
      expect(garage.status).toBe(200);
      expect(garage.body.result.data.status).toBe('SETTLED');
    });

    it('a duplicated success result settles once', async () => {
      const id = await settleTo('254712345606');
      await waitUntil(
        () => claimOf(id),
        (claim) => claim.status === 'SETTLED',
        10_000,
      );
      // Wait for the second delivery, then count.
      const simulator = ctx.app.services.mpesa.simulator!;
      const payout = simulator.payouts().find((entry) => entry.phone === '254712345606')!;
      const [row] = await settlementsOf(id);
      const resultUrl = ctx.app.services.mpesa.b2c!.resultUrl();
      const replay = await fetch(resultUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          Result: {
            ResultType: 0,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            OriginatorConversationID: row!.originatorConversationId,
            ConversationID: payout.conversationId,
            TransactionID: payout.transactionId,
          },
        }),
      });
      expect(replay.status).toBe(200);
      const claim = await claimOf(id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = await claimOf(id);
      expect(after.timeline.filter((step: { event: string }) => step.event === 'settled')).toHaveLength(1);
      expect(claim.settlements).toHaveLength(1);
      expect(await settlementsOf(id)).toEqual([
        expect.objectContaining({ status: 'success', reference: payout.transactionId }),
      ]);
    });

    it('a queue time-out (QueueTimeOutURL) is not paid; the claim stays APPROVED', async () => {
      const id = await settleTo('254712345604');
      const rows = await waitUntil(
        () => settlementsOf(id),
        (list) => list[0]?.status !== 'pending',
        10_000,
      );
      expect(rows[0]).toMatchObject({ status: 'timeout' });
      expect((await claimOf(id)).status).toBe('APPROVED');
    });

    it('ignores results for payouts we never made, and a wrong secret is 404', async () => {
      const url = ctx.app.services.mpesa.b2c!.resultUrl();
      const unknown = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          Result: {
            ResultCode: 0,
            ResultDesc: 'ok',
            OriginatorConversationID: 'not-ours',
            ConversationID: 'x',
          },
        }),
      });
      expect(unknown.status).toBe(200);
      const wrong = await fetch(url.replace(/[^/]+$/, 'wrong-secret'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(wrong.status).toBe(404);
      const notResult = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      });
      expect(notResult.status).toBe(400);
    });
  });
});
