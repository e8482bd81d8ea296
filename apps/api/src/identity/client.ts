import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IdentityMismatchField } from '@bima/domain/identity';

/**
 * A client of Smile ID's Enhanced KYC (`POST /v1/id_verification`, job type 5): one contract for
 * Kenya's IPRS (NATIONAL_ID, PASSPORT, ALIEN_CARD) and for KRA PINs (KRA_PIN). Requests are signed
 * with the partner's API key (base64 HMAC-SHA256 over timestamp + partner id + "sid_request", as
 * Smile ID's server libraries do) and carry the subject's consent; answers are signed the same way
 * and checked. The outcome is reduced to what the portal acts on: verified, a mismatch naming the
 * fields that differ, or unavailable (IPRS down, result 1015, a 5xx, a time-out) to be retried.
 */

export interface IdentityProviderConfig {
  /** https://api.smileidentity.com (production), https://testapi.smileidentity.com (sandbox) or the simulator. */
  baseUrl: string;
  partnerId: string;
  apiKey: string;
  timeoutMs: number;
}

/** Smile ID's id types for Kenya. */
export type ProviderIdType = 'NATIONAL_ID' | 'PASSPORT' | 'ALIEN_CARD' | 'KRA_PIN';

/** Our ID type (packages/domain/profile) as Smile ID names it. */
export function providerIdType(idType: string): ProviderIdType {
  if (idType === 'ALIEN_ID') return 'ALIEN_CARD';
  if (idType === 'NATIONAL_ID' || idType === 'PASSPORT' || idType === 'KRA_PIN') return idType;
  throw new Error(`no provider id type for ${idType}`);
}

export interface VerifyRequest {
  /** Our reference of the attempt (partner_params.job_id): unique per attempt. */
  jobId: string;
  /** Our user id (partner_params.user_id). */
  userId: string;
  idType: ProviderIdType;
  idNumber: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD, when the client gave it. */
  dateOfBirth?: string | null;
  /** When the subject consented (consent_information.consent_granted_date). */
  consentAt: Date;
}

export type VerifyOutcome =
  | {
      outcome: 'verified';
      resultCode: string;
      resultText: string;
      smileJobId: string | null;
    }
  | {
      outcome: 'mismatch';
      fields: IdentityMismatchField[];
      resultCode: string;
      resultText: string;
      smileJobId: string | null;
    }
  | { outcome: 'unavailable'; reason: string; resultCode: string | null };

/** Result codes of Enhanced KYC that the portal acts on. */
export const RESULT_CODES = {
  /** Valid ID: the record was found; Actions say how the names and date of birth compare. */
  valid: '1012',
  /** Invalid ID: no record with this number (or, for a KRA PIN, no active taxpayer). */
  notFound: '1013',
  /** The ID authority (IPRS, iTax) is unavailable: try again later. */
  authorityUnavailable: '1015',
} as const;

/** base64(HMAC-SHA256(apiKey, timestamp + partnerId + "sid_request")): Smile ID's request signature. */
export function smileSignature(apiKey: string, partnerId: string, timestamp: string): string {
  return createHmac('sha256', apiKey)
    .update(timestamp, 'utf8')
    .update(partnerId, 'utf8')
    .update('sid_request', 'utf8')
    .digest('base64');
}

/** Whether a signature is the one `smileSignature` makes for this timestamp (constant time). */
export function isSmileSignature(apiKey: string, partnerId: string, timestamp: string, signature: string) {
  const expected = Buffer.from(smileSignature(apiKey, partnerId, timestamp));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Letters only, upper-cased, for comparing names as registers spell them (O'Brien, Wa-Njeri). */
const nameWords = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[^\p{L}\s]/gu, '')
    .toUpperCase()
    .split(/\s+/)
    .filter(Boolean);

/**
 * Which of the names given the register's full name lacks. Smile ID's Actions.Names says only
 * whether the names match as a whole; the client is told which one to correct.
 */
export function differingNames(
  given: { firstName: string; lastName: string },
  registeredFullName: string,
): IdentityMismatchField[] {
  const registered = new Set(nameWords(registeredFullName));
  const fields: IdentityMismatchField[] = [];
  if (!nameWords(given.firstName).every((word) => registered.has(word))) fields.push('firstName');
  if (!nameWords(given.lastName).every((word) => registered.has(word))) fields.push('lastName');
  return fields;
}

/** Reads an Enhanced KYC answer (already known to be HTTP 200 and signed) into an outcome. */
export function readVerifyAnswer(
  body: Record<string, unknown>,
  request: Pick<VerifyRequest, 'idType' | 'firstName' | 'lastName' | 'dateOfBirth'>,
): VerifyOutcome {
  const resultCode = text(body.ResultCode);
  const resultText = text(body.ResultText);
  const smileJobId = text(body.SmileJobID) || null;
  const actions = isRecord(body.Actions) ? body.Actions : {};
  if (resultCode === RESULT_CODES.authorityUnavailable || actions.Verify_ID_Number === 'Issuer Unavailable')
    return { outcome: 'unavailable', reason: resultText || 'ID authority unavailable', resultCode };
  const numberField: IdentityMismatchField = request.idType === 'KRA_PIN' ? 'kraPin' : 'idNumber';
  if (resultCode === RESULT_CODES.notFound)
    return { outcome: 'mismatch', fields: [numberField], resultCode, resultText, smileJobId };
  if (resultCode !== RESULT_CODES.valid)
    return { outcome: 'unavailable', reason: `unexpected result ${resultCode} ${resultText}`, resultCode };
  const fields: IdentityMismatchField[] = [];
  const names = text(actions.Names);
  if (names !== 'Exact Match' && names !== 'Transposed') {
    const named = differingNames(request, text(body.FullName));
    fields.push(...(named.length > 0 ? named : (['firstName', 'lastName'] as const)));
  }
  if (request.dateOfBirth && text(actions.DOB) === 'No Match') fields.push('dateOfBirth');
  return fields.length > 0
    ? { outcome: 'mismatch', fields, resultCode, resultText, smileJobId }
    : { outcome: 'verified', resultCode, resultText, smileJobId };
}

export class IdentityClient {
  readonly #config: IdentityProviderConfig;
  readonly #fetch: typeof fetch;

  constructor(config: IdentityProviderConfig, fetchImpl: typeof fetch = fetch) {
    this.#config = config;
    this.#fetch = fetchImpl;
  }

  /** The signed Enhanced KYC request body. */
  requestBody(request: VerifyRequest, now = new Date()) {
    const timestamp = now.toISOString();
    const { partnerId, apiKey } = this.#config;
    return {
      partner_id: partnerId,
      timestamp,
      signature: smileSignature(apiKey, partnerId, timestamp),
      source_sdk: 'rest_api',
      source_sdk_version: '1.0.0',
      country: 'KE',
      id_type: request.idType,
      id_number: request.idNumber,
      first_name: request.firstName,
      last_name: request.lastName,
      ...(request.dateOfBirth ? { dob: request.dateOfBirth } : {}),
      partner_params: { job_id: request.jobId, user_id: request.userId, job_type: 5 },
      consent_information: {
        consent_granted_date: request.consentAt.toISOString(),
        personal_details: true,
        contact_information: false,
        document_information: true,
      },
    };
  }

  /** Asks the register; never throws: a failure to get a signed answer is `unavailable`. */
  async verify(request: VerifyRequest): Promise<VerifyOutcome> {
    let response: Response;
    try {
      response = await this.#fetch(`${this.#config.baseUrl.replace(/\/$/, '')}/v1/id_verification`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(this.requestBody(request)),
        signal: AbortSignal.timeout(this.#config.timeoutMs),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { outcome: 'unavailable', reason: `no answer (${message})`, resultCode: null };
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    const record = isRecord(body) ? body : {};
    if (!response.ok) {
      const code = text(record.code) || null;
      const reason = text(record.error) || `HTTP ${response.status}`;
      // 5xx (IPRS or the provider down) and 429 pass; a 4xx (credentials, a refused field) does not
      // by itself, but it must not block the sale either: retried, then staff see the reason.
      return { outcome: 'unavailable', reason: `HTTP ${response.status}: ${reason}`, resultCode: code };
    }
    const timestamp = text(record.timestamp);
    const signature = text(record.signature);
    if (!isSmileSignature(this.#config.apiKey, this.#config.partnerId, timestamp, signature))
      return { outcome: 'unavailable', reason: 'the answer is not signed by the provider', resultCode: null };
    return readVerifyAnswer(record, request);
  }
}
