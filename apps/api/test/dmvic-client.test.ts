import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DmvicClient } from '../src/dmvic/client';
import { type DmvicCertificateRequest, DmvicError } from '../src/dmvic/port';
import { SAMPLE_REGISTER } from '../src/dmvic/sample-register';
import {
  DMVIC_SIMULATOR_CREDENTIALS,
  type DmvicSimulator,
  startDmvicSimulator,
} from '../src/dmvic/simulator';

/** The real client against the local simulator, over HTTP. */
let simulator: DmvicSimulator;
let client: DmvicClient;
let clockMs: number;
const now = () => new Date(clockMs);

const kenyaDay = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);
const inDays = (days: number) => kenyaDay(clockMs + days * 86_400_000);

const newClient = (timeoutMs = 2_000) =>
  new DmvicClient({ baseUrl: simulator.baseUrl, ...DMVIC_SIMULATOR_CREDENTIALS, timeoutMs, now });

beforeEach(async () => {
  clockMs = Date.parse('2026-03-10T07:00:00Z');
  simulator = await startDmvicSimulator({ now, slowAnswerMs: 4_000, maxLoginsPerHour: 5 });
  // Short enough for the timeout plate, long enough for a loaded machine.
  client = newClient(1_500);
});
afterEach(async () => {
  client.close();
  await simulator.close();
});

const request = (overrides: Partial<DmvicCertificateRequest> = {}): DmvicCertificateRequest => ({
  type: 'C',
  memberCompanyId: 49,
  policyNumber: 'BIMA/MPV/000123',
  commencingDate: inDays(0),
  expiringDate: inDays(364),
  registrationNumber: 'KDG 321Q',
  chassisNumber: 'NZE161-3012345',
  insuredName: 'Wanjiru Kamau',
  phoneNumber: '0712 345 678',
  email: 'wanjiru@example.co.ke',
  coverType: 200,
  bodyType: 'Saloon',
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<DmvicError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DmvicError);
  return error as DmvicError;
}

describe('DMVIC client: the token', () => {
  it('logs in once and reuses the token across calls', async () => {
    await client.searchVehicle('KDJ 501A');
    await client.memberCompanyStock(49);
    await client.validateInsurance({ registrationNumber: 'KDJ501A' });
    expect(simulator.logins()).toBe(1);
    expect(client.loginCount).toBe(1);
  });

  it('shares one login among concurrent calls', async () => {
    await Promise.all([
      client.searchVehicle('KDJ501A'),
      client.searchVehicle('KCY218B'),
      client.memberCompanyStock(49),
    ]);
    expect(simulator.logins()).toBe(1);
  });

  it('logs in again when the token has expired by its own date', async () => {
    await client.memberCompanyStock(49);
    clockMs += 8 * 86_400_000;
    await client.memberCompanyStock(49);
    expect(simulator.logins()).toBe(2);
  });

  it('on a 401 logs in again and retries once, and the call succeeds', async () => {
    await client.memberCompanyStock(49);
    const vehicle = await client.searchVehicle('KDV 005X'); // the expired-token plate
    expect(vehicle?.registrationNumber).toBe('KDV005X');
    expect(simulator.logins()).toBe(2);
  });

  it('a second 401 after the fresh login fails clearly', async () => {
    await client.memberCompanyStock(49);
    simulator.rejectTokens(2);
    const error = await refusal(client.memberCompanyStock(49));
    expect(error.code).toBe('TOKEN_EXPIRED');
    expect(simulator.logins()).toBe(2);
  });

  it('too many logins lock the account: ACCOUNT_LOCKED, and the account-locked plate says the same', async () => {
    for (let attempt = 0; attempt < 5; attempt++) await newClient().memberCompanyStock(49);
    const error = await refusal(newClient().memberCompanyStock(49));
    expect(error.code).toBe('ACCOUNT_LOCKED');
    expect(error.retryable).toBe(true);
    simulator.unlock();
    expect((await refusal(client.searchVehicle('KDV006X'))).code).toBe('ACCOUNT_LOCKED');
  });

  it('wrong credentials are a clear refusal, not a crash', async () => {
    const wrong = new DmvicClient({
      ...DMVIC_SIMULATOR_CREDENTIALS,
      password: 'nope',
      baseUrl: simulator.baseUrl,
      now,
    });
    const error = await refusal(wrong.memberCompanyStock(49));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toMatch(/Incorrect Username or Password/);
    // Each refused login counts towards DMVIC's lock: the next calls do not log in again for a while.
    expect((await refusal(wrong.searchVehicle('KDJ501A'))).message).toMatch(/Incorrect Username or Password/);
    expect(simulator.logins()).toBe(1);
    clockMs += 5 * 60_000 + 1_000;
    await refusal(wrong.memberCompanyStock(49));
    expect(simulator.logins()).toBe(2);
    wrong.close();
  });
});

describe('DMVIC client: vehicle search', () => {
  it('answers a sample plate from the register, without the owner', async () => {
    const vehicle = await client.searchVehicle('kbz 409d');
    const lorry = SAMPLE_REGISTER.find((entry) => entry.registrationNumber === 'KBZ409D')!;
    expect(vehicle).toEqual({
      registrationNumber: 'KBZ409D',
      make: lorry.make,
      model: lorry.model,
      yearOfManufacture: lorry.yearOfManufacture,
      chassisNumber: lorry.chassisNumber,
      engineNumber: lorry.engineNumber,
      bodyType: 'LORRY',
      vehicleClass: 'commercial',
      engineCapacity: 7500,
      fuelType: 'Diesel',
      colour: 'WHITE',
    });
    expect(JSON.stringify(vehicle)).not.toContain(lorry.ownerName);
    expect((await client.searchVehicle('KCT 880M'))?.vehicleClass).toBe('psv');
    expect((await client.searchVehicle('KMEA 201A'))?.vehicleClass).toBe('motorcycle');
  });

  it('gives any other well-formed plate the same generated vehicle each time', async () => {
    const first = await client.searchVehicle('KDG 123A');
    const again = await client.searchVehicle('KDG123A');
    expect(first).toEqual(again);
    expect(first?.make).not.toBe('');
    expect(first?.yearOfManufacture).toBeGreaterThan(2000);
  });

  it('answers null for a plate not in NTSA records', async () => {
    expect(await client.searchVehicle('KDV 002X')).toBeNull();
  });
});

describe('DMVIC client: failures on the sample plates', () => {
  it('double insurance names the existing cover and its end date', async () => {
    const error = await refusal(
      client.validateDoubleInsurance({
        registrationNumber: 'KDV001X',
        chassisNumber: 'X',
        commencingDate: inDays(0),
        expiringDate: inDays(364),
      }),
    );
    expect(error.code).toBe('DOUBLE_INSURANCE');
    expect(error.details.existingCover).toEqual({
      insurer: 'APA INSURANCE LIMITED',
      validTo: inDays(120),
      certificateNumber: 'C27400610',
    });
    const onIssue = await refusal(client.issueCertificate(request({ registrationNumber: 'KDV001X' })));
    expect(onIssue.code).toBe('DOUBLE_INSURANCE');
    expect(onIssue.details.existingCover?.validTo).toBe(inDays(120));
    // After that cover ends there is nothing to refuse.
    await client.validateDoubleInsurance({
      registrationNumber: 'KDV001X',
      chassisNumber: 'X',
      commencingDate: inDays(121),
      expiringDate: inDays(364),
    });
  });

  it('not in NTSA records → NTSA_NOT_FOUND', async () => {
    const error = await refusal(client.validateCertificate(request({ registrationNumber: 'KDV002X' })));
    expect(error.code).toBe('NTSA_NOT_FOUND');
    expect(error.retryable).toBe(false);
  });

  it('a registration/chassis mismatch names the chassis', async () => {
    const error = await refusal(client.issueCertificate(request({ registrationNumber: 'KDV003X' })));
    expect(error.code).toBe('NTSA_MISMATCH');
    expect(error.details.field).toBe('chassisNumber');
    // A sample plate with another chassis than its logbook's: the same.
    const fielder = await refusal(client.validateCertificate(request({ registrationNumber: 'KDJ501A' })));
    expect(fielder.code).toBe('NTSA_MISMATCH');
    await client.validateCertificate(
      request({ registrationNumber: 'KDJ501A', chassisNumber: 'NZE161-7012345' }),
    );
  });

  it('no stock → NO_STOCK, for the no-stock plate and for an insurer whose stock ran out', async () => {
    expect((await refusal(client.issueCertificate(request({ registrationNumber: 'KDV004X' })))).code).toBe(
      'NO_STOCK',
    );
    simulator.setStock(49, 'C', 0);
    const error = await refusal(client.issueCertificate(request()));
    expect(error.code).toBe('NO_STOCK');
    expect(error.retryable).toBe(true);
    // Another insurer, or another type, still issues.
    await client.issueCertificate(request({ memberCompanyId: 50 }));
  });

  it('a coverage gap holds the issue (COVERAGE_GAP, the days and the request id) until it is confirmed', async () => {
    const error = await refusal(client.issueCertificate(request({ registrationNumber: 'KDV 009X' })));
    expect(error.code).toBe('COVERAGE_GAP');
    expect(error.retryable).toBe(false);
    expect(error.details.gapDays).toBe(7);
    expect(error.details.issuanceRequestId).toMatch(/^UAT-/);
    expect(simulator.issued()).toEqual([]);
    const issued = await client.confirmCertificateIssuance(error.details.issuanceRequestId!);
    expect(issued.certificateNumber).toMatch(/^C\d{8}$/);
    expect(
      (await client.validateInsurance({ certificateNumber: issued.certificateNumber }))?.registrationNumber,
    ).toBe('KDV009X');
    // A request id DMVIC does not hold (or one already confirmed) is refused.
    const again = await refusal(client.confirmCertificateIssuance(error.details.issuanceRequestId!));
    expect(again.code).toBe('INVALID_REQUEST');
  });

  it('no answer in time → TIMEOUT; a 5xx → UNAVAILABLE', async () => {
    const timeout = await refusal(client.searchVehicle('KDV007X'));
    expect(timeout.code).toBe('TIMEOUT');
    const server = await refusal(client.issueCertificate(request({ registrationNumber: 'KDV008X' })));
    expect(server.code).toBe('UNAVAILABLE');
  });

  it('DMVIC down answers UNAVAILABLE (503) or TIMEOUT until it is back', async () => {
    await client.memberCompanyStock(49);
    simulator.goDown();
    expect((await refusal(client.memberCompanyStock(49))).code).toBe('UNAVAILABLE');
    simulator.goDown('timeout');
    expect((await refusal(client.memberCompanyStock(49))).code).toBe('TIMEOUT');
    simulator.goUp();
    expect(await client.memberCompanyStock(49)).toHaveLength(4);
  });
});

describe('DMVIC client: issue, verify, cancel, stock', () => {
  it('issues a certificate that ValidateInsurance then finds, by number and by plate, and whose PDF downloads', async () => {
    const issued = await client.issueCertificate(request());
    expect(issued.certificateNumber).toMatch(/^C\d{8}$/);
    expect(issued.transactionNumber).not.toBe('');
    const cover = {
      certificateNumber: issued.certificateNumber,
      registrationNumber: 'KDG321Q',
      insurer: 'MEMBER COMPANY 49',
      type: 'C',
      validFrom: inDays(0),
      validTo: inDays(364),
      status: 'active',
    };
    expect(await client.validateInsurance({ certificateNumber: issued.certificateNumber })).toEqual(cover);
    expect(await client.validateInsurance({ registrationNumber: 'KDG 321Q' })).toEqual(cover);
    expect(await client.validateInsurance({ certificateNumber: 'C00000000' })).toBeNull();
    const pdf = await client.getCertificatePdf(issued.certificateNumber);
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.from(pdf).toString('latin1')).toContain(issued.certificateNumber);
    // What DMVIC received: 9-digit phone, the plate without the engine number, dd/MM/yyyy dates.
    expect(simulator.issued()[0]).toMatchObject({
      registrationNumber: 'KDG321Q',
      policyNumber: 'BIMA/MPV/000123',
    });
  });

  it('refuses a second overlapping certificate for the same plate as double insurance', async () => {
    const first = await client.issueCertificate(request());
    const error = await refusal(client.issueCertificate(request({ policyNumber: 'BIMA/MPV/000124' })));
    expect(error.code).toBe('DOUBLE_INSURANCE');
    expect(error.details.existingCover).toEqual({
      insurer: 'MEMBER COMPANY 49',
      validTo: inDays(364),
      certificateNumber: first.certificateNumber,
    });
  });

  it('cancels within 6 hours; after 6 hours DMVIC answers CANCEL_WINDOW_PASSED (ER0010)', async () => {
    const early = await client.issueCertificate(request());
    clockMs += 5 * 3_600_000;
    await client.cancelCertificate(early.certificateNumber, 'notTakenUp');
    expect((await client.validateInsurance({ certificateNumber: early.certificateNumber }))?.status).toBe(
      'cancelled',
    );
    expect(simulator.issued()[0]?.cancelReasonId).toBe(14);

    const late = await client.issueCertificate(request({ registrationNumber: 'KDG 999Q' }));
    clockMs += 6 * 3_600_000 + 60_000;
    const error = await refusal(client.cancelCertificate(late.certificateNumber, 'clientRequest'));
    expect(error.code).toBe('CANCEL_WINDOW_PASSED');
    expect(error.details.dmvicCode).toBe('ER0010');
  });

  it('MemberCompanyStock decreases with each certificate issued', async () => {
    const before = await client.memberCompanyStock(49);
    expect(before.map((entry) => entry.type)).toEqual(['A', 'B', 'C', 'D']);
    const privateBefore = before.find((entry) => entry.type === 'C')!.remaining;
    await client.issueCertificate(request());
    const after = await client.memberCompanyStock(49);
    expect(after.find((entry) => entry.type === 'C')!.remaining).toBe(privateBefore - 1);
    expect(after.find((entry) => entry.type === 'B')!.remaining).toBe(
      before.find((entry) => entry.type === 'B')!.remaining,
    );
  });

  it('issues each type with the fields DMVIC requires of it', async () => {
    await client.issueCertificate(
      request({
        type: 'A',
        registrationNumber: 'KCT880M',
        chassisNumber: 'VW6E25-012345',
        passengers: 14,
        bodyType: 'MINI BUS',
      }),
    );
    await client.issueCertificate(
      request({
        type: 'B',
        registrationNumber: 'KBZ409D',
        chassisNumber: 'FH215J-540321',
        passengers: 3,
        tonnage: 10,
        commercialUse: 'generalCartage',
        coverType: 100,
        sumInsured: 2_500_000,
        bodyType: 'LORRY',
      }),
    );
    await client.issueCertificate(
      request({
        type: 'D',
        registrationNumber: 'KMEA201A',
        chassisNumber: 'MD2A21BZ5MWB12345',
        passengers: 1,
        bodyType: 'MOTOR CYCLE',
      }),
    );
    expect(simulator.issued().map((certificate) => certificate.type)).toEqual(['D', 'B', 'A']);
  });

  it('refuses before sending what DMVIC would refuse, naming the field', async () => {
    const cases: Array<[Partial<DmvicCertificateRequest>, string]> = [
      [{ phoneNumber: '12345' }, 'phoneNumber'],
      [{ email: 'wanjiru+cover@example.co.ke' }, 'email'],
      [{ coverType: 100, sumInsured: null }, 'sumInsured'],
      [{ type: 'B', passengers: 2 }, 'tonnage'],
      [{ bodyType: '' }, 'bodyType'],
    ];
    for (const [overrides, field] of cases) {
      const error = await refusal(client.validateCertificate(request(overrides)));
      expect([error.code, error.details.field]).toEqual(['INVALID_REQUEST', field]);
    }
    // DMVIC's own date rule (not in the past), named by its field.
    const past = await refusal(client.validateCertificate(request({ commencingDate: inDays(-2) })));
    expect([past.code, past.details.field]).toEqual(['INVALID_REQUEST', 'commencingDate']);
    expect(simulator.logins()).toBe(1);
  });

  it('sends the engine number only when there is no registration', async () => {
    const issued = await client.issueCertificate(
      request({ registrationNumber: '', engineNumber: '1NZ-9876543' }),
    );
    expect(simulator.issued()[0]).toMatchObject({
      certificateNumber: issued.certificateNumber,
      registrationNumber: '',
      engineNumber: '1NZ-9876543',
    });
  });
});
