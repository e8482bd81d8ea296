import http from 'node:http';
import https from 'node:https';
import { parseKenyanPhone } from '@bima/domain/identifiers';
import {
  DMVIC_CANCEL_REASONS,
  DMVIC_CERTIFICATE_SUBTYPES,
  DMVIC_COMMERCIAL_USES,
  type Dmvic,
  type DmvicCancelReason,
  type DmvicCertificateRequest,
  type DmvicCertificateType,
  type DmvicCover,
  DmvicError,
  type DmvicIssued,
  type DmvicStock,
  type DmvicVehicle,
} from './port';

/**
 * The portal's client of DMVIC's real HTTP API (shared/domain/dmvic-and-identity.md; the protocol as
 * the open-source client coduori/dmvic describes it):
 * - mutual TLS with the client certificate and key DMVIC issued (node:https with its own Agent;
 *   undici is not a dependency of the API);
 * - one login (`/api/V1/Account/Login`: username and password, the ClientID header) whose token is
 *   kept in memory by this instance and reused until shortly before it expires (DMVIC's live 7 days;
 *   logging in on every call is rate limited and locks the account); concurrent calls share one
 *   login; a 401 (or DMVIC's "Token is expired or invalid") logs in again and retries once; a
 *   refused login is not tried again for `loginPauseMs` (each refusal counts towards the lock);
 * - the V5 intermediary endpoints (Preview/Validate/Issuance of types A-D, MemberCompanyStock) and
 *   `/api/v5/Integration/` ValidateInsurance, ValidateDoubleInsurance, VehicleSearch,
 *   GetCertificate (whose short-lived URL is downloaded) and CancelCertificate;
 * - DMVIC's envelope `{Inputs, callbackObj, success, Error: [{errorCode, errorText}],
 *   APIRequestNumber}` read case-insensitively, its error texts mapped to `DmvicError` codes; no
 *   answer within `timeoutMs` is TIMEOUT, a 5xx or an unreadable answer UNAVAILABLE.
 * Success bodies beyond the envelope (issueCertificate.actualCNo, ValidateInsurance, DoubleInsurance,
 * MemberCompanyStock, the VehicleSearch record) follow public descriptions, not DMVIC's own
 * documents: check them against UAT before going live.
 */

export interface DmvicClientConfig {
  /** https://uat-api.dmvic.com (UAT) or https://api.dmvic.com (production); the simulator's http URL locally. */
  baseUrl: string;
  username: string;
  password: string;
  clientId: string;
  /** The client certificate and key DMVIC issued (PEM), and a CA to trust beyond the system's. */
  tls?: { cert: string | Buffer; key: string | Buffer; ca?: string | Buffer };
  /** How long one HTTP exchange may take (default 20 s). */
  timeoutMs?: number;
  /** The clock the token's expiry is read with (the business clock outside production). */
  now?: () => Date;
  /** After DMVIC refuses the login (wrong credentials, locked), no new login for this long (5 min). */
  loginPauseMs?: number;
}

export interface DmvicHttpRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface DmvicHttpAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

export const DMVIC_PATHS = {
  login: '/api/V1/Account/Login',
  intermediary: (action: 'Preview' | 'Validate' | 'Issuance', type: DmvicCertificateType) =>
    `/api/V5/IntermediaryIntegration/${action}Type${type}Certificate`,
  memberCompanyStock: '/api/V5/IntermediaryIntegration/MemberCompanyStock',
  validateInsurance: '/api/v5/Integration/ValidateInsurance',
  validateDoubleInsurance: '/api/v5/Integration/ValidateDoubleInsurance',
  vehicleSearch: '/api/v5/Integration/VehicleSearch',
  getCertificate: '/api/v5/Integration/GetCertificate',
  cancelCertificate: '/api/v5/Integration/CancelCertificate',
  confirmIssuance: '/api/v5/Integration/ConfirmCertificateIssuance',
} as const;

type Json = Record<string, unknown>;
interface Envelope {
  success: boolean;
  errors: Array<{ code: string; text: string }>;
  callbackObj: Json;
}

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key of a DMVIC object whatever its casing (DMVIC is .NET: Registrationnumber, registrationNumber…). */
function pick(object: unknown, ...names: string[]): unknown {
  if (!isRecord(object)) return undefined;
  const wanted = names.map((name) => name.toLowerCase());
  for (const [key, value] of Object.entries(object)) if (wanted.includes(key.toLowerCase())) return value;
  return undefined;
}
const pickText = (object: unknown, ...names: string[]) => {
  const value = pick(object, ...names);
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
};

/** The first object in a callbackObj (itself, or one level down, or a list's first) that has one of the keys. */
function findRecord(callbackObj: unknown, ...keys: string[]): Json | null {
  const candidates: unknown[] = [callbackObj];
  if (isRecord(callbackObj)) candidates.push(...Object.values(callbackObj));
  for (const candidate of candidates) {
    const record = Array.isArray(candidate) ? candidate[0] : candidate;
    if (isRecord(record) && pick(record, ...keys) !== undefined) return record;
  }
  return null;
}
function findList(callbackObj: unknown, key: string): Json[] {
  const value = pick(callbackObj, key);
  if (Array.isArray(value)) return value.filter(isRecord);
  if (isRecord(value)) {
    // One object, or a map of them.
    return Object.values(value).every(isRecord) && Object.keys(value).length > 0
      ? (Object.values(value) as Json[])
      : [value];
  }
  return [];
}

/** DMVIC's dates (dd/MM/yyyy, sometimes ISO with a time) → YYYY-MM-DD; '' when unreadable. */
export function fromDmvicDate(value: string): string {
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(value.trim());
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return iso ? iso[1]! : '';
}
/** YYYY-MM-DD → dd/MM/yyyy, as DMVIC takes dates. */
export const toDmvicDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Plates are sent and compared upper case without spaces. */
const plateOf = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** The class the register's body type (and a KMxx plate) says a vehicle is, for the journey to pick. */
export function vehicleClassOf(bodyType: string, registrationNumber: string): DmvicVehicle['vehicleClass'] {
  const body = bodyType.toUpperCase();
  if (
    /MOTOR\s*-?\s*CYCLE|M\/CYCLE|SCOOTER|TRICYCLE|TUK/.test(body) ||
    /^KM[A-Z]{2}\d{3}[A-Z]$/.test(registrationNumber)
  )
    return 'motorcycle';
  if (/BUS|MATATU|PSV|COACH/.test(body)) return 'psv';
  if (/PICK|LORRY|TRUCK|TIPPER|TANKER|PRIME\s*MOVER|TRAILER|VAN|CANTER|CHASSIS\s*CAB|FLAT/.test(body))
    return 'commercial';
  return 'private';
}

/** A record's fuel as one of the domain's FUEL_TYPES, or null. */
function fuelTypeOf(fuel: string): DmvicVehicle['fuelType'] {
  const value = fuel.toUpperCase();
  if (/HYBRID/.test(value)) return 'Hybrid';
  if (/DIESEL/.test(value)) return 'Diesel';
  if (/PETROL|GASOLINE/.test(value)) return 'Petrol';
  if (/ELECTRIC/.test(value)) return 'Electric';
  return null;
}

/** Which request field a DMVIC field error names (for the portal to point at). */
function fieldOf(text: string): string | undefined {
  const rules: Array<[RegExp, string]> = [
    [/commencing/i, 'commencingDate'],
    [/expiring/i, 'expiringDate'],
    [/chassis/i, 'chassisNumber'],
    [/engine/i, 'engineNumber'],
    [/registration/i, 'registrationNumber'],
    [/phone/i, 'phoneNumber'],
    [/e-?mail/i, 'email'],
    [/sum\s*insured/i, 'sumInsured'],
    [/licen[cs]ed\s*to\s*carry|passenger/i, 'passengers'],
    [/tonnage/i, 'tonnage'],
    [/body\s*type/i, 'bodyType'],
    [/\bPIN\b/i, 'kraPin'],
    [/policy\s*holder|policyholder/i, 'insuredName'],
    [/policy\s*number/i, 'policyNumber'],
    [/certificate\s*n/i, 'certificateNumber'],
    [/member\s*company/i, 'memberCompanyId'],
    [/type\s*of\s*cover/i, 'coverType'],
  ];
  return rules.find(([pattern]) => pattern.test(text))?.[1];
}

const TOKEN_INVALID = /Token is expired or invalid/i;
const NO_RECORDS = /No Records Found/i;

/** The cover an overlapping DoubleInsurance list names: the one ending last. */
function existingCoverOf(
  callbackObj: Json,
): { insurer: string; validTo: string; certificateNumber?: string } | undefined {
  const covers = findList(callbackObj, 'DoubleInsurance')
    .map((cover) => ({
      insurer: pickText(cover, 'MemberCompanyName', 'InsuredBy'),
      validTo: fromDmvicDate(pickText(cover, 'CoverEndDate', 'ValidTill')),
      certificateNumber: pickText(cover, 'InsuranceCertificateNo', 'CertificateNumber') || undefined,
    }))
    .filter((cover) => cover.validTo !== '')
    .sort((a, b) => b.validTo.localeCompare(a.validTo));
  return covers[0];
}

/** DMVIC's refusal as the portal's DmvicError: the most specific error in the list wins. */
export function dmvicErrorOf(envelope: Envelope, request?: DmvicCertificateRequest): DmvicError {
  const texts = envelope.errors.map((error) => error.text);
  const first = envelope.errors[0];
  const find = (pattern: RegExp) => envelope.errors.find((error) => pattern.test(error.text));
  const callbackObj = envelope.callbackObj;

  const locked = find(/account has been locked/i);
  if (locked) return new DmvicError('ACCOUNT_LOCKED', locked.text, { dmvicCode: locked.code });
  const doubleInsurance = find(/already covered under an active policy|overlapping policy|Double Insurance/i);
  if (doubleInsurance) {
    return new DmvicError('DOUBLE_INSURANCE', doubleInsurance.text, {
      dmvicCode: doubleInsurance.code,
      existingCover: existingCoverOf(callbackObj),
    });
  }
  const gap = find(/(\d+)\s+days?\s+gap between the previous insurance/i);
  if (gap) {
    return new DmvicError('COVERAGE_GAP', gap.text, {
      dmvicCode: gap.code,
      gapDays: Number(/(\d+)\s+days?/i.exec(gap.text)?.[1]),
      issuanceRequestId: pickText(callbackObj, 'IssuanceRequestID') || undefined,
    });
  }
  const notFound = find(/not found in the NTSA records/i);
  if (notFound)
    return new DmvicError('NTSA_NOT_FOUND', notFound.text, {
      dmvicCode: notFound.code,
      field: 'registrationNumber',
    });
  const mismatch = find(/do not match NTSA records/i);
  if (mismatch) {
    const ntsa = pick(callbackObj, 'NTSAResponse');
    const differs = (ours: string | undefined, key: string) =>
      ours !== undefined && pickText(ntsa, key) !== '' && plateOf(pickText(ntsa, key)) !== plateOf(ours);
    const field = differs(request?.chassisNumber, 'ChassisNumber')
      ? 'chassisNumber'
      : differs(request?.registrationNumber, 'VehicleRegistrationNumber')
        ? 'registrationNumber'
        : differs(request?.engineNumber, 'EngineNumber')
          ? 'engineNumber'
          : 'chassisNumber';
    return new DmvicError('NTSA_MISMATCH', mismatch.text, { dmvicCode: mismatch.code, field });
  }
  const changed = find(/combination have been changed/i);
  if (changed)
    return new DmvicError('NTSA_MISMATCH', changed.text, { dmvicCode: changed.code, field: 'chassisNumber' });
  const noStock = find(/No Sufficient Inventory/i);
  if (noStock) return new DmvicError('NO_STOCK', noStock.text, { dmvicCode: noStock.code });
  const window = envelope.errors.find(
    (error) => error.code.toUpperCase() === 'ER0010' || /issuance time exceeded/i.test(error.text),
  );
  if (window) return new DmvicError('CANCEL_WINDOW_PASSED', window.text, { dmvicCode: window.code });
  const token = find(TOKEN_INVALID);
  if (token) return new DmvicError('TOKEN_EXPIRED', token.text, { dmvicCode: token.code });
  const message = texts.length > 0 ? texts.join('; ') : 'DMVIC refused the request without saying why';
  return new DmvicError('INVALID_REQUEST', message, {
    dmvicCode: first?.code,
    field: first ? fieldOf(first.text) : undefined,
  });
}

export class DmvicClient implements Dmvic {
  readonly #config: DmvicClientConfig;
  readonly #agent: http.Agent;
  readonly #timeoutMs: number;
  readonly #now: () => Date;
  #token: { value: string; expiresAt: number } | null = null;
  #login: Promise<string> | null = null;
  #logins = 0;
  /** The last refused login (wrong credentials, a locked account): repeated until `until`. */
  #loginRefused: { error: DmvicError; until: number } | null = null;
  readonly #loginPauseMs: number;

  constructor(config: DmvicClientConfig) {
    this.#config = { ...config, baseUrl: config.baseUrl.replace(/\/$/, '') };
    this.#timeoutMs = config.timeoutMs ?? 20_000;
    this.#loginPauseMs = config.loginPauseMs ?? 5 * 60_000;
    this.#now = config.now ?? (() => new Date());
    const secure = this.#config.baseUrl.startsWith('https:');
    this.#agent = secure
      ? new https.Agent({ keepAlive: true, cert: config.tls?.cert, key: config.tls?.key, ca: config.tls?.ca })
      : new http.Agent({ keepAlive: true });
  }

  /** Logins this instance has made (each one counts against DMVIC's limit). */
  get loginCount(): number {
    return this.#logins;
  }

  /** Frees the kept-alive connections. */
  close(): void {
    this.#agent.destroy();
  }

  /** One HTTP exchange within the timeout: TIMEOUT when DMVIC does not answer in time, UNAVAILABLE when it cannot be reached. */
  async #exchange(
    request: DmvicHttpRequest,
    agent: http.Agent | undefined = this.#agent,
  ): Promise<DmvicHttpAnswer> {
    const url = new URL(request.url);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<DmvicHttpAnswer>((resolve, reject) => {
      let settled = false;
      const done = (error: DmvicError | null, answer?: DmvicHttpAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(answer!);
      };
      const outgoing = transport.request(
        url,
        {
          method: request.method,
          headers: {
            ...request.headers,
            ...(request.body !== undefined
              ? { 'content-length': String(Buffer.byteLength(request.body)) }
              : {}),
          },
          ...(agent ? { agent } : {}),
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () =>
            done(null, {
              status: incoming.statusCode ?? 0,
              contentType: String(incoming.headers['content-type'] ?? ''),
              body: Buffer.concat(chunks),
            }),
          );
          incoming.on('error', (error) =>
            done(new DmvicError('UNAVAILABLE', `DMVIC's answer broke off (${error.message})`)),
          );
        },
      );
      const timer = setTimeout(() => {
        done(
          new DmvicError('TIMEOUT', `DMVIC did not answer within ${Math.round(this.#timeoutMs / 1000)} s`),
        );
        outgoing.destroy();
      }, this.#timeoutMs);
      outgoing.on('error', (error) =>
        done(new DmvicError('UNAVAILABLE', `DMVIC could not be reached (${error.message})`)),
      );
      if (request.body !== undefined) outgoing.write(request.body);
      outgoing.end();
    });
  }

  #headers(token?: string): Record<string, string> {
    return {
      accept: 'application/json',
      'content-type': 'application/json',
      ClientID: this.#config.clientId,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
  }

  static #json(answer: DmvicHttpAnswer): unknown {
    try {
      return JSON.parse(answer.body.toString('utf8'));
    } catch {
      return undefined;
    }
  }

  /** The kept token, or one login shared by every caller waiting for it. */
  async #currentToken(): Promise<string> {
    if (this.#token && this.#token.expiresAt - 5 * 60_000 > this.#now().getTime()) return this.#token.value;
    this.#login ??= this.#logIn().finally(() => {
      this.#login = null;
    });
    return this.#login;
  }

  async #logIn(): Promise<string> {
    if (this.#loginRefused && this.#loginRefused.until > this.#now().getTime())
      throw this.#loginRefused.error;
    this.#logins += 1;
    const answer = await this.#exchange({
      url: `${this.#config.baseUrl}${DMVIC_PATHS.login}`,
      method: 'POST',
      headers: this.#headers(),
      body: JSON.stringify({ username: this.#config.username, password: this.#config.password }),
    });
    if (answer.status >= 500)
      throw new DmvicError('UNAVAILABLE', `DMVIC's login answered HTTP ${answer.status}`);
    const body = DmvicClient.#json(answer);
    const token = pickText(body, 'token');
    if (Number(pick(body, 'code')) === 1 && token !== '') {
      const expires = Date.parse(pickText(body, 'expires'));
      this.#token = {
        value: token,
        // DMVIC's tokens live 7 days; a day when it does not say.
        expiresAt: Number.isFinite(expires) ? expires : this.#now().getTime() + 86_400_000,
      };
      return token;
    }
    const message = pickText(body, 'message', 'errorText') || `DMVIC's login answered HTTP ${answer.status}`;
    // Wrong credentials or client id: nothing a retry by itself fixes, but issuance waits for the fix.
    const refusal = /locked/i.test(message)
      ? new DmvicError('ACCOUNT_LOCKED', message)
      : new DmvicError('UNAVAILABLE', `DMVIC refused the portal's login: ${message}`);
    // Every refused login counts towards DMVIC's lock: none again for a while, whatever the callers.
    this.#loginRefused = { error: refusal, until: this.#now().getTime() + this.#loginPauseMs };
    throw refusal;
  }

  static #envelope(body: unknown): Envelope {
    const list = pick(body, 'Error', 'errors');
    const errors = (Array.isArray(list) ? list : list ? [list] : []).filter(isRecord).map((error) => ({
      code: pickText(error, 'errorCode', 'code'),
      text: pickText(error, 'errorText', 'message'),
    }));
    if (errors.length === 0 && pick(body, 'code') !== undefined && Number(pick(body, 'code')) < 0) {
      errors.push({ code: pickText(body, 'code'), text: pickText(body, 'message') });
    }
    const callbackObj = pick(body, 'callbackObj');
    return {
      success: pick(body, 'success') === true && errors.length === 0,
      errors,
      callbackObj: isRecord(callbackObj) ? callbackObj : {},
    };
  }

  /**
   * An authenticated call: the kept token; on 401 (or DMVIC's "Token is expired or invalid") one new
   * login and one retry; a second refusal is TOKEN_EXPIRED.
   */
  async #call(path: string, payload: Json): Promise<Envelope> {
    const send = async (token: string) => {
      const answer = await this.#exchange({
        url: `${this.#config.baseUrl}${path}`,
        method: 'POST',
        headers: this.#headers(token),
        body: JSON.stringify(payload),
      });
      const body = DmvicClient.#json(answer);
      const envelope = body === undefined ? null : DmvicClient.#envelope(body);
      const tokenRefused =
        answer.status === 401 || (envelope?.errors.some((error) => TOKEN_INVALID.test(error.text)) ?? false);
      return { answer, envelope, tokenRefused };
    };
    const token = await this.#currentToken();
    let result = await send(token);
    if (result.tokenRefused) {
      if (this.#token?.value === token) this.#token = null;
      result = await send(await this.#currentToken());
      if (result.tokenRefused) {
        throw new DmvicError('TOKEN_EXPIRED', 'DMVIC refused a fresh token: Token is expired or invalid');
      }
    }
    const { answer, envelope } = result;
    if (answer.status >= 500) throw new DmvicError('UNAVAILABLE', `DMVIC answered HTTP ${answer.status}`);
    if (!envelope)
      throw new DmvicError('UNAVAILABLE', `DMVIC's answer could not be read (HTTP ${answer.status})`);
    return envelope;
  }

  async searchVehicle(registrationNumber: string): Promise<DmvicVehicle | null> {
    const plate = plateOf(registrationNumber);
    const envelope = await this.#call(DMVIC_PATHS.vehicleSearch, { VehicleRegistrationNumber: plate });
    if (!envelope.success) {
      if (envelope.errors.some((error) => NO_RECORDS.test(error.text))) return null;
      throw dmvicErrorOf(envelope);
    }
    const record = findRecord(
      envelope.callbackObj,
      'VehicleRegistrationNumber',
      'RegistrationNumber',
      'ChassisNumber',
    );
    if (!record) return null;
    const year = Number(
      pickText(record, 'YearOfManufacture', 'VehicleRegistrationYear', 'Yearofmanufacture'),
    );
    const bodyType = pickText(record, 'BodyType', 'Bodytype');
    const registered = plateOf(pickText(record, 'VehicleRegistrationNumber', 'RegistrationNumber')) || plate;
    const capacity = Math.round(Number(pickText(record, 'EngineCapacity', 'CC', 'CubicCapacity')));
    const colour = pickText(record, 'Colour', 'Color');
    // Only what a buyer needs: never the owner NTSA may name.
    return {
      registrationNumber: registered,
      make: pickText(record, 'VehicleMake', 'Make'),
      model: pickText(record, 'VehicleModel', 'Model'),
      yearOfManufacture: Number.isInteger(year) && year > 1900 ? year : null,
      chassisNumber: pickText(record, 'ChassisNumber', 'Chassisnumber'),
      engineNumber: pickText(record, 'EngineNumber', 'Enginenumber'),
      bodyType,
      vehicleClass: vehicleClassOf(bodyType, registered),
      engineCapacity: capacity > 0 && capacity < 30_000 ? capacity : null,
      fuelType: fuelTypeOf(pickText(record, 'FuelType', 'Fuel')),
      colour: /^[A-Za-z][A-Za-z\s/-]*$/.test(colour) ? colour : null,
    };
  }

  async validateDoubleInsurance(request: {
    registrationNumber: string;
    chassisNumber: string;
    commencingDate: string;
    expiringDate: string;
  }): Promise<void> {
    const envelope = await this.#call(DMVIC_PATHS.validateDoubleInsurance, {
      policystartdate: toDmvicDate(request.commencingDate),
      policyenddate: toDmvicDate(request.expiringDate),
      vehicleregistrationnumber: plateOf(request.registrationNumber),
      chassisnumber: request.chassisNumber.trim(),
    });
    if (!envelope.success) {
      if (envelope.errors.some((error) => NO_RECORDS.test(error.text))) return;
      throw dmvicErrorOf(envelope);
    }
    const existingCover = existingCoverOf(envelope.callbackObj);
    if (existingCover && existingCover.validTo >= request.commencingDate) {
      throw new DmvicError(
        'DOUBLE_INSURANCE',
        'Vehicle Registration Number / Chassis Number has an overlapping policy, leading to Double Insurance.',
        { existingCover },
      );
    }
  }

  async validateCertificate(request: DmvicCertificateRequest): Promise<void> {
    const payload = certificatePayload(request);
    for (const action of ['Preview', 'Validate'] as const) {
      const envelope = await this.#call(DMVIC_PATHS.intermediary(action, request.type), payload);
      if (!envelope.success) throw dmvicErrorOf(envelope, request);
    }
  }

  async issueCertificate(request: DmvicCertificateRequest): Promise<DmvicIssued> {
    const envelope = await this.#call(
      DMVIC_PATHS.intermediary('Issuance', request.type),
      certificatePayload(request),
    );
    if (!envelope.success) throw dmvicErrorOf(envelope, request);
    return this.#issued(envelope);
  }

  async confirmCertificateIssuance(issuanceRequestId: string): Promise<DmvicIssued> {
    const envelope = await this.#call(DMVIC_PATHS.confirmIssuance, {
      IssuanceRequestID: issuanceRequestId,
      IsApproved: true,
      IsLogBookVerified: true,
      IsVehicleInspected: true,
      AdditionalComments: '',
      UserName: this.#config.username,
    });
    if (!envelope.success) throw dmvicErrorOf(envelope);
    return this.#issued(envelope);
  }

  /** The certificate an issuance (or its confirmation) answered. */
  #issued(envelope: Envelope): DmvicIssued {
    const issued = findRecord(envelope.callbackObj, 'actualCNo', 'CertificateNumber');
    const certificateNumber = pickText(issued, 'actualCNo', 'CertificateNumber');
    if (!certificateNumber)
      throw new DmvicError('UNAVAILABLE', 'DMVIC answered the issuance without a certificate number');
    return {
      certificateNumber,
      transactionNumber: pickText(issued, 'TransactionNo', 'TransactionNumber'),
      issuedAt: this.#now(),
    };
  }

  async getCertificatePdf(certificateNumber: string): Promise<Uint8Array> {
    const envelope = await this.#call(DMVIC_PATHS.getCertificate, {
      CertificateNumber: certificateNumber.trim(),
    });
    if (!envelope.success) {
      const error = dmvicErrorOf(envelope);
      throw error.code === 'INVALID_REQUEST'
        ? new DmvicError('INVALID_REQUEST', error.message, { ...error.details, field: 'certificateNumber' })
        : error;
    }
    const link = pickText(envelope.callbackObj, 'URL', 'Url');
    if (!/^https?:\/\//.test(link))
      throw new DmvicError('UNAVAILABLE', 'DMVIC gave no link to the certificate');
    // The link may be DMVIC's own host (with our certificate) or a storage host (no client certificate).
    const sameHost = new URL(link).origin === new URL(this.#config.baseUrl).origin;
    const answer = await this.#exchange(
      { url: link, method: 'GET', headers: { accept: 'application/pdf' } },
      sameHost ? this.#agent : undefined,
    );
    if (answer.status >= 500)
      throw new DmvicError('UNAVAILABLE', `DMVIC's certificate link answered HTTP ${answer.status}`);
    if (answer.status !== 200 || answer.body.subarray(0, 5).toString('latin1') !== '%PDF-') {
      throw new DmvicError('UNAVAILABLE', `DMVIC's certificate link gave no PDF (HTTP ${answer.status})`);
    }
    return new Uint8Array(answer.body);
  }

  async validateInsurance(
    query: { certificateNumber: string } | { registrationNumber: string },
  ): Promise<DmvicCover | null> {
    const envelope = await this.#call(
      DMVIC_PATHS.validateInsurance,
      'certificateNumber' in query
        ? { CertificateNumber: query.certificateNumber.trim().toUpperCase() }
        : { VehicleRegistrationnumber: plateOf(query.registrationNumber) },
    );
    if (!envelope.success) {
      if (
        envelope.errors.some(
          (error) => NO_RECORDS.test(error.text) || /Certificate\s*N(umber|o)/i.test(error.text),
        )
      )
        return null;
      throw dmvicErrorOf(envelope);
    }
    const cover = findRecord(envelope.callbackObj, 'CertificateNumber', 'ValidTill');
    if (!cover) return null;
    const certificateNumber = pickText(cover, 'CertificateNumber');
    const status = pickText(cover, 'CertificateStatus').toLowerCase();
    const validTo = fromDmvicDate(pickText(cover, 'ValidTill', 'ValidTo'));
    const type = certificateNumber.charAt(0).toUpperCase();
    return {
      certificateNumber,
      registrationNumber: plateOf(pickText(cover, 'Registrationnumber', 'RegistrationNumber')),
      insurer: pickText(cover, 'InsuredBy', 'MemberCompanyName'),
      type: (['A', 'B', 'C', 'D'].includes(type) ? type : 'C') as DmvicCertificateType,
      validFrom: fromDmvicDate(pickText(cover, 'ValidFrom')),
      validTo,
      status: /cancel/.test(status)
        ? 'cancelled'
        : /expire/.test(status) || (validTo !== '' && validTo < kenyaDate(this.#now()))
          ? 'expired'
          : 'active',
    };
  }

  async cancelCertificate(certificateNumber: string, reason: DmvicCancelReason): Promise<void> {
    const envelope = await this.#call(DMVIC_PATHS.cancelCertificate, {
      CertificateNumber: certificateNumber.trim().toUpperCase(),
      cancelreasonid: DMVIC_CANCEL_REASONS[reason],
    });
    if (!envelope.success) throw dmvicErrorOf(envelope);
  }

  async memberCompanyStock(memberCompanyId: number): Promise<DmvicStock[]> {
    const envelope = await this.#call(DMVIC_PATHS.memberCompanyStock, { MemberCompanyId: memberCompanyId });
    if (!envelope.success) throw dmvicErrorOf(envelope);
    return findList(envelope.callbackObj, 'MemberCompanyStock').flatMap((entry) => {
      const type = /(?:Class|Type)\s*([ABCD])\b/i
        .exec(pickText(entry, 'ClassificationTitle'))?.[1]
        ?.toUpperCase();
      const remaining = Number(pick(entry, 'Stock'));
      return type && Number.isFinite(remaining)
        ? [{ memberCompanyId, type: type as DmvicCertificateType, remaining }]
        : [];
    });
  }
}

/** Today in Kenya (UTC+3) by a clock. */
const kenyaDate = (now: Date) => new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * A certificate request as DMVIC's V5 payload, refusing before sending what DMVIC would refuse and
 * the portal can name: the phone as DMVIC's 9 digits, the registration or else the engine number
 * (never both), an e-mail without '+', the sum insured for comprehensive and TPFT, passengers and
 * tonnage where the type needs them, the body type.
 */
export function certificatePayload(request: DmvicCertificateRequest): Json {
  const invalid = (field: string, message: string) => new DmvicError('INVALID_REQUEST', message, { field });
  for (const [field, date] of [
    ['commencingDate', request.commencingDate],
    ['expiringDate', request.expiringDate],
  ] as const) {
    if (!ISO_DATE.test(date)) throw invalid(field, `${field} must be a date (YYYY-MM-DD)`);
  }
  const phone = parseKenyanPhone(request.phoneNumber);
  if (!phone) throw invalid('phoneNumber', 'The phone number is not a Kenyan number');
  const email = request.email.trim();
  if (!/^[^\s@+]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw invalid('email', 'DMVIC needs an e-mail address without a "+" in it');
  const plate = plateOf(request.registrationNumber ?? '');
  const engine = request.engineNumber?.trim() ?? '';
  if (plate === '' && engine === '')
    throw invalid('registrationNumber', 'The registration or the engine number is needed');
  const bodyType = request.bodyType?.trim() ?? '';
  if (bodyType === '') throw invalid('bodyType', 'DMVIC needs the body type from the logbook');
  const valued = request.coverType === 100 || request.coverType === 300;
  if (valued && !(Number.isSafeInteger(request.sumInsured) && (request.sumInsured ?? 0) >= 1)) {
    throw invalid(
      'sumInsured',
      'The sum insured (whole shillings) is needed for comprehensive and TPFT cover',
    );
  }
  const subtype =
    request.type === 'A'
      ? DMVIC_CERTIFICATE_SUBTYPES[request.certificateSubtype ?? 'psvUnmarked']
      : request.type === 'D'
        ? DMVIC_CERTIFICATE_SUBTYPES[request.certificateSubtype ?? 'privateMotorcycle']
        : undefined;
  const commercialMotorcycle =
    request.type === 'D' && subtype === DMVIC_CERTIFICATE_SUBTYPES.commercialMotorcycle;
  const needsPassengers =
    request.type === 'A' || request.type === 'B' || (request.type === 'D' && !commercialMotorcycle);
  const needsTonnage = request.type === 'B' || commercialMotorcycle;
  if (needsPassengers && !(Number.isInteger(request.passengers) && (request.passengers ?? 0) >= 1))
    throw invalid('passengers', 'DMVIC needs the number of passengers the vehicle is licensed to carry');
  if (needsTonnage && !(Number.isInteger(request.tonnage) && (request.tonnage ?? 0) >= 1))
    throw invalid('tonnage', "DMVIC needs the vehicle's tonnage");
  const kraPin = request.kraPin?.trim().toUpperCase() ?? '';
  const payload: Json = {
    Membercompanyid: request.memberCompanyId,
    Typeofcover: request.coverType,
    Policyholder: request.insuredName.trim().slice(0, 50),
    policynumber: request.policyNumber.trim(),
    Commencingdate: toDmvicDate(request.commencingDate),
    Expiringdate: toDmvicDate(request.expiringDate),
    Email: email,
    Chassisnumber: request.chassisNumber.trim().toUpperCase(),
    Phonenumber: phone.national,
    Bodytype: bodyType.toUpperCase(),
    ...(plate !== '' ? { Registrationnumber: plate } : { Enginenumber: engine }),
    ...(valued ? { SumInsured: request.sumInsured } : {}),
    ...(subtype !== undefined ? { TypeOfCertificate: subtype } : {}),
    ...(request.type === 'B'
      ? { VehicleType: DMVIC_COMMERCIAL_USES[request.commercialUse ?? 'ownGoods'] }
      : {}),
    ...(needsPassengers ? { Licensedtocarry: request.passengers } : {}),
    ...(needsTonnage ? { Tonnage: request.tonnage } : {}),
    // DMVIC takes an individual's PIN (A + 9 digits + a letter); a company's P-PIN is left out.
    ...(/^A\d{9}[A-Z]$/.test(kraPin) ? { InsuredPIN: kraPin } : {}),
    ...(request.vehicleMake ? { Vehiclemake: request.vehicleMake.trim().toUpperCase() } : {}),
    ...(request.vehicleModel ? { Vehiclemodel: request.vehicleModel.trim().toUpperCase() } : {}),
    ...(request.yearOfManufacture ? { Yearofmanufacture: request.yearOfManufacture } : {}),
  };
  return payload;
}
