import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  chatMessages,
  claims,
  clients,
  consents,
  conversations,
  files,
  motorCertificates,
  notifications,
  payments,
  policies,
  quotations,
  sessions,
  users,
} from '../src/db/schema';
import { readStoredZip, zipToBuffer } from '../src/lib/zip';
import { call, loginUser, PASSWORD, registerUser } from './accounts-helpers';
import { accidentClaim, multipart, policyFor, upload } from './claims-helpers';
import { buildTestApp, rowsOf } from './helpers';
import { CLIENT_KYC, giveKyc, kenyaToday, MPESA_TEST_ENV } from './purchase-helpers';
import { type Headers, SAMPLE, send, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const dataDir = mkdtempSync(join(tmpdir(), 'bima-privacy-test-'));

/** A new client with KYC: their e-mail, user id and headers. */
async function newClient(ctx: Ctx) {
  const email = await registerUser(ctx);
  const headers: Headers = { accesstoken: (await loginUser(ctx, email)).accessToken };
  await giveKyc(ctx, headers);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, userId: user!.id, headers };
}

const download = (ctx: Ctx, headers: Headers) =>
  ctx.app.inject({ method: 'GET', url: '/v2/api/privacy/export', headers });

describe('a zip written as it goes', () => {
  it('reads back with its names and bytes, CRCs checked', async () => {
    const archive = await zipToBuffer([
      { name: 'my-data.json', data: Buffer.from('{"a":1}') },
      { name: 'files/picha ya gari.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]) },
      { name: 'empty.txt', data: Buffer.alloc(0) },
    ]);
    expect(archive.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const entries = readStoredZip(archive);
    expect(entries.map((entry) => entry.name)).toEqual([
      'my-data.json',
      'files/picha ya gari.jpg',
      'empty.txt',
    ]);
    expect(entries[1]!.data).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]));
  });
});

describe('the client’s own data (Data Protection Act 2019)', () => {
  let ctx: Ctx;

  beforeAll(async () => {
    ctx = await buildTestApp({ env: { ...MPESA_TEST_ENV, DATA_DIR: dataDir, DATA_EXPORTS_PER_HOUR: '3' } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(async () => {
    await ctx.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('consents', () => {
    it('records marketing e-mail given and withdrawn on the Privacy screen, with when, where and the wording', async () => {
      const { headers } = await newClient(ctx);
      const before = await send(ctx, 'client/privacy/getPrivacy', {}, headers);
      expect(before.status).toBe(200);
      expect(before.body.result.data.consents).toContainEqual(
        expect.objectContaining({ purpose: 'marketing_email', granted: false, at: null }),
      );
      const given = await send(
        ctx,
        'client/privacy/setConsent',
        { purpose: 'marketing_email', granted: true },
        headers,
      );
      expect(given.status, JSON.stringify(given.body)).toBe(200);
      expect(given.body.result.data.consents).toContainEqual(
        expect.objectContaining({
          purpose: 'marketing_email',
          granted: true,
          channel: 'privacy',
          wordingVersion: 'marketing-email-2026-11',
        }),
      );
      const withdrawn = await send(
        ctx,
        'client/privacy/setConsent',
        { purpose: 'marketing_email', granted: false },
        headers,
      );
      const data = withdrawn.body.result.data;
      expect(data.consents).toContainEqual(
        expect.objectContaining({ purpose: 'marketing_email', granted: false }),
      );
      const marketing = data.history.filter((row: { purpose: string }) => row.purpose === 'marketing_email');
      expect(marketing.map((row: { granted: boolean }) => row.granted)).toEqual([true, false]);
      expect(marketing.every((row: { at: string }) => !Number.isNaN(Date.parse(row.at)))).toBe(true);
    });

    it('records the identity-check consent when it is ticked, never from an ID given, and its withdrawal', async () => {
      const { headers } = await newClient(ctx);
      const given = (await send(ctx, 'client/privacy/getPrivacy', {}, headers)).body.result.data;
      expect(given.history.filter((row: { purpose: string }) => row.purpose === 'identity_check')).toEqual(
        [],
      );
      expect((await send(ctx, 'client/identity/startChecks', { consent: true }, headers)).status).toBe(200);
      const privacy = (await send(ctx, 'client/privacy/getPrivacy', {}, headers)).body.result.data;
      expect(privacy.consents).toContainEqual(
        expect.objectContaining({ purpose: 'identity_check', granted: true, channel: 'kyc' }),
      );
      await send(ctx, 'client/privacy/setConsent', { purpose: 'identity_check', granted: false }, headers);
      // Saving the KYC again does not quietly give it back.
      await giveKyc(ctx, headers);
      const after = (await send(ctx, 'client/privacy/getPrivacy', {}, headers)).body.result.data;
      expect(after.consents).toContainEqual(
        expect.objectContaining({ purpose: 'identity_check', granted: false }),
      );
    });

    it('refuses an unknown purpose with a clear 400', async () => {
      const { headers } = await newClient(ctx);
      const wrong = await send(
        ctx,
        'client/privacy/setConsent',
        { purpose: 'sell_my_data', granted: true },
        headers,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[0].message).toBe('Choose a consent from the list.');
    });

    it('answers in Swahili for a Swahili reader', async () => {
      const { headers } = await newClient(ctx);
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: '/v2/api/v1',
        headers: { ...headers, 'accept-language': 'sw' },
        payload: {
          service: { name: 'client', version: 'v1' },
          resource: { name: 'privacy', version: 'v1' },
          action: { name: 'closeAccount', version: 'v1' },
          data: { password: PASSWORD },
        },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors[0].message).toBe(
        'Weka alama kwenye kisanduku kuthibitisha kuwa unataka akaunti yako ifungwe.',
      );
    });
  });

  describe('correcting details', () => {
    it('applies a KYC identity correction at once and shows staff which details changed, not their values', async () => {
      const client = await newClient(ctx);
      const corrected = await call(
        ctx,
        'client',
        'client',
        'updateClient',
        {
          ...CLIENT_KYC,
          kraPin: 'A987654321Z',
          idNumber: '87654321',
        },
        client.headers,
      );
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect(corrected.json().result.data).toMatchObject({ kraPin: 'A987654321Z', idNumber: '87654321' });
      const admin = (await signInAs(ctx, SAMPLE.admin)).headers;
      const log = await send(
        ctx,
        'admin/audit/listAuditLog',
        { action: 'client/profile/correctIdentity' },
        admin,
      );
      const entry = log.body.result.data.items.find(
        (item: { entityId: string }) => item.entityId === client.userId,
      );
      expect(entry).toMatchObject({
        actor: { role: 'client' },
        summary: 'Corrected their KYC identity details: KRA PIN, ID number',
      });
      expect(JSON.stringify(entry)).not.toContain('87654321');
      // Saving the same details again, or giving them the first time, is no correction.
      await giveKyc(ctx, (await newClient(ctx)).headers);
      const again = await send(
        ctx,
        'admin/audit/listAuditLog',
        { action: 'client/profile/correctIdentity' },
        admin,
      );
      expect(again.body.result.data.total).toBe(log.body.result.data.total);
    });
  });

  describe('the archive', () => {
    let owner: Awaited<ReturnType<typeof newClient>>;
    let policyNumber: string;
    let claimId: number;

    beforeAll(async () => {
      owner = await newClient(ctx);
      await send(ctx, 'client/identity/startChecks', { consent: true }, owner.headers);
      policyNumber = await policyFor(ctx, owner.headers);
      const reported = await send(
        ctx,
        'client/claim/reportClaim',
        accidentClaim(policyNumber, kenyaToday()),
        owner.headers,
      );
      expect(reported.status, JSON.stringify(reported.body)).toBe(200);
      claimId = reported.body.result.data.id;
      const pdf = Buffer.from('%PDF-1.4\n% police abstract\n%%EOF\n');
      const uploaded = await upload(ctx, owner.headers, claimId, {
        name: 'police-abstract.pdf',
        type: 'application/pdf',
        bytes: pdf,
        category: 'police_abstract',
      });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      await send(
        ctx,
        'client/privacy/setConsent',
        { purpose: 'marketing_email', granted: true },
        owner.headers,
      );
    }, 60_000);

    it('holds the profile, KYC, quotations, policies with their schedules, claims with files, payments, ledger lines and consents', async () => {
      const answer = await download(ctx, owner.headers);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('application/zip');
      expect(answer.headers['content-disposition']).toMatch(
        /^attachment; filename="bima-my-data-\d{4}-\d\d-\d\d\.zip"$/,
      );
      const entries = readStoredZip(answer.rawPayload);
      const names = entries.map((entry) => entry.name);
      const data = JSON.parse(entries.find((entry) => entry.name === 'my-data.json')!.data.toString('utf8'));
      expect(data.profile).toMatchObject({ email: owner.email, id: owner.userId });
      expect(data.profile.passwordHash).toBeUndefined();
      expect(data.kyc).toMatchObject({ kraPin: 'A123456789X', idNumber: '12345678' });
      expect(data.quotations.length).toBeGreaterThan(0);
      expect(data.policies.map((policy: { policyNumber: string }) => policy.policyNumber)).toEqual([
        policyNumber,
      ]);
      expect(data.claims.map((claim: { id: number }) => claim.id)).toEqual([claimId]);
      expect(data.payments.some((payment: { status: string }) => payment.status === 'success')).toBe(true);
      expect(data.ledgerLines.length).toBeGreaterThan(0);
      expect(data.consents).toContainEqual(
        expect.objectContaining({ purpose: 'marketing_email', granted: true }),
      );
      expect(data.consents).toContainEqual(
        expect.objectContaining({ purpose: 'identity_check', granted: true }),
      );
      const schedule = names.find((name) => name.startsWith('policies/policy-schedule-'));
      expect(schedule).toBeDefined();
      expect(
        entries
          .find((entry) => entry.name === schedule)!
          .data.subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const claimFile = data.files.find((file: { name: string }) => file.name === 'police-abstract.pdf');
      expect(claimFile.storageKey).toBeUndefined();
      expect(entries.find((entry) => entry.name === claimFile.inArchive)!.data.toString()).toContain(
        'police abstract',
      );
    });

    it('is only for the client themselves: no token, staff and the gateway’s signed-out callers are refused', async () => {
      expect((await download(ctx, {})).statusCode).toBe(403);
      const admin = (await signInAs(ctx, SAMPLE.admin)).headers;
      const asStaff = await download(ctx, admin);
      expect(asStaff.statusCode).toBe(403);
      expect(asStaff.json().err_msg).toBe('Only the client can download their own data.');
    });

    it('gives another client only their own data', async () => {
      const other = await newClient(ctx);
      const answer = await download(ctx, other.headers);
      expect(answer.statusCode).toBe(200);
      const entries = readStoredZip(answer.rawPayload);
      const data = JSON.parse(entries.find((entry) => entry.name === 'my-data.json')!.data.toString('utf8'));
      expect(data.profile.id).toBe(other.userId);
      expect(data.policies).toEqual([]);
      expect(data.claims).toEqual([]);
      expect(
        entries.some((entry) => entry.name.startsWith('policies/') || entry.name.startsWith('files/')),
      ).toBe(false);
      expect(answer.rawPayload.includes(Buffer.from(owner.email))).toBe(false);
    });

    it('is limited per account (DATA_EXPORTS_PER_HOUR)', async () => {
      const client = await newClient(ctx);
      for (let index = 0; index < 3; index += 1)
        expect((await download(ctx, client.headers)).statusCode).toBe(200);
      const refused = await download(ctx, client.headers);
      expect(refused.statusCode).toBe(429);
    });
  });

  describe('closing the account and erasing the personal data', () => {
    it('is refused, with its reason, while a claim is open; the request is in the audit log', async () => {
      const client = await newClient(ctx);
      const policy = await policyFor(ctx, client.headers);
      const reported = await send(
        ctx,
        'client/claim/reportClaim',
        accidentClaim(policy, kenyaToday()),
        client.headers,
      );
      expect(reported.status).toBe(200);
      const refused = await send(
        ctx,
        'client/privacy/closeAccount',
        { password: PASSWORD, confirm: true },
        client.headers,
      );
      expect(refused.status).toBe(409);
      expect(refused.body.err_code).toBe('OPEN_CLAIM');
      expect(refused.body.err_msg).toMatch(/cannot be closed while a claim is open/);
      // Nothing changed: the client still signs in.
      expect((await loginUser(ctx, client.email)).accessToken).toBeTruthy();
      const privacy = (await send(ctx, 'client/privacy/getPrivacy', {}, client.headers)).body.result.data;
      expect(privacy.requests[0]).toMatchObject({ status: 'REFUSED', refusal: 'OPEN_CLAIM' });
      const admin = (await signInAs(ctx, SAMPLE.admin)).headers;
      const log = await send(
        ctx,
        'admin/audit/listAuditLog',
        { action: 'client/privacy/requestErasure' },
        admin,
      );
      expect(log.status, JSON.stringify(log.body)).toBe(200);
      expect(log.body.result.data.items[0]).toMatchObject({
        entityId: client.userId,
        summary:
          'Asked for their account to be closed and their personal data erased: refused for now, as a claim is open',
      });
    }, 60_000);

    it('refuses a wrong password', async () => {
      const client = await newClient(ctx);
      const wrong = await send(
        ctx,
        'client/privacy/closeAccount',
        { password: 'not-it', confirm: true },
        client.headers,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual([{ field: 'password', message: 'The password is not correct.' }]);
    });

    it('keeps policies, claims, payments and the ledger under a reference, deletes the rest and ends sign-in', async () => {
      const { db } = ctx.database;
      const client = await newClient(ctx);
      const second: Headers = { accesstoken: (await loginUser(ctx, client.email)).accessToken };
      const policy = await policyFor(ctx, client.headers);
      const reported = await send(
        ctx,
        'client/claim/reportClaim',
        accidentClaim(policy, kenyaToday()),
        client.headers,
      );
      const claimId = reported.body.result.data.id as number;
      const claimFile = await upload(ctx, client.headers, claimId, {
        name: 'damage.pdf',
        type: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4\n% damage\n%%EOF\n'),
        category: 'police_abstract',
      });
      expect(claimFile.status).toBe(200);
      // The claim is settled and closed by the insurer.
      await db.update(claims).set({ status: 'CLOSED' }).where(eq(claims.id, claimId));
      // A chat with support, with an attachment.
      const chat = await send(
        ctx,
        'chat/conversation/startConversation',
        { with: 'support' },
        client.headers,
      );
      expect(chat.status, JSON.stringify(chat.body)).toBe(200);
      const conversationId = chat.body.result.data.id as number;
      const body = multipart('logbook.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n% logbook\n%%EOF\n'));
      const chatUpload = await ctx.app.inject({
        method: 'POST',
        url: `/v2/api/files?ownerKind=chat&ownerId=${conversationId}&category=attachment`,
        headers: { ...client.headers, ...body.headers, 'x-upload-id': randomUUID() },
        payload: body.payload,
      });
      expect(chatUpload.statusCode, chatUpload.body).toBe(200);
      const sent = await send(
        ctx,
        'chat/message/sendMessage',
        { conversationId, body: 'My logbook', fileIds: [chatUpload.json().result.data.id] },
        client.headers,
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      // A quotation never invoiced.
      const [someQuotation] = await db.select().from(quotations).where(eq(quotations.userId, client.userId));
      const { id: _id, ...copied } = someQuotation!;
      await db
        .insert(quotations)
        .values({ ...copied, systemQuotationRef: `Q-UNBOUGHT-${randomUUID().slice(0, 8)}` });
      await send(
        ctx,
        'client/privacy/setConsent',
        { purpose: 'marketing_email', granted: true },
        client.headers,
      );
      const [policyRow] = await db.select().from(policies).where(eq(policies.policyNumber, policy));
      const ledgerBefore = await rowsOf<{ n: string; total: string }>(
        db.execute(sql`select count(*) as n, coalesce(sum(amount), 0) as total from ledger_entries`),
      );

      const closed = await send(
        ctx,
        'client/privacy/closeAccount',
        { password: PASSWORD, confirm: true },
        client.headers,
      );
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const reference = closed.body.result.data.reference as string;
      expect(reference).toMatch(/^C-[0-9A-F]{8}$/);

      // Sign-in ends: both sessions stop at once, and the old e-mail and password no longer sign in.
      expect((await send(ctx, 'client/privacy/getPrivacy', {}, client.headers)).status).toBe(403);
      expect((await send(ctx, 'client/privacy/getPrivacy', {}, second)).status).toBe(403);
      const signIn = await call(ctx, 'user', 'auth', 'login', {
        username: client.email,
        password: PASSWORD,
        loginDevice: {},
      });
      expect(signIn.statusCode).toBe(401);
      const live = await db.select().from(sessions).where(eq(sessions.userId, client.userId));
      expect(live.every((session) => session.revokedAt !== null)).toBe(true);

      // The person is replaced by the reference on what is kept.
      const [user] = await db.select().from(users).where(eq(users.id, client.userId));
      expect(user).toMatchObject({
        firstName: 'Erased client',
        lastName: reference,
        status: 'ERASED',
        phone: null,
      });
      expect(user!.email).not.toContain(client.email.split('@')[0]!);
      expect(user!.passwordHash).toBeNull();
      const [kyc] = await db.select().from(clients).where(eq(clients.userId, client.userId));
      expect(kyc).toMatchObject({ kraPin: 'N/A', idNumber: null, phone: null, address: null });
      expect((await db.select().from(policies).where(eq(policies.id, policyRow!.id))).length).toBe(1);
      const [certificate] = await db
        .select()
        .from(motorCertificates)
        .where(eq(motorCertificates.policyId, policyRow!.id));
      expect(certificate?.insuredName).toBe(`Erased client ${reference}`);
      const [kept] = await db.select().from(quotations).where(eq(quotations.id, policyRow!.quotationId));
      expect(JSON.stringify(kept!.clientDetails)).not.toContain('A123456789X');
      expect(JSON.stringify(kept!.clientDetails)).not.toContain(client.email);
      expect((await db.select().from(quotations).where(eq(quotations.userId, client.userId))).length).toBe(1);
      expect((await db.select().from(claims).where(eq(claims.id, claimId))).length).toBe(1);
      const keptFiles = await db.select().from(files).where(eq(files.uploadedBy, client.userId));
      expect(keptFiles.map((file) => file.ownerKind)).toEqual(['claim']);
      const paid = await db.select().from(payments).where(eq(payments.userId, client.userId));
      expect(paid.length).toBeGreaterThan(0);
      expect(paid.every((payment) => payment.phone.startsWith('sha256:'))).toBe(true);

      // The rest is gone.
      expect(await db.select().from(conversations).where(eq(conversations.id, conversationId))).toEqual([]);
      expect(
        await db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)),
      ).toEqual([]);
      expect(await db.select().from(notifications).where(eq(notifications.userId, client.userId))).toEqual(
        [],
      );
      const mail = await rowsOf(db.execute(sql`select 1 from mail_queue where "to" = ${client.email}`));
      expect(mail).toEqual([]);

      // The ledger is untouched and balanced.
      const ledgerAfter = await rowsOf<{ n: string; total: string }>(
        db.execute(sql`select count(*) as n, coalesce(sum(amount), 0) as total from ledger_entries`),
      );
      expect(ledgerAfter).toEqual(ledgerBefore);
      expect(Number(ledgerAfter[0]!.total)).toBe(0);
      const unbalanced = await rowsOf(
        db.execute(
          sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`,
        ),
      );
      expect(unbalanced).toEqual([]);

      // Consents given end with the account; the decisions stay as the proof.
      const decisions = await db.select().from(consents).where(eq(consents.userId, client.userId));
      expect(decisions.filter((row) => row.purpose === 'marketing_email').map((row) => row.granted)).toEqual([
        true,
        false,
      ]);

      // Staff see the request and its completion in the audit log, in words.
      const admin = (await signInAs(ctx, SAMPLE.admin)).headers;
      const log = await send(ctx, 'admin/audit/listAuditLog', { entityType: 'user' }, admin);
      const mine = log.body.result.data.items.filter(
        (item: { entityId: string }) => item.entityId === client.userId,
      );
      expect(mine.map((item: { summary: string }) => item.summary).slice(0, 2)).toEqual([
        `Closed the account and erased the personal data of a client: policies, claims, payments and the ledger are kept under ${reference}`,
        'Asked for their account to be closed and their personal data erased',
      ]);
      const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, client.userId));
      expect(JSON.stringify(entries)).not.toContain(client.email);
    }, 90_000);
  });
});
