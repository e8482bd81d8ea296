import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { isSmileSignature, RESULT_CODES, smileSignature } from './client';

/**
 * A local stand-in for Smile ID's Enhanced KYC speaking the same HTTP protocol (signed requests,
 * signed answers, the result codes the portal reads), with a small sample register of IPRS and KRA.
 * The server starts it on loopback when no IDENTITY_* credentials are configured. Sample numbers
 * (README, "Identity checks"):
 * - ID 27000001 is Wanjiru Kamau, born 1990-04-12; 27000002 is Achieng Otieno, born 1988-09-30:
 *   verified with those names (and that date of birth, when given), otherwise a mismatch naming what differs
 * - ID 27000404: no such record (1013)
 * - ID 27000503: IPRS down, "ID Authority Unavailable" (1015), every time
 * - ID 27000599: the provider's gateway answers HTTP 503
 * - ID 27000408: no answer before the client's time-out
 * - KRA PIN A270000001K is Wanjiru Kamau's; A270000002K is Achieng Otieno's; A270000404K is
 *   inactive (1013)
 * - any other well-formed number: verified with the names given (so every other journey passes)
 * `setOutage(true)` makes every answer the 1015 of an IPRS outage until it is set back.
 */
export const IDENTITY_SIMULATOR_CREDENTIALS = { partnerId: '2070', apiKey: 'simulator-identity-api-key' };

interface RegisterEntry {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

const PEOPLE: Record<string, RegisterEntry> = {
  wanjiru: { firstName: 'Wanjiru', lastName: 'Kamau', dateOfBirth: '1990-04-12' },
  achieng: { firstName: 'Achieng', lastName: 'Otieno', dateOfBirth: '1988-09-30' },
};

const REGISTER: Record<string, RegisterEntry> = {
  '27000001': PEOPLE.wanjiru!,
  '27000002': PEOPLE.achieng!,
  A270000001K: PEOPLE.wanjiru!,
  A270000002K: PEOPLE.achieng!,
};

/** Numbers with a fixed behaviour other than a record. */
export const SIMULATED_ID_NUMBERS = {
  notFound: '27000404',
  authorityDown: '27000503',
  gatewayDown: '27000599',
  noAnswer: '27000408',
  inactivePin: 'A270000404K',
} as const;

export interface IdentitySimulator {
  baseUrl: string;
  /** While on, every request is answered 1015 (IPRS down), as during a real outage. */
  setOutage(on: boolean): void;
  /** How many verification requests were received (tests prove a call was, or was not, made). */
  readonly requests: number;
  close(): Promise<void>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const words = (value: string) => value.toUpperCase().split(/\s+/).filter(Boolean);

export async function startIdentitySimulator(
  options: { partnerId: string; apiKey: string; noAnswerMs?: number } = IDENTITY_SIMULATOR_CREDENTIALS,
  port = 0,
): Promise<IdentitySimulator> {
  const app = Fastify({ logger: false });
  let outage = false;
  let requests = 0;
  /** Requests held unanswered ('no answer'): let go when the simulator closes. */
  const held = new Set<() => void>();

  /** An answer signed as Smile ID signs its answers. */
  const signed = (body: Record<string, unknown>) => {
    const timestamp = new Date().toISOString();
    return {
      ...body,
      timestamp,
      signature: smileSignature(options.apiKey, options.partnerId, timestamp),
    };
  };

  app.post('/v1/id_verification', async (request, reply) => {
    requests += 1;
    const body = isRecord(request.body) ? request.body : {};
    const partnerId = String(body.partner_id ?? '');
    const timestamp = String(body.timestamp ?? '');
    const signature = String(body.signature ?? '');
    if (partnerId !== options.partnerId || !isSmileSignature(options.apiKey, partnerId, timestamp, signature))
      return reply.code(401).send({ error: 'Invalid signature', code: '2205' });
    const age = Math.abs(Date.now() - Date.parse(timestamp));
    if (!Number.isFinite(age) || age > 60 * 60_000)
      return reply.code(401).send({ error: 'Timestamp too old', code: '2205' });
    const consent = isRecord(body.consent_information) ? body.consent_information : null;
    if (!consent?.consent_granted_date || consent.personal_details !== true)
      return reply
        .code(400)
        .send({ error: 'Consent information is required for this ID type', code: '2213' });
    if (body.country !== 'KE') return reply.code(400).send({ error: 'Unsupported country', code: '2203' });
    const idType = String(body.id_type ?? '');
    if (!['NATIONAL_ID', 'PASSPORT', 'ALIEN_CARD', 'KRA_PIN'].includes(idType))
      return reply.code(400).send({ error: 'Unsupported ID type', code: '1014' });
    const idNumber = String(body.id_number ?? '');
    const partnerParams = isRecord(body.partner_params) ? body.partner_params : {};
    const common = {
      JSONVersion: '1.0.0',
      SmileJobID: String(Math.floor(Math.random() * 1e10)).padStart(10, '0'),
      PartnerParams: partnerParams,
      ResultType: 'ID Verification',
      IsFinalResult: 'true',
      Country: 'KE',
      IDType: idType,
      IDNumber: idNumber,
    };

    if (idNumber === SIMULATED_ID_NUMBERS.gatewayDown)
      return reply.code(503).send({ error: 'Service Unavailable', code: '503' });
    if (idNumber === SIMULATED_ID_NUMBERS.noAnswer) {
      // Held past any client's time-out, then dropped.
      await new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          held.delete(release);
          resolve();
        };
        const timer = setTimeout(release, options.noAnswerMs ?? 30_000);
        held.add(release);
      });
      return reply.code(504).send({ error: 'Gateway Timeout' });
    }
    if (outage || idNumber === SIMULATED_ID_NUMBERS.authorityDown)
      return signed({
        ...common,
        ResultCode: RESULT_CODES.authorityUnavailable,
        ResultText: 'ID Authority Unavailable',
        Actions: { Verify_ID_Number: 'Issuer Unavailable', Return_Personal_Info: 'Not Returned' },
      });
    if (idNumber === SIMULATED_ID_NUMBERS.notFound || idNumber === SIMULATED_ID_NUMBERS.inactivePin)
      return signed({
        ...common,
        ResultCode: RESULT_CODES.notFound,
        ResultText: idType === 'KRA_PIN' ? 'Invalid ID: PIN not found or inactive' : 'Invalid ID',
        Actions: { Verify_ID_Number: 'Not Verified', Return_Personal_Info: 'Not Returned' },
      });

    const given = {
      firstName: String(body.first_name ?? ''),
      lastName: String(body.last_name ?? ''),
      dateOfBirth: typeof body.dob === 'string' ? body.dob : null,
    };
    const entry = REGISTER[idNumber] ?? {
      firstName: given.firstName,
      lastName: given.lastName,
      dateOfBirth: given.dateOfBirth ?? '1990-01-01',
    };
    const registered = words(`${entry.firstName} ${entry.lastName}`);
    const givenWords = words(`${given.firstName} ${given.lastName}`);
    const sameOrder = registered.join(' ') === givenWords.join(' ');
    const sameSet =
      registered.length === givenWords.length &&
      [...registered].sort().join(' ') === [...givenWords].sort().join(' ');
    const overlap = givenWords.some((word) => registered.includes(word));
    const names = sameOrder ? 'Exact Match' : sameSet ? 'Transposed' : overlap ? 'Partial Match' : 'No Match';
    const dob = !given.dateOfBirth
      ? 'Not Provided'
      : given.dateOfBirth === entry.dateOfBirth
        ? 'Exact Match'
        : 'No Match';
    return signed({
      ...common,
      ResultCode: RESULT_CODES.valid,
      ResultText: 'ID Number Validated',
      Actions: { Verify_ID_Number: 'Verified', Return_Personal_Info: 'Returned', Names: names, DOB: dob },
      FullName: `${entry.firstName} ${entry.lastName}`,
      DOB: entry.dateOfBirth,
      ...(idType === 'KRA_PIN' ? { PIN: idNumber, TaxpayerStatus: 'Active' } : {}),
      job_id: String(partnerParams.job_id ?? randomUUID()),
    });
  });

  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  return {
    baseUrl: `http://127.0.0.1:${listening}`,
    setOutage: (on) => {
      outage = on;
    },
    get requests() {
      return requests;
    },
    close: async () => {
      for (const release of [...held]) release();
      await app.close();
    },
  };
}
