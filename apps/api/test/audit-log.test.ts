import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { recordAudit } from '../src/modules/audit/service';
import { buildTestApp } from './helpers';
import { type Headers, SAMPLE, send, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * The audit log reads every entry as words with its values, in the reader's language, also the
 * entries written with facts only (the claims desk's: `recordAudit` without a summary).
 */
describe('the audit log in words', () => {
  let ctx: Ctx;
  let admin: Headers;
  let underwriterId: string;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100' } });
    admin = (await signInAs(ctx, SAMPLE.admin)).headers;
    const [underwriter] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'underwriter.apa@bimaportal.co.ke'));
    underwriterId = underwriter!.id;
  });
  afterAll(() => ctx.app.close());

  const read = async (language: 'en' | 'sw') =>
    (
      await send(
        ctx,
        'admin/audit/listAuditLog',
        { entityType: 'claim' },
        { ...admin, 'accept-language': language },
      )
    ).body.result.data.items;

  it("reads the claims desk's decisions, written as facts, as sentences with their values", async () => {
    const desk = { userId: underwriterId, role: 'underwriter' as const };
    // The call shape every module uses (action, entityType, entityId, details): still accepted.
    await recordAudit(ctx.database.db, desk, {
      action: 'claim.approved',
      entityType: 'claim',
      entityId: 41,
      details: {
        claimRef: 'CLM-2026-000041',
        agreedLoss: 200_000_00,
        excess: 25_000_00,
        approvedAmount: 175_000_00,
        waivedDocuments: ['police_abstract'],
      },
    });
    await recordAudit(ctx.database.db, desk, {
      action: 'claim.payout',
      entityType: 'claim',
      entityId: 41,
      details: { claimRef: 'CLM-2026-000041', method: 'mpesa', amount: 175_000_00, phone: '254712345678' },
    });
    await recordAudit(ctx.database.db, desk, {
      action: 'claim.declined',
      entityType: 'claim',
      entityId: 42,
      details: { claimRef: 'CLM-2026-000042', reason: 'Not covered: racing on a track.' },
    });

    const [declined, payout, approved] = await read('en');
    expect(approved).toMatchObject({
      at: expect.any(String),
      actor: { userId: underwriterId, email: 'underwriter.apa@bimaportal.co.ke', role: 'underwriter' },
      summary: 'Approved claim CLM-2026-000041: KES 175,000 to pay (KES 200,000 less the excess KES 25,000)',
      changes: [
        { what: 'Amount to pay', before: null, after: 'KES 175,000' },
        { what: 'Documents waived', before: null, after: 'Police abstract with its OB number' },
      ],
    });
    expect(payout).toMatchObject({
      summary: 'Sent the payout of claim CLM-2026-000041: KES 175,000 to 0712 345 678 (M-Pesa)',
      changes: [{ what: 'Payout', before: null, after: 'Waiting for M-Pesa' }],
    });
    expect(declined).toMatchObject({
      summary: 'Declined claim CLM-2026-000042',
      changes: [{ what: 'Reason', before: null, after: 'Not covered: racing on a track.' }],
    });

    const [, , inSwahili] = await read('sw');
    expect(inSwahili).toMatchObject({
      summary:
        'Aliidhinisha dai CLM-2026-000041: KES 175,000 zitalipwa (KES 200,000 ukiondoa kiasi cha ziada KES 25,000)',
      changes: [
        { what: 'Kiasi cha kulipwa', after: 'KES 175,000' },
        { what: 'Nyaraka zilizoachiliwa', after: 'Ripoti ya polisi (police abstract) yenye nambari ya OB' },
      ],
    });
  });
});
