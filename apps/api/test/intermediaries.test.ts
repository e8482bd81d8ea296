import { COMMISSION_MESSAGES, INTERMEDIARY_MESSAGES, STAFF_MESSAGES } from '@bima/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_STAFF_PASSWORD } from '../src/modules/staff/seed-data';
import { buildTestApp } from './helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const ACTIVE_SAMPLE_NAMES = [
  'Pwani Cover Agency',
  'Rift Valley Risk Advisers',
  'Savannah Insurance Brokers',
  'Tana Insurance Brokers',
  'Wanjiku Njoroge Insurance Agency',
];

const namesOf = (items: Array<{ intermediaryNames: string }>) => items.map((item) => item.intermediaryNames);

describe('the intermediary directory for clients', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => ctx.app.close());

  it('lists only ACTIVE intermediaries, by name, as a plain list with the spec’s fields', async () => {
    const { status, body } = await send(ctx, 'underwriting/quotation/listIntermediaries');
    expect(status).toBe(200);
    expect(namesOf(body.result.data)).toEqual(ACTIVE_SAMPLE_NAMES);
    const savannah = body.result.data.find(
      (item: { intermediaryNames: string }) => item.intermediaryNames === 'Savannah Insurance Brokers',
    );
    expect(savannah).toEqual({
      id: await firmId(ctx, FIRM.savannah),
      status: 'ACTIVE',
      intermediaryNames: 'Savannah Insurance Brokers',
      primaryEmail: 'info@savannah-brokers.example',
      phone: '+254711000101',
      profileImage: '/images/intermediaries/savannah-brokers.svg',
      category: 'BROKER',
      iraLicenceNumber: 'IRA/BRK/SAMPLE/0101',
    });
    const categories = new Set(body.result.data.map((item: { category: string }) => item.category));
    expect(categories).toEqual(new Set(['BROKER', 'AGENT']));
    // A firm without a logo answers null: the web app shows the default logo.
    expect(body.result.data.some((item: { profileImage: string | null }) => item.profileImage === null)).toBe(
      true,
    );
  });

  it('answers a page object when paging is asked for', async () => {
    const { body } = await send(ctx, 'underwriting/quotation/listIntermediaries', { page: 2, pageSize: 2 });
    expect(body.result.data).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(namesOf(body.result.data.items)).toEqual(ACTIVE_SAMPLE_NAMES.slice(2, 4));
  });

  it('searches name and e-mail case-insensitively and trimmed, and phone by its digits', async () => {
    const search = async (text: string) =>
      namesOf(
        (await send(ctx, 'underwriting/quotation/listIntermediaries', { search: text })).body.result.data,
      );
    expect(await search('  SAVANNAH ')).toEqual(['Savannah Insurance Brokers']);
    expect(await search('brokers')).toEqual(['Savannah Insurance Brokers', 'Tana Insurance Brokers']);
    expect(await search('QUOTES@riftvalley')).toEqual(['Rift Valley Risk Advisers']);
    for (const phone of ['0722 000 202', '+254722000202', '254 722-000-202', '722000']) {
      expect(await search(phone), phone).toEqual(['Tana Insurance Brokers']);
    }
    // Not the PENDING or SUSPENDED firms, whatever the search.
    expect(await search('Kilima')).toEqual([]);
    expect(await search('0777000707')).toEqual([]);
    // LIKE wildcards are taken literally.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('answers one ACTIVE firm with its details, and 404 for any other', async () => {
    const id = await firmId(ctx, FIRM.njoroge);
    const { status, body } = await send(ctx, 'underwriting/quotation/getIntermediary', { id });
    expect(status).toBe(200);
    expect(body.result.data).toMatchObject({
      id,
      intermediaryNames: 'Wanjiku Njoroge Insurance Agency',
      category: 'AGENT',
      status: 'ACTIVE',
      systemRef: FIRM.njoroge,
      physicalAddress: 'Kenyatta Highway, Thika',
      description: expect.stringContaining('Sample'),
      isSampleData: true,
    });
    for (const other of [
      await firmId(ctx, FIRM.kilimaPending),
      await firmId(ctx, FIRM.barakaSuspended),
      999_999,
    ]) {
      const missing = await send(ctx, 'underwriting/quotation/getIntermediary', { id: other });
      expect(missing.status).toBe(404);
      expect(missing.body.err_msg).toBe(INTERMEDIARY_MESSAGES.notFound);
    }
    for (const bad of [{}, { id: 'abc' }, { id: -1 }, { id: 1.5 }]) {
      const response = await send(ctx, 'underwriting/quotation/getIntermediary', bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.body.err_msg).toBe('Intermediary id is required.');
    }
    for (const bad of [{ page: 0 }, { pageSize: 101 }, { search: 'x'.repeat(101) }]) {
      expect((await send(ctx, 'underwriting/quotation/listIntermediaries', bad)).status).toBe(400);
    }
  });
});

describe('intermediaries for admins', () => {
  let ctx: Ctx;
  let admin: Headers;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100' } });
    admin = (await signInAs(ctx, SAMPLE.admin)).headers;
  });
  afterAll(() => ctx.app.close());

  const publicNames = async () =>
    namesOf((await send(ctx, 'underwriting/quotation/listIntermediaries')).body.result.data);
  const helpFormNames = async () =>
    namesOf((await send(ctx, 'underwriting/quotation/helpEntities')).body.result.data.intermediaries);

  it('lists every firm whatever its status, paged, by status, category and search', async () => {
    const all = await send(ctx, 'admin/intermediary/listIntermediaries', { pageSize: 50 }, admin);
    expect(all.body.result.data.total).toBeGreaterThanOrEqual(7);
    const statuses = new Set(all.body.result.data.items.map((item: { status: string }) => item.status));
    expect(statuses).toEqual(new Set(['ACTIVE', 'PENDING', 'SUSPENDED']));
    const suspended = await send(
      ctx,
      'admin/intermediary/listIntermediaries',
      { status: 'SUSPENDED' },
      admin,
    );
    expect(suspended.body.result.data.items).toEqual([
      expect.objectContaining({
        intermediaryNames: 'Baraka Insurance Agency',
        suspendedReason: expect.any(String),
        isSampleData: true,
        userCount: 0,
      }),
    ]);
    const agents = await send(ctx, 'admin/intermediary/listIntermediaries', { category: 'AGENT' }, admin);
    for (const item of agents.body.result.data.items) expect(item.category).toBe('AGENT');
    const savannah = await send(ctx, 'admin/intermediary/listIntermediaries', { search: 'savannah' }, admin);
    expect(savannah.body.result.data.items[0]).toMatchObject({ systemRef: FIRM.savannah, userCount: 1 });
    const paged = await send(ctx, 'admin/intermediary/listIntermediaries', { page: 2, pageSize: 3 }, admin);
    expect(paged.body.result.data).toMatchObject({ page: 2, pageSize: 3 });
    expect(paged.body.result.data.items).toHaveLength(3);
    for (const bad of [{ status: 'GONE' }, { category: 'BANK' }, { page: -1 }]) {
      expect((await send(ctx, 'admin/intermediary/listIntermediaries', bad, admin)).status).toBe(400);
    }
  });

  it('registers a firm as PENDING, with clear messages; it is listed once approved', async () => {
    const empty = await send(ctx, 'admin/intermediary/createIntermediary', {}, admin);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'intermediaryNames', message: INTERMEDIARY_MESSAGES.namesRequired },
        { field: 'category', message: INTERMEDIARY_MESSAGES.categoryRequired },
        { field: 'primaryEmail', message: 'Email address is required' },
        { field: 'phone', message: INTERMEDIARY_MESSAGES.phoneRequired },
        { field: 'iraLicenceNumber', message: INTERMEDIARY_MESSAGES.licenceRequired },
        { field: 'physicalAddress', message: INTERMEDIARY_MESSAGES.addressRequired },
      ]),
    );
    const firm = {
      intermediaryNames: 'Mlima Insurance Brokers',
      category: 'BROKER',
      primaryEmail: 'Info@Mlima-Brokers.example',
      phone: '0788 000 808',
      iraLicenceNumber: 'IRA/BRK/TEST/0808',
      physicalAddress: 'Kimathi Street, Nyeri',
    };
    const badPhone = await send(
      ctx,
      'admin/intermediary/createIntermediary',
      { ...firm, phone: '12345' },
      admin,
    );
    expect(badPhone.body.errors).toContainEqual({
      field: 'phone',
      message: INTERMEDIARY_MESSAGES.phoneInvalid,
    });

    const created = await send(ctx, 'admin/intermediary/createIntermediary', firm, admin);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.result.data).toMatchObject({
      status: 'PENDING',
      primaryEmail: 'info@mlima-brokers.example',
      phone: '+254788000808',
      profileImage: null,
      isSampleData: false,
      systemRef: expect.stringMatching(/^INT-/),
    });
    const id = created.body.result.data.id as number;
    expect((await send(ctx, 'admin/intermediary/createIntermediary', firm, admin)).status).toBe(409);
    expect(await publicNames()).not.toContain('Mlima Insurance Brokers');

    const approved = await send(ctx, 'admin/intermediary/approveIntermediary', { id }, admin);
    expect(approved.body.result.data.status).toBe('ACTIVE');
    expect(await publicNames()).toContain('Mlima Insurance Brokers');
    const again = await send(ctx, 'admin/intermediary/approveIntermediary', { id }, admin);
    expect(again.status).toBe(409);
    expect(again.body.err_msg).toBe(INTERMEDIARY_MESSAGES.cannotApprove);
    expect((await send(ctx, 'admin/intermediary/approveIntermediary', { id: 999_999 }, admin)).status).toBe(
      404,
    );
  });

  it('suspension hides the firm, ends its users’ sessions at once and refuses their sign-in until approved', async () => {
    const tana = await firmId(ctx, FIRM.tana);
    const broker = await signInAs(ctx, SAMPLE.brokerB);
    expect((await send(ctx, 'intermediary/request/listRequests', {}, broker.headers)).status).toBe(200);

    const noReason = await send(ctx, 'admin/intermediary/suspendIntermediary', { id: tana }, admin);
    expect(noReason.status).toBe(400);
    expect(noReason.body.err_msg).toBe(INTERMEDIARY_MESSAGES.reasonRequired);
    const shortReason = await send(
      ctx,
      'admin/intermediary/suspendIntermediary',
      { id: tana, reason: 'no' },
      admin,
    );
    expect(shortReason.body.err_msg).toBe(INTERMEDIARY_MESSAGES.reasonLength);

    const suspended = await send(
      ctx,
      'admin/intermediary/suspendIntermediary',
      { id: tana, reason: 'Licence under review' },
      admin,
    );
    expect(suspended.status).toBe(200);
    expect(suspended.body.result.data).toMatchObject({
      status: 'SUSPENDED',
      suspendedReason: 'Licence under review',
      suspendedAt: expect.any(String),
    });
    expect(await publicNames()).not.toContain('Tana Insurance Brokers');
    expect(await helpFormNames()).not.toContain('Tana Insurance Brokers');
    expect((await send(ctx, 'underwriting/quotation/getIntermediary', { id: tana })).status).toBe(404);

    // The broker's token and refresh token stop at once; sign-in is refused with the reason.
    expect((await send(ctx, 'intermediary/request/listRequests', {}, broker.headers)).status).toBe(403);
    expect((await send(ctx, 'staff/account/getProfile', {}, broker.headers)).status).toBe(403);
    expect((await send(ctx, 'user/auth/refreshToken', { refreshToken: broker.refreshToken })).status).toBe(
      403,
    );
    const login = await send(ctx, 'user/auth/login', {
      username: SAMPLE.brokerB,
      password: SAMPLE_STAFF_PASSWORD,
    });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ err_code: 2, err_msg: STAFF_MESSAGES.firmSuspended });

    const twice = await send(
      ctx,
      'admin/intermediary/suspendIntermediary',
      { id: tana, reason: 'Again please' },
      admin,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.err_msg).toBe(INTERMEDIARY_MESSAGES.cannotSuspend);
    const pending = await firmId(ctx, FIRM.kilimaPending);
    expect(
      (
        await send(
          ctx,
          'admin/intermediary/suspendIntermediary',
          { id: pending, reason: 'Not active yet' },
          admin,
        )
      ).status,
    ).toBe(409);

    const log = await send(ctx, 'admin/audit/listAuditLog', { entityType: 'intermediary' }, admin);
    expect(log.body.result.data.items[0]).toMatchObject({
      action: 'admin/intermediary/suspendIntermediary',
      entityId: String(tana),
      actor: { email: SAMPLE.admin },
      details: { from: 'ACTIVE', to: 'SUSPENDED', reason: 'Licence under review', sessionsRevoked: 1 },
      summary: 'Suspended the intermediary Tana Insurance Brokers',
      changes: [
        { what: 'Status', before: 'Active', after: 'Suspended' },
        { what: 'Reason', before: null, after: 'Licence under review' },
      ],
    });

    expect((await send(ctx, 'admin/intermediary/approveIntermediary', { id: tana }, admin)).status).toBe(200);
    expect(await publicNames()).toContain('Tana Insurance Brokers');
    const approvedLog = await send(
      ctx,
      'admin/audit/listAuditLog',
      { action: 'admin/intermediary/approveIntermediary' },
      { ...admin, 'accept-language': 'sw' },
    );
    expect(approvedLog.body.result.data.items[0]).toMatchObject({
      actor: { email: SAMPLE.admin, role: 'admin' },
      at: expect.any(String),
      summary: 'Aliidhinisha mpatanishi Tana Insurance Brokers',
      changes: [{ what: 'Hali', before: 'Imesimamishwa', after: 'Hai' }],
    });
    expect((await signInAs(ctx, SAMPLE.brokerB)).headers.accesstoken).toBeTruthy();
    // The sessions revoked by the suspension stay revoked.
    expect((await send(ctx, 'staff/account/getProfile', {}, broker.headers)).status).toBe(403);
  });
});

describe('commission rates', () => {
  let ctx: Ctx;
  let admin: Headers;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100' } });
    admin = (await signInAs(ctx, SAMPLE.admin)).headers;
  });
  afterAll(() => ctx.app.close());

  it('lists the sample rates with their caps, marked as sample figures', async () => {
    const { body } = await send(ctx, 'admin/commission/listRates', {}, admin);
    expect(body.result.data.disclaimer).toBe('Sample figures, not legal advice.');
    expect(
      body.result.data.items.map(
        (rate: { classCode: string; rateBps: number; capBps: number; cap: string }) => [
          rate.classCode,
          rate.rateBps,
          rate.capBps,
          rate.cap,
        ],
      ),
    ).toEqual([
      ['03', 2000, 2000, '20%'],
      ['04', 1000, 1000, '10%'],
      ['05', 2000, 2000, '20%'],
      ['07', 1000, 1000, '10%'],
      ['08', 1000, 1000, '10%'],
    ]);
    for (const rate of body.result.data.items) expect(rate.isSampleData).toBe(true);
  });

  it('sets a rate up to the cap, refuses one above it (400) and records the change', async () => {
    const lowered = await send(ctx, 'admin/commission/setRate', { classCode: '07', rateBps: 750 }, admin);
    expect(lowered.status).toBe(200);
    expect(lowered.body.result.data).toMatchObject({
      classCode: '07',
      rateBps: 750,
      rate: '7.5%',
      capBps: 1000,
    });
    const atCap = await send(ctx, 'admin/commission/setRate', { classCode: '03', rateBps: 2000 }, admin);
    expect(atCap.status).toBe(200);

    const above = await send(ctx, 'admin/commission/setRate', { classCode: '07', rateBps: 1001 }, admin);
    expect(above.status).toBe(400);
    expect(above.body.err_msg).toBe('The commission rate cannot exceed the cap of 10% for this class.');
    expect(above.body.errors).toEqual([{ field: 'rateBps', message: COMMISSION_MESSAGES.aboveCap(1000) }]);
    const fire = await send(ctx, 'admin/commission/setRate', { classCode: '03', rateBps: 2500 }, admin);
    expect(fire.body.err_msg).toBe('The commission rate cannot exceed the cap of 20% for this class.');

    const unknown = await send(ctx, 'admin/commission/setRate', { classCode: 'L1', rateBps: 100 }, admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.err_msg).toBe(COMMISSION_MESSAGES.classNotFound);
    for (const [data, message] of [
      [{ classCode: '07' }, COMMISSION_MESSAGES.rateRequired],
      [{ classCode: '07', rateBps: -1 }, COMMISSION_MESSAGES.rateRange],
      [{ classCode: '07', rateBps: 12.5 }, COMMISSION_MESSAGES.rateRange],
      [{ classCode: '07', rateBps: '900' }, COMMISSION_MESSAGES.rateRequired],
      [{ rateBps: 900 }, COMMISSION_MESSAGES.classRequired],
    ] as const) {
      const response = await send(ctx, 'admin/commission/setRate', data, admin);
      expect(response.status, JSON.stringify(data)).toBe(400);
      expect(response.body.err_msg).toBe(message);
    }

    const rates = await send(ctx, 'admin/commission/listRates', {}, admin);
    expect(
      rates.body.result.data.items.find((rate: { classCode: string }) => rate.classCode === '07'),
    ).toMatchObject({ rateBps: 750 });
    const log = await send(ctx, 'admin/audit/listAuditLog', { action: 'admin/commission/setRate' }, admin);
    expect(log.body.result.data.total).toBe(2);
    expect(log.body.result.data.items[1]).toMatchObject({
      entityType: 'commission_rate',
      entityId: '07',
      details: { fromBps: 1000, toBps: 750, capBps: 1000 },
      actor: { email: SAMPLE.admin, role: 'admin' },
      at: expect.any(String),
      summary: expect.stringMatching(/^Changed the commission rate of .+: 10\.0 % → 7\.5 %$/),
      changes: [{ what: expect.stringMatching(/^Commission rate of /), before: '10.0 %', after: '7.5 %' }],
    });
  });

  it('pages the audit log, newest first', async () => {
    const first = await send(ctx, 'admin/audit/listAuditLog', { page: 1, pageSize: 1 }, admin);
    expect(first.body.result.data).toMatchObject({ page: 1, pageSize: 1 });
    expect(first.body.result.data.items).toHaveLength(1);
    const second = await send(ctx, 'admin/audit/listAuditLog', { page: 2, pageSize: 1 }, admin);
    expect(second.body.result.data.items[0].id).toBeLessThan(first.body.result.data.items[0].id);
    expect((await send(ctx, 'admin/audit/listAuditLog', { pageSize: 0 }, admin)).status).toBe(400);
  });
});
