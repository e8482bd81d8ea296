import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { kenyaToday } from '../lib/dates';
import type { DmvicCertificateType } from './port';
import {
  EXISTING_COVER_INSURER,
  FAILURE_PLATES,
  type FailurePlate,
  isSamplePlate,
  type RegisterEntry,
  registerRecord,
  SIMULATOR_PLATE,
} from './sample-register';

/**
 * A local stand-in for DMVIC speaking its HTTP protocol (the login and its token, the V5
 * intermediary endpoints, DMVIC's `{Inputs, callbackObj, success, Error[], APIRequestNumber}`
 * envelope and error texts), so the real client (`client.ts`) runs and is tested offline. It keeps
 * in memory the certificates it issued, each insurer's stock per type, the tokens it gave and the
 * logins it saw (too many in an hour lock the account, as DMVIC's do). Its register is
 * `sample-register.ts`: the README's sample plates, the failure plates, and generated details for
 * any other well-formed plate. Plain HTTP unless `tls` is given (then it asks for the client's
 * certificate, as DMVIC does).
 */

/** The credentials the simulator accepts (and the server uses when no DMVIC_* is configured). */
export const DMVIC_SIMULATOR_CREDENTIALS = {
  username: 'simulator-user',
  password: 'simulator-password',
  clientId: 'simulator-client-id',
};

export interface DmvicSimulatorOptions {
  username?: string;
  password?: string;
  clientId?: string;
  /** The simulator's clock (issue times, the 6-hour cancellation window, token expiry, "today"). */
  now?: () => Date;
  /** How long a token lives (DMVIC's: 7 days). */
  tokenTtlMs?: number;
  /** Logins allowed in an hour before the account is locked. */
  maxLoginsPerHour?: number;
  /** How long a locked account stays locked. */
  lockMs?: number;
  /** Stock each insurer starts with per certificate type. */
  defaultStock?: number;
  /** How late the timeout plate (and `goDown('timeout')`) answers: longer than the client waits. */
  slowAnswerMs?: number;
  /** Mutual TLS: the server's certificate and key, and the CA the client's certificate must chain to. */
  tls?: { cert: string | Buffer; key: string | Buffer; ca: string | Buffer };
  log?: (message: string, detail?: unknown) => void;
}

export interface SimulatedCertificate {
  certificateNumber: string;
  transactionNumber: string;
  type: DmvicCertificateType;
  memberCompanyId: number;
  insurer: string;
  policyNumber: string;
  registrationNumber: string;
  chassisNumber: string;
  engineNumber: string;
  insuredName: string;
  email: string;
  /** YYYY-MM-DD. */
  commencingDate: string;
  expiringDate: string;
  coverType: number;
  sumInsured: number | null;
  issuedAt: Date;
  status: 'active' | 'cancelled';
  cancelReasonId: number | null;
}

export interface DmvicSimulator {
  app: FastifyInstance;
  baseUrl: string;
  /** Certificates issued, newest first. */
  issued(): SimulatedCertificate[];
  /** Sets an insurer's stock of one certificate type. */
  setStock(memberCompanyId: number, type: DmvicCertificateType, count: number): void;
  stock(memberCompanyId: number, type: DmvicCertificateType): number;
  /**
   * Until `goUp`, every call answers 503 ('unavailable') or never in time ('timeout'); with a plate,
   * only the calls about that vehicle answer 503 (so one journey's outage leaves the others alone).
   */
  goDown(mode?: 'unavailable' | 'timeout', registrationNumber?: string): void;
  /** Back up: for that plate only, or (without one) everywhere. */
  goUp(registrationNumber?: string): void;
  /** The next `count` authenticated calls answer 401, as when DMVIC drops a token early. */
  rejectTokens(count: number): void;
  /** Successful and refused logins so far. */
  logins(): number;
  /** Whether too many logins locked the account; `unlock` is the administrator's fix. */
  isLocked(): boolean;
  unlock(): void;
  close(): Promise<void>;
}

const TYPES: DmvicCertificateType[] = ['A', 'B', 'C', 'D'];
const CLASSIFICATION_TITLES: Record<DmvicCertificateType, string> = {
  A: 'Class A - PSV',
  B: 'Class B - Commercial',
  C: 'Class C - Private',
  D: 'Class D - Motor Cycle',
};
const CANCEL_REASON_IDS = new Set([8, 12, 13, 14, 15, 18, 19, 20, 21, 24, 25, 26, 27, 28, 29, 30]);
const CANCEL_WINDOW_MS = 6 * 3_600_000;

const TEXT = {
  tokenInvalid: 'Token is expired or invalid',
  locked: 'Your account has been locked, Please contact your administrator.',
  wrongPassword: 'Incorrect Username or Password entered.',
  wrongUser: 'Username is Invalid.please enter correct username',
  plateInvalid: 'Vehicle Registration Number is invalid',
  notInNtsa: 'The vehicle details you entered are not found in the NTSA records.',
  ntsaMismatch: 'Please note that the details entered do not match NTSA records',
  activeCover:
    'This vehicle is already covered under an active policy. To obtain a new quote, set the cover start date after the current policy’s expiry',
  noStock: 'No Sufficient Inventory',
  noRecords: 'No Records Found',
  invalidCertificatePdf: 'Invalid CertificateNo',
  invalidCertificate: 'Certificate Number is not valid',
  cancelWindow: 'Sorry! you can not cancel the certificate since issuance time exceeded 6 hours.',
  coverageGap: 'There is a 7 days gap between the previous insurance and the proposed one',
  invalidIssuanceRequest: 'Issuance Request ID is not valid',
};

type Json = Record<string, unknown>;
interface DmvicFault {
  errorCode: string;
  errorText: string;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** DMVIC's JSON keys are case-insensitive (it is .NET): the body with its keys lower-cased. */
function lowerKeys(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key.toLowerCase(), value]));
}

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** dd/MM/yyyy (DMVIC's dates) → YYYY-MM-DD, or null. */
function fromDmvicDate(value: unknown): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text(value));
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? null : iso;
}
const toDmvicDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The same day a year later, less a day: the longest cover DMVIC issues. */
const yearLater = (iso: string) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return addDays(date.toISOString().slice(0, 10), -1);
};

const reference = (prefix: string) => {
  const letters = Array.from(randomBytes(3), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
  return `${prefix}-${letters}${randomInt(1000, 10000)}`;
};

/** A one-page PDF naming the certificate (enough for a viewer and for the portal to keep). */
export function certificatePdf(certificate: SimulatedCertificate): Buffer {
  const lines = [
    'DMVIC - Digital Motor Vehicle Insurance Certificate (SIMULATOR)',
    `Certificate ${certificate.certificateNumber} (Type ${certificate.type})`,
    `Vehicle ${certificate.registrationNumber}  Chassis ${certificate.chassisNumber}`,
    `Insurer ${certificate.insurer}  Policy ${certificate.policyNumber}`,
    `Valid ${certificate.commencingDate} to ${certificate.expiringDate}`,
    `Status ${certificate.status.toUpperCase()}`,
  ];
  const pdfText = (line: string) => line.replace(/[\\()]/g, (sign) => `\\${sign}`);
  const stream = `BT /F1 12 Tf 50 780 Td 16 TL ${lines.map((line) => `(${pdfText(line)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export async function startDmvicSimulator(
  options: DmvicSimulatorOptions = {},
  port = 0,
): Promise<DmvicSimulator> {
  const credentials = {
    username: options.username ?? DMVIC_SIMULATOR_CREDENTIALS.username,
    password: options.password ?? DMVIC_SIMULATOR_CREDENTIALS.password,
    clientId: options.clientId ?? DMVIC_SIMULATOR_CREDENTIALS.clientId,
  };
  const now = options.now ?? (() => new Date());
  const tokenTtlMs = options.tokenTtlMs ?? 7 * 86_400_000;
  const maxLoginsPerHour = options.maxLoginsPerHour ?? 20;
  const lockMs = options.lockMs ?? 30 * 60_000;
  const defaultStock = options.defaultStock ?? 10_000;
  const slowAnswerMs = options.slowAnswerMs ?? 30_000;
  const log = options.log ?? (() => {});

  const tokens = new Map<string, number>();
  const loginTimes: number[] = [];
  let loginCount = 0;
  let lockedUntil = 0;
  let down: 'unavailable' | 'timeout' | null = null;
  /** Plates whose calls answer 503 until `goUp(plate)`. */
  const downPlates = new Set<string>();
  const plateKey = (plate: string) => plate.replace(/\s+/g, '').toUpperCase();
  let tokensToReject = 0;
  /** Expired-token plate: whether its last call was the 401 (the retry then goes through). */
  const expiredPlateAnswered = new Set<string>();
  const stock = new Map<string, number>();
  const certificates: SimulatedCertificate[] = [];
  const pdfLinks = new Map<string, { certificateNumber: string; expiresAt: number }>();
  /** Requests held for a coverage gap, until ConfirmCertificateIssuance. */
  const heldRequests = new Map<
    string,
    { type: DmvicCertificateType; body: Record<string, unknown>; raw: unknown }
  >();
  const slowAnswers = new Set<() => void>();

  const app = (
    options.tls
      ? Fastify({
          logger: false,
          routerOptions: { caseSensitive: false },
          https: { ...options.tls, requestCert: true, rejectUnauthorized: true },
        })
      : Fastify({ logger: false, routerOptions: { caseSensitive: false } })
  ) as FastifyInstance;

  const stockKey = (memberCompanyId: number, type: DmvicCertificateType) => `${memberCompanyId}:${type}`;
  const stockOf = (memberCompanyId: number, type: DmvicCertificateType) =>
    stock.get(stockKey(memberCompanyId, type)) ?? defaultStock;
  const insurerName = (memberCompanyId: number) => `MEMBER COMPANY ${memberCompanyId}`;
  const today = () => kenyaToday(now());

  const envelope = (inputs: unknown, callbackObj: Json, errors: DmvicFault[] = []) => ({
    Inputs: JSON.stringify(inputs ?? {}),
    callbackObj,
    success: errors.length === 0,
    Error: errors,
    APIRequestNumber: reference('UAT'),
    DMVICRefNo: null,
  });
  const fail = (inputs: unknown, errors: DmvicFault[], callbackObj: Json = {}) =>
    envelope(inputs, callbackObj, errors);

  /** Answers only after `slowAnswerMs` (the client has given up by then), or at once when closing. */
  const slowly = (reply: FastifyReply, answer: () => unknown) =>
    new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        slowAnswers.delete(finish);
        if (!reply.sent) void reply.send(answer());
        resolve();
      };
      const timer = setTimeout(finish, slowAnswerMs);
      timer.unref();
      slowAnswers.add(finish);
    });

  const isLocked = () => lockedUntil > now().getTime();

  app.post('/api/V1/Account/Login', async (request) => {
    const body = lowerKeys(request.body);
    const clientId = text(request.headers.clientid);
    loginCount += 1;
    const at = now().getTime();
    while (loginTimes.length > 0 && loginTimes[0]! < at - 3_600_000) loginTimes.shift();
    loginTimes.push(at);
    if (loginTimes.length > maxLoginsPerHour && !isLocked()) {
      lockedUntil = at + lockMs;
      log('DMVIC simulator: too many logins, the account is locked');
    }
    if (isLocked()) return { code: -3, message: TEXT.locked };
    if (!sameText(text(body.username), credentials.username)) return { code: -6, message: TEXT.wrongUser };
    if (!sameText(text(body.password), credentials.password) || !sameText(clientId, credentials.clientId)) {
      return { code: -1, message: TEXT.wrongPassword };
    }
    const token = randomBytes(24).toString('base64url');
    const expires = at + tokenTtlMs;
    tokens.set(token, expires);
    return {
      token,
      loginUserId: 'SIMULATOR-USER',
      issueAt: new Date(at).toISOString(),
      expires: new Date(expires).toISOString(),
      code: 1,
      LoginHistoryId: loginCount,
      firstName: 'Simulated',
      lastName: 'Intermediary',
      loggedinEntityId: 1,
      ApimSubscriptionKey: null,
      IndustryTypeId: 4,
    };
  });

  /** The plate a request is about, upper case without spaces ('' when none). */
  const plateOf = (body: Record<string, unknown>) =>
    text(body.registrationnumber ?? body.vehicleregistrationnumber)
      .replace(/\s+/g, '')
      .toUpperCase();

  /**
   * Every authenticated call: down, then the token (and the client id it was given to), then what a
   * failure plate does. Answers (and returns true) when the call stops here.
   */
  const guard = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (down === 'unavailable') {
      await reply.code(503).type('text/html').send('<html><body>Service Unavailable</body></html>');
      return true;
    }
    if (down === 'timeout') {
      await slowly(reply, () => envelope(request.body, {}, [{ errorCode: 'ER500', errorText: 'Timeout' }]));
      return true;
    }
    const bearer = /^Bearer\s+(.+)$/i.exec(text(request.headers.authorization))?.[1] ?? '';
    const expiresAt = tokens.get(bearer);
    const invalid = () =>
      reply.code(401).send(fail(request.body, [{ errorCode: 'ER001', errorText: TEXT.tokenInvalid }]));
    if (
      !expiresAt ||
      expiresAt <= now().getTime() ||
      !sameText(text(request.headers.clientid), credentials.clientId)
    ) {
      await invalid();
      return true;
    }
    if (tokensToReject > 0) {
      tokensToReject -= 1;
      tokens.delete(bearer);
      await invalid();
      return true;
    }
    if (isLocked()) {
      await reply.send(fail(request.body, [{ errorCode: 'ER002', errorText: TEXT.locked }]));
      return true;
    }
    const plate = plateOf(lowerKeys(request.body));
    if (downPlates.has(plate)) {
      await reply.code(503).type('text/html').send('<html><body>Service Unavailable</body></html>');
      return true;
    }
    const failure: FailurePlate | undefined = FAILURE_PLATES[plate];
    if (failure === 'timeout') {
      await slowly(reply, () => envelope(request.body, {}));
      return true;
    }
    if (failure === 'server-error') {
      await reply.code(500).type('text/html').send('<html><body>Internal Server Error</body></html>');
      return true;
    }
    if (failure === 'account-locked') {
      await reply.send(fail(request.body, [{ errorCode: 'ER002', errorText: TEXT.locked }]));
      return true;
    }
    if (failure === 'expired-token') {
      if (!expiredPlateAnswered.has(plate)) {
        expiredPlateAnswered.add(plate);
        tokens.delete(bearer);
        await invalid();
        return true;
      }
      expiredPlateAnswered.delete(plate);
    }
    return false;
  };

  const authenticated = (
    path: string,
    handler: (body: Record<string, unknown>, raw: unknown, request: FastifyRequest) => unknown,
  ) => {
    app.post(path, async (request, reply) => {
      if (await guard(request, reply)) return reply;
      return handler(lowerKeys(request.body), request.body, request);
    });
  };

  /** The covers on a plate (or chassis) in force on some day of [from, to]: ours, and the double-insurance plate's. */
  const coversOverlapping = (plate: string, chassis: string, from: string, to: string) => {
    const covers = certificates
      .filter(
        (certificate) =>
          certificate.status === 'active' &&
          ((plate !== '' && certificate.registrationNumber === plate) ||
            (chassis !== '' && certificate.chassisNumber.toUpperCase() === chassis.toUpperCase())) &&
          certificate.commencingDate <= to &&
          certificate.expiringDate >= from,
      )
      .map((certificate) => ({
        CoverEndDate: toDmvicDate(certificate.expiringDate),
        InsuranceCertificateNo: certificate.certificateNumber,
        MemberCompanyName: certificate.insurer,
        RegistrationNumber: certificate.registrationNumber,
        ChassisNumber: certificate.chassisNumber,
        CertificateStatus: 'Active',
        InsurancePolicyNo: certificate.policyNumber,
      }));
    const existing = existingCover(plate);
    if (existing && existing.commencingDate <= to && existing.expiringDate >= from) {
      covers.push({
        CoverEndDate: toDmvicDate(existing.expiringDate),
        InsuranceCertificateNo: existing.certificateNumber,
        MemberCompanyName: existing.insurer,
        RegistrationNumber: existing.registrationNumber,
        ChassisNumber: existing.chassisNumber,
        CertificateStatus: 'Active',
        InsurancePolicyNo: existing.policyNumber,
      });
    }
    return covers;
  };

  /** The double-insurance plate's cover with another insurer: from 60 days ago to 120 days ahead. */
  const existingCover = (plate: string): SimulatedCertificate | null => {
    if (FAILURE_PLATES[plate] !== 'double-insurance') return null;
    const vehicle = registerRecord(plate)!;
    return {
      certificateNumber: 'C27400610',
      transactionNumber: 'UAT-EXT0001',
      type: 'C',
      memberCompanyId: 0,
      insurer: EXISTING_COVER_INSURER,
      policyNumber: 'APA/MPV/0001234',
      registrationNumber: plate,
      chassisNumber: vehicle.chassisNumber,
      engineNumber: vehicle.engineNumber,
      insuredName: vehicle.ownerName,
      email: 'owner@example.co.ke',
      commencingDate: addDays(today(), -60),
      expiringDate: addDays(today(), 120),
      coverType: 200,
      sumInsured: null,
      issuedAt: new Date(now().getTime() - 60 * 86_400_000),
      status: 'active',
      cancelReasonId: null,
    };
  };

  const ntsaResponse = (vehicle: RegisterEntry) => ({
    VehicleRegistrationNumber: vehicle.registrationNumber,
    ChassisNumber: vehicle.chassisNumber,
    VehicleRegistrationYear: String(vehicle.yearOfManufacture ?? ''),
    EngineNumber: vehicle.engineNumber,
    VehicleMake: vehicle.make,
    VehicleModel: vehicle.model,
    BodyType: vehicle.bodyType,
  });

  /** What DMVIC checks of a certificate request before NTSA: its own field rules. */
  const fieldErrors = (type: DmvicCertificateType, body: Record<string, unknown>): DmvicFault[] => {
    const errors: DmvicFault[] = [];
    const add = (errorCode: string, errorText: string) => errors.push({ errorCode, errorText });
    if (!Number.isInteger(Number(body.membercompanyid)) || Number(body.membercompanyid) <= 0)
      add('ER002', 'Member Company ID is not valid');
    const cover = Number(body.typeofcover);
    if (![100, 200, 300].includes(cover)) add('ER002', 'Type of Cover is not valid');
    if (!text(body.policyholder)) add('ER002', 'Policyholder is required');
    if (!text(body.policynumber)) add('ER002', 'Policy Number is required');
    const commencing = fromDmvicDate(body.commencingdate);
    const expiring = fromDmvicDate(body.expiringdate);
    if (!commencing || commencing < today() || commencing > yearLater(today()))
      add('ER004', ' Commencing Date is not valid');
    if (!expiring) add('ER003', 'Expiring Date is not valid');
    else if (commencing && expiring < commencing)
      add('ER0011', 'COMMENCING DATE should be greater than EXPIRING DATE');
    else if (commencing && expiring > yearLater(commencing))
      add('ER003', 'Expiring Date should be within a year of the Commencing Date');
    const chassis = text(body.chassisnumber);
    if (!/^[A-Za-z0-9-]{4,20}$/.test(chassis)) add('ER002', 'Chassis Number is not valid');
    const plate = plateOf(body);
    const engine = text(body.enginenumber);
    if ((plate === '') === (engine === ''))
      add('ER002', 'Provide either the Registration Number or the Engine Number, not both');
    else if (plate !== '' && !SIMULATOR_PLATE.test(plate)) add('ER002', TEXT.plateInvalid);
    if (!/^[1-9]\d{8}$/.test(text(body.phonenumber))) add('ER002', 'Phone Number is not valid');
    const email = text(body.email);
    if (!/^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(email)) add('ER002', 'Email is not valid');
    if ((cover === 100 || cover === 300) && !(Number(body.suminsured) >= 1))
      add('ER002', 'Sum Insured is required for this Type of Cover');
    if (body.suminsured !== undefined && !Number.isInteger(Number(body.suminsured)))
      add('ER002', 'Sum Insured is not valid');
    const subtype = Number(body.typeofcertificate);
    if (type === 'A' && ![1, 8].includes(subtype)) add('ER002', 'Type of Certificate is not valid');
    if (type === 'D' && ![4, 9, 10].includes(subtype)) add('ER002', 'Type of Certificate is not valid');
    if (type === 'B' && ![1, 2, 3, 4, 5, 6].includes(Number(body.vehicletype)))
      add('ER002', 'Vehicle Type is not valid');
    const passengers = Number(body.licensedtocarry);
    if (
      (type === 'A' || type === 'B' || (type === 'D' && subtype !== 10)) &&
      !(passengers >= 1 && passengers <= 200)
    )
      add('ER002', 'Licensed To Carry is required');
    const tonnage = Number(body.tonnage);
    if ((type === 'B' || (type === 'D' && subtype === 10)) && !(tonnage >= 1 && tonnage <= 31))
      add('ER002', 'Tonnage is required');
    if (!text(body.bodytype)) add('ER002', 'Body Type is required');
    if (body.insuredpin !== undefined && !/^A\d{9}[A-Z]$/.test(text(body.insuredpin)))
      add('ER002', 'Insured PIN is not valid');
    return errors;
  };

  /** Preview, Validate and Issuance share the checks; Issuance then takes stock and records. */
  const certificateRequest = (
    type: DmvicCertificateType,
    body: Record<string, unknown>,
    raw: unknown,
    issue: boolean,
    confirmed = false,
  ) => {
    const errors = fieldErrors(type, body);
    if (errors.length > 0) return fail(raw, errors);
    const plate = plateOf(body);
    const chassis = text(body.chassisnumber).toUpperCase();
    const commencing = fromDmvicDate(body.commencingdate)!;
    const expiring = fromDmvicDate(body.expiringdate)!;
    const issuanceRequestId = reference('UAT');
    if (plate !== '') {
      const vehicle = registerRecord(plate);
      if (!vehicle) {
        return fail(raw, [{ errorCode: 'ERR10002', errorText: TEXT.notInNtsa }], {
          IssuanceRequestID: issuanceRequestId,
          IssuanceMessage: TEXT.notInNtsa,
        });
      }
      const mismatch =
        FAILURE_PLATES[plate] === 'mismatch' ||
        (isSamplePlate(plate) && vehicle.chassisNumber.toUpperCase() !== chassis);
      if (mismatch) {
        return fail(raw, [{ errorCode: 'ERR10001', errorText: TEXT.ntsaMismatch }], {
          IssuanceRequestID: issuanceRequestId,
          NTSAResponse: {
            ...ntsaResponse(vehicle),
            // The mismatch plate: NTSA holds another chassis than anyone will type.
            ...(FAILURE_PLATES[plate] === 'mismatch' ? { ChassisNumber: `${vehicle.chassisNumber}9` } : {}),
          },
          IssuanceMessage: TEXT.ntsaMismatch,
        });
      }
    }
    const overlapping = coversOverlapping(plate, chassis, commencing, expiring);
    if (overlapping.length > 0) {
      return fail(raw, [{ errorCode: 'ER005', errorText: TEXT.activeCover }], {
        DoubleInsurance: overlapping,
      });
    }
    if (FAILURE_PLATES[plate] === 'coverage-gap' && !confirmed) {
      // The vehicle's last cover ended a week before this one starts: DMVIC holds the request.
      heldRequests.set(issuanceRequestId, { type, body, raw });
      return fail(raw, [{ errorCode: 'ER007', errorText: TEXT.coverageGap }], {
        IssuanceRequestID: issuanceRequestId,
        IssuanceMessage:
          'If you would like to continue the issuance process with further validation, please contact your technical support. For the issuance of the certificate without any change in the information, please utilize the endpoint ConfirmCertificateIssuance',
      });
    }
    const memberCompanyId = Number(body.membercompanyid);
    if (issue && (FAILURE_PLATES[plate] === 'no-stock' || stockOf(memberCompanyId, type) < 1)) {
      return fail(raw, [{ errorCode: 'ER0014', errorText: TEXT.noStock }]);
    }
    if (!issue) {
      return envelope(raw, {
        [type === 'C' ? 'previewCertificate' : `previewType${type}Certificate`]: {
          ...(plate !== '' ? ntsaResponse(registerRecord(plate)!) : {}),
          Commencingdate: toDmvicDate(commencing),
          Expiringdate: toDmvicDate(expiring),
        },
      });
    }
    stock.set(stockKey(memberCompanyId, type), stockOf(memberCompanyId, type) - 1);
    let certificateNumber: string;
    do certificateNumber = `${type}${randomInt(10_000_000, 100_000_000)}`;
    while (certificates.some((certificate) => certificate.certificateNumber === certificateNumber));
    const vehicle = plate !== '' ? registerRecord(plate) : null;
    const certificate: SimulatedCertificate = {
      certificateNumber,
      transactionNumber: reference('UAT'),
      type,
      memberCompanyId,
      insurer: insurerName(memberCompanyId),
      policyNumber: text(body.policynumber),
      registrationNumber: plate,
      chassisNumber: chassis,
      engineNumber: text(body.enginenumber) || vehicle?.engineNumber || '',
      insuredName: text(body.policyholder),
      email: text(body.email),
      commencingDate: commencing,
      expiringDate: expiring,
      coverType: Number(body.typeofcover),
      sumInsured: body.suminsured === undefined ? null : Number(body.suminsured),
      issuedAt: now(),
      status: 'active',
      cancelReasonId: null,
    };
    certificates.unshift(certificate);
    return envelope(raw, {
      issueCertificate: {
        TransactionNo: certificate.transactionNumber,
        actualCNo: certificate.certificateNumber,
        Email: certificate.email,
      },
    });
  };

  for (const type of TYPES) {
    for (const action of ['Preview', 'Validate', 'Issuance'] as const) {
      authenticated(`/api/V5/IntermediaryIntegration/${action}Type${type}Certificate`, (body, raw) =>
        certificateRequest(type, body, raw, action === 'Issuance'),
      );
    }
  }

  authenticated('/api/v5/Integration/ConfirmCertificateIssuance', (body, raw) => {
    const held = heldRequests.get(text(body.issuancerequestid));
    if (!held) return fail(raw, [{ errorCode: 'ER002', errorText: TEXT.invalidIssuanceRequest }]);
    if (body.isapproved !== true) return envelope(raw, { IssuanceRequestID: text(body.issuancerequestid) });
    const answer = certificateRequest(held.type, held.body, held.raw, true, true);
    if (answer.success) heldRequests.delete(text(body.issuancerequestid));
    return answer;
  });

  authenticated('/api/V5/IntermediaryIntegration/MemberCompanyStock', (body, raw) => {
    const memberCompanyId = Number(body.membercompanyid);
    if (!Number.isInteger(memberCompanyId) || memberCompanyId <= 0) {
      return fail(raw, [{ errorCode: 'ER002', errorText: 'Member Company ID is not valid' }]);
    }
    return envelope(raw, {
      MemberCompanyStock: TYPES.map((type, index) => ({
        CertificateClassificationID: index + 1,
        ClassificationTitle: CLASSIFICATION_TITLES[type],
        Stock: stockOf(memberCompanyId, type),
        CertificateTypeId: index + 1,
      })),
    });
  });

  authenticated('/api/v5/Integration/VehicleSearch', (body, raw) => {
    const plate = text(body.vehicleregistrationnumber).replace(/\s+/g, '').toUpperCase();
    if (!SIMULATOR_PLATE.test(plate))
      return fail(raw, [{ errorCode: 'ER002', errorText: TEXT.plateInvalid }]);
    const vehicle = registerRecord(plate);
    if (!vehicle) return fail(raw, [{ errorCode: 'ER0016', errorText: TEXT.noRecords }]);
    return envelope(raw, {
      VehicleDetails: {
        ...ntsaResponse(vehicle),
        YearOfManufacture: vehicle.yearOfManufacture,
        EngineCapacity: vehicle.engineCapacity,
        FuelType: vehicle.fuelType?.toUpperCase() ?? null,
        Colour: vehicle.colour,
        // NTSA's record names the owner: the portal must never pass it on.
        OwnerName: vehicle.ownerName,
      },
    });
  });

  authenticated('/api/v5/Integration/ValidateDoubleInsurance', (body, raw) => {
    const from = fromDmvicDate(body.policystartdate);
    const to = fromDmvicDate(body.policyenddate);
    if (!from || !to) return fail(raw, [{ errorCode: 'ER004', errorText: 'Policy dates are not valid' }]);
    const covers = coversOverlapping(plateOf(body), text(body.chassisnumber), from, to);
    if (covers.length === 0) return fail(raw, [{ errorCode: 'ER0016', errorText: TEXT.noRecords }]);
    return envelope(raw, { DoubleInsurance: covers });
  });

  const findCertificate = (number: string) =>
    certificates.find((certificate) => certificate.certificateNumber === number.toUpperCase());

  authenticated('/api/v5/Integration/ValidateInsurance', (body, raw) => {
    const number = text(body.certificatenumber).toUpperCase();
    const plate = text(body.vehicleregistrationnumber).replace(/\s+/g, '').toUpperCase();
    const chassis = text(body.chassisnumber).toUpperCase();
    const candidates = [...certificates, ...[existingCover(plate)].filter((cover) => cover !== null)];
    const certificate = candidates.find(
      (candidate) =>
        (number === '' || candidate.certificateNumber === number) &&
        (plate === '' || candidate.registrationNumber === plate) &&
        (chassis === '' || candidate.chassisNumber.toUpperCase() === chassis) &&
        (number !== '' || plate !== '' || chassis !== ''),
    );
    if (!certificate) return fail(raw, [{ errorCode: 'ER0016', errorText: TEXT.noRecords }]);
    const status =
      certificate.status === 'cancelled'
        ? 'Cancelled'
        : certificate.expiringDate < today()
          ? 'Expired'
          : 'Active';
    return envelope(raw, {
      ValidateInsurance: {
        CertificateNumber: certificate.certificateNumber,
        InsurancePolicyNumber: certificate.policyNumber,
        ValidFrom: toDmvicDate(certificate.commencingDate),
        ValidTill: toDmvicDate(certificate.expiringDate),
        Registrationnumber: certificate.registrationNumber,
        InsuredBy: certificate.insurer,
        Chassisnumber: certificate.chassisNumber,
        sInsuredName: certificate.insuredName,
        Intermediary: 'BIMA PORTAL',
        IntermediaryIRA: 'IRA/SIM/0001',
        CertificateStatus: status,
      },
    });
  });

  authenticated('/api/v5/Integration/CancelCertificate', (body, raw) => {
    const certificate = findCertificate(text(body.certificatenumber));
    if (!certificate || certificate.status === 'cancelled') {
      return fail(raw, [{ errorCode: 'ER004', errorText: TEXT.invalidCertificate }]);
    }
    const reason = Number(body.cancelreasonid);
    if (!CANCEL_REASON_IDS.has(reason)) {
      return fail(raw, [{ errorCode: 'ER002', errorText: 'Cancel Reason is not valid' }]);
    }
    if (now().getTime() - certificate.issuedAt.getTime() > CANCEL_WINDOW_MS) {
      return fail(raw, [{ errorCode: 'ER0010', errorText: TEXT.cancelWindow }]);
    }
    certificate.status = 'cancelled';
    certificate.cancelReasonId = reason;
    return envelope(raw, { TransactionReferenceNumber: reference('UAT') });
  });

  authenticated('/api/v5/Integration/GetCertificate', (body, raw, request) => {
    const certificate = findCertificate(text(body.certificatenumber));
    if (!certificate) return fail(raw, [{ errorCode: 'ER009', errorText: TEXT.invalidCertificatePdf }]);
    const key = randomBytes(16).toString('hex');
    pdfLinks.set(key, {
      certificateNumber: certificate.certificateNumber,
      expiresAt: Date.now() + 10 * 60_000,
    });
    const origin = `${request.protocol}://${request.headers.host}`;
    return envelope(raw, { URL: `${origin}/certificates/${key}.pdf` });
  });

  // DMVIC's short-lived link to the PDF (a storage link: no token asked).
  app.get<{ Params: { key: string } }>('/certificates/:key.pdf', async (request, reply) => {
    const link = pdfLinks.get(request.params.key);
    const certificate = link && link.expiresAt > Date.now() ? findCertificate(link.certificateNumber) : null;
    if (!certificate) return reply.code(404).type('text/plain').send('The link has expired');
    return reply.type('application/pdf').send(certificatePdf(certificate));
  });

  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  return {
    app,
    baseUrl: `${options.tls ? 'https' : 'http'}://127.0.0.1:${boundPort}`,
    issued: () => [...certificates],
    setStock: (memberCompanyId, type, count) => stock.set(stockKey(memberCompanyId, type), count),
    stock: stockOf,
    goDown: (mode = 'unavailable', registrationNumber) => {
      if (registrationNumber === undefined) down = mode;
      else downPlates.add(plateKey(registrationNumber));
    },
    goUp: (registrationNumber) => {
      if (registrationNumber !== undefined) {
        downPlates.delete(plateKey(registrationNumber));
        return;
      }
      down = null;
      downPlates.clear();
    },
    rejectTokens: (count) => {
      tokensToReject = count;
    },
    logins: () => loginCount,
    isLocked,
    unlock: () => {
      lockedUntil = 0;
      loginTimes.length = 0;
    },
    close: async () => {
      for (const finish of [...slowAnswers]) finish();
      await app.close();
    },
  };
}
