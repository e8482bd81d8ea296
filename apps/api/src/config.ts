import { z } from 'zod';
import { isAddressRange, SAFARICOM_CALLBACK_IPS, splitAddressRanges } from './mpesa/callback-sources';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the server reads, checked once at start-up (.env.example documents each). */
const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Loopback by default: set HOST=0.0.0.0 (or an address) to open the server to the network. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Which proxies may set X-Forwarded-For: unset or 'false' trusts none (the socket's address is the
   * client's); a hop count ('1' behind one nginx); or comma-separated addresses / CIDRs of the proxies.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(false|true|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'false, a hop count, or proxy addresses / CIDRs separated by commas',
    )
    .default('false'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SEED_SAMPLE_DATA: booleanish.default(true),
  /**
   * Checks every answer against its action's output schema (`@bima/domain/contract`): an answer the
   * contract does not allow, or a field it does not declare, is a 500 naming the field. On in tests
   * (NODE_ENV=test) unless set; off otherwise, where it would only cost time.
   */
  CHECK_ANSWERS: booleanish.optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(256 * 1024),
  /**
   * Gateway calls allowed per window to each signed-in user (keyed by the access token's subject),
   * and per client IP to anonymous calls that change something.
   */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  /**
   * Anonymous calls allowed per client IP in each window: a flood ceiling, generous because many
   * Kenyan mobile users share one carrier-NAT address while they browse the catalogue and quote.
   */
  RATE_LIMIT_PUBLIC_READ_MAX: z.coerce.number().int().min(1).default(6000),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  JWT_SECRET: z.string().min(32).optional(),
  /** An smtp:// or smtps:// URL; without it mail goes to the local outbox. */
  SMTP_URL: z.string().url().optional(),
  /** Africa's Talking SMS (phone codes); without both, texts go to the local outbox (/dev/sms). */
  AFRICASTALKING_USERNAME: z.string().min(1).optional(),
  AFRICASTALKING_API_KEY: z.string().min(1).optional(),
  AFRICASTALKING_SENDER_ID: z.string().min(1).optional(),
  /**
   * Africa's Talking's API address; by default its sandbox for the username 'sandbox', else the live
   * API. `npm run cluster` points it at the standalone simulator (africastalking/simulator-server.ts).
   */
  AFRICASTALKING_BASE_URL: z.string().url().optional(),
  /**
   * The secret in Africa's Talking's callback paths (USSD /v2/api/ussd/<secret>, SMS delivery reports
   * and opt-outs); made and kept in the database when unset. Outside production loopback callers need none.
   */
  AFRICASTALKING_CALLBACK_SECRET: z.string().min(24).optional(),
  /** Africa's Talking's callback addresses (addresses or CIDR ranges, comma-separated); empty: the secret alone. */
  AFRICASTALKING_CALLBACK_IP_RANGES: z
    .string()
    .default('')
    .refine(
      (list) => splitAddressRanges(list).every(isAddressRange),
      'IPv4 / IPv6 addresses or CIDR ranges separated by commas',
    ),
  /** The local Africa's Talking simulator's port (0: any free one); used when AFRICASTALKING_USERNAME is unset. */
  AFRICASTALKING_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** How long the simulator takes to post a delivery report. */
  AFRICASTALKING_SIMULATOR_DELIVERY_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  /** The USSD code the channel answers (shown on /dev/ussd and in texts). */
  USSD_SERVICE_CODE: z
    .string()
    .regex(/^\*[0-9*]+#$/, 'a USSD code such as *384*123#')
    .default('*384*123#'),
  /** USSD requests one phone may make a minute (each answer is one). */
  USSD_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** How often the SMS worker looks for queued texts that are due (a new text also wakes it at once). */
  SMS_QUEUE_INTERVAL_MS: z.coerce.number().int().min(50).default(5_000),
  /** The wait after a text's first failed attempt; it doubles with each failure up to SMS_RETRY_MAX_MS. */
  SMS_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  SMS_RETRY_MAX_MS: z.coerce.number().int().min(10).default(3_600_000),
  MAIL_FROM: z.string().min(3).default('Bima Portal <no-reply@bimaportal.co.ke>'),
  /** How often the mail worker looks for queued e-mail that is due (a new message also wakes it at once). */
  MAIL_QUEUE_INTERVAL_MS: z.coerce.number().int().min(50).default(10_000),
  /** The wait after a message's first failed attempt; it doubles with each failure up to MAIL_RETRY_MAX_MS. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).default(3_600_000),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** Wrong one-time codes an account may get in a business day, across all its references, before a day's pause. */
  CODE_WRONG_PER_DAY: z.coerce.number().int().min(1).max(100).default(10),
  /** How long a password-reset reference (and its e-mailed link) lives, in minutes of the business clock. */
  RESET_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  /** Failed sign-ins of one account (from anywhere) per LOGIN_ACCOUNT_WINDOW_MINUTES before its sign-in pauses. */
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(20),
  LOGIN_ACCOUNT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** How long a staff invitation's code stays usable, in hours (it is bound to the invitation's reference). */
  INVITATION_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  /** The portal's public address, for links in e-mails (invitations, help requests to intermediaries). */
  PUBLIC_BASE_URL: z.string().url().default('http://localhost:3000'),
  /**
   * GET /metrics (Prometheus) answers only with `Authorization: Bearer <METRICS_TOKEN>`; without the
   * setting it is not served at all.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Chats: fan-out through Redis pub/sub when set (else PostgreSQL LISTEN/NOTIFY, or in-process on PGlite). */
  REDIS_URL: z.string().url().optional(),
  /** Chats: how often the server pings each socket; a socket silent for two beats is closed. */
  /**
   * Chats: the socket's origin when the web app is built with a separate chat host (VITE_CHAT_HOST),
   * e.g. wss://chat.bimaportal.co.ke; it is added to the Content-Security-Policy's connect-src. A
   * comma-separated list; with PUBLIC_BASE_URL's, these origins (as https://, or http:// for ws://)
   * are the only pages whose browsers may open the chat socket.
   */
  CHAT_SOCKET_ORIGIN: z
    .string()
    .regex(
      /^(wss?|https?):\/\/[A-Za-z0-9.-]+(:\d+)?(,\s*(wss?|https?):\/\/[A-Za-z0-9.-]+(:\d+)?)*$/,
      'ws://, wss://, http:// or https:// origins separated by commas, e.g. wss://chat.example.co.ke',
    )
    .optional(),
  CHAT_HEARTBEAT_MS: z.coerce.number().int().min(1000).max(300_000).default(25_000),
  /** Chats: open sockets one user may hold across every instance (a tab holds one). */
  CHAT_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
  /** How many copies of their data (Privacy › Download my data) a client may download an hour. */
  DATA_EXPORTS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Multiplies every sign-in, code and reset rate limit (the test server raises them). */
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(10_000).default(1),
  /** Daraja (M-Pesa). Without a consumer key the local Daraja simulator is started and used. */
  MPESA_BASE_URL: z.string().url().optional(),
  MPESA_CONSUMER_KEY: z.string().min(1).optional(),
  MPESA_CONSUMER_SECRET: z.string().min(1).optional(),
  MPESA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/)
    .default('174379'),
  MPESA_PASSKEY: z.string().min(1).optional(),
  /** Where Safaricom can reach this server (https in production); defaults to this server on loopback. */
  MPESA_CALLBACK_BASE_URL: z.string().url().optional(),
  /** The secret in the callback path; made and kept in the database when unset. */
  MPESA_CALLBACK_SECRET: z.string().min(24).optional(),
  /**
   * When a success callback is confirmed with M-Pesa's own STK query before any money is credited
   * (and a B2C payout result with Transaction Status before a payout is settled or freed):
   * `outside-ranges` for callbacks from an address outside MPESA_CALLBACK_IP_RANGES, `always` for all.
   */
  MPESA_CALLBACK_CONFIRM: z.enum(['outside-ranges', 'always']).default('outside-ranges'),
  /** Safaricom's callback addresses (addresses or CIDR ranges, comma-separated); Daraja's published list by default. */
  MPESA_CALLBACK_IP_RANGES: z
    .string()
    .default(SAFARICOM_CALLBACK_IPS.join(','))
    .refine(
      (list) => splitAddressRanges(list).every(isAddressRange),
      'IPv4 / IPv6 addresses or CIDR ranges separated by commas',
    ),
  /** M-Pesa's per-transaction limit in whole shillings; a larger invoice is paid in several prompts. */
  MPESA_MAX_AMOUNT: z.coerce.number().int().min(1).max(1_000_000).default(250_000),
  /** Paybill (CustomerPayBillOnline, PartyB = the paybill) or till (CustomerBuyGoodsOnline, PartyB = the till). */
  MPESA_TRANSACTION_TYPE: z
    .enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'])
    .default('CustomerPayBillOnline'),
  /** The receiving shortcode: the till number for buy goods; defaults to MPESA_SHORTCODE (paybill). */
  MPESA_PARTY_B: z
    .string()
    .regex(/^\d{5,7}$/)
    .optional(),
  MPESA_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * Identity checks (IPRS and KRA PIN) through Smile ID's Enhanced KYC. Without IDENTITY_API_KEY the
   * local simulator (apps/api/src/identity/simulator.ts) is started and used.
   */
  IDENTITY_BASE_URL: z.string().url().optional(),
  IDENTITY_PARTNER_ID: z
    .string()
    .regex(/^\d{1,10}$/, 'the partner id, digits without leading zeros')
    .optional(),
  IDENTITY_API_KEY: z.string().min(1).optional(),
  /** How long one check waits for the register before it is counted unavailable and retried by the job. */
  IDENTITY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  /** How often checks whose register did not answer are looked at (each waits its own backoff). */
  IDENTITY_RETRY_INTERVAL_MS: z.coerce.number().int().min(200).default(60_000),
  /** The identity simulator's port (0: any free one); `identity/simulator-server.ts` and the in-process one. */
  IDENTITY_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  MPESA_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).default(3000),
  MPESA_SIMULATOR_LATE_MS: z.coerce.number().int().min(0).default(20_000),
  /** Daraja B2C (claim payouts): the initiator's name and its encrypted password (SecurityCredential). */
  MPESA_B2C_INITIATOR_NAME: z.string().min(1).default('bima-claims'),
  MPESA_B2C_SECURITY_CREDENTIAL: z.string().min(1).optional(),
  /** The B2C shortcode paying claims; MPESA_SHORTCODE when unset. */
  MPESA_B2C_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/)
    .optional(),
  /** How long the simulator's B2C takes before its result callback. */
  MPESA_SIMULATOR_B2C_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  /** M-Pesa Ratiba in the simulator: how long the customer takes to approve, how often due debits are made (0: only when the clock moves). */
  MPESA_SIMULATOR_RATIBA_DELAY_MS: z.coerce.number().int().min(0).default(3000),
  MPESA_SIMULATOR_RATIBA_TICK_MS: z.coerce.number().int().min(0).default(1000),
  /** How often claim payouts without a B2C result are looked for and checked with Transaction Status. */
  PAYOUT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(200).default(30_000),
  /** A payout is checked once its result is this late (and then with a doubling pause, up to 30 min). */
  PAYOUT_QUERY_AFTER_MS: z.coerce.number().int().min(100).default(120_000),
  /** A payout still without a definitive answer this long after it was sent becomes unresolved for the desk. */
  PAYOUT_UNRESOLVED_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(24 * 3_600_000),
  /**
   * DMVIC (AKI's digital motor certificates). Without DMVIC_USERNAME the local DMVIC simulator is
   * started and used; with it, DMVIC_BASE_URL, DMVIC_PASSWORD and DMVIC_CLIENT_ID are needed too, and
   * over https the client certificate and key DMVIC issued (mutual TLS).
   */
  DMVIC_BASE_URL: z.string().url().optional(),
  DMVIC_USERNAME: z.string().min(1).optional(),
  DMVIC_PASSWORD: z.string().min(1).optional(),
  DMVIC_CLIENT_ID: z.string().min(1).optional(),
  /** PEM files: the client certificate and its key, and a CA to trust beyond the system's (optional). */
  DMVIC_CERT_FILE: z.string().min(1).optional(),
  DMVIC_KEY_FILE: z.string().min(1).optional(),
  DMVIC_CA_FILE: z.string().min(1).optional(),
  /** How long one call to DMVIC may take before it counts as a timeout. */
  DMVIC_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /** The local simulator's port (0: any free one). */
  DMVIC_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Uploaded files: in DATA_DIR/files unless S3_BUCKET names an S3-compatible bucket. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible server (MinIO, R2, Wasabi); AWS when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  /** Bytes of files a client account may keep (MB), and a staff account (an insurer's, a firm's, an admin's). */
  UPLOAD_QUOTA_MB: z.coerce.number().positive().default(200),
  UPLOAD_STAFF_QUOTA_MB: z.coerce.number().positive().default(2000),
  /** Bytes any account may upload in a day (Kenya time, MB), counted as received. */
  UPLOAD_DAILY_MB: z.coerce.number().positive().default(100),
  /** The most pixels a photo may have (megapixels), read from its header before it is decoded. */
  UPLOAD_MAX_MEGAPIXELS: z.coerce.number().positive().max(268).default(40),
  /** An upload never attached (a chat file never sent) is deleted, row and bytes, after this long. */
  UPLOAD_ORPHAN_GRACE_HOURS: z.coerce.number().positive().default(24),
  UPLOAD_ORPHAN_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /** How often pending payments are checked with the STK query. */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(200).default(15_000),
  /** Renewal reminders: how many days before a policy ends each one goes (comma-separated). */
  RENEWAL_REMINDER_DAYS: z
    .string()
    .default('30,14,3')
    .transform((value, context) => {
      const days = value.split(',').map((part) => Number(part.trim()));
      if (days.some((day) => !Number.isInteger(day) || day < 1 || day > 365)) {
        context.addIssue({ code: 'custom', message: 'a comma-separated list of days between 1 and 365' });
        return z.NEVER;
      }
      return [...new Set(days)].sort((a, b) => b - a);
    }),
  /** How often policies nearing their end are looked for (renewal reminders). */
  RENEWAL_REMINDER_INTERVAL_MS: z.coerce.number().int().min(200).default(3_600_000),
  /** Premium financing: the smallest invoice (KES) a lender finances. */
  IPF_MIN_PREMIUM: z.coerce.number().int().min(1).max(100_000_000).default(25_000),
  /** School fee loans: the smallest invoice balance (KES) a lender pays. */
  SCHOOL_LOAN_MIN_BALANCE: z.coerce.number().int().min(1).max(100_000_000).default(5_000),
  /** Loans: how many days before an instalment is due the reminders go (comma-separated). */
  LOAN_REMINDER_DAYS: z
    .string()
    .default('7,1')
    .transform((value, context) => {
      const days = value.split(',').map((part) => Number(part.trim()));
      if (days.some((day) => !Number.isInteger(day) || day < 0 || day > 60)) {
        context.addIssue({ code: 'custom', message: 'a comma-separated list of days between 0 and 60' });
        return z.NEVER;
      }
      return [...new Set(days)].sort((a, b) => b - a);
    }),
  /** Loans: days after a missed instalment's due date before the notice (the grace period). */
  LOAN_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  /** Loans: days the notice gives before the lender asks the insurer to cancel the policy. */
  LOAN_NOTICE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  /** How often the loan jobs (reminders, the arrears process) run. */
  LOAN_JOB_INTERVAL_MS: z.coerce.number().int().min(200).default(3_600_000),
  /** How long a quotation's price is offered; after that it is priced again. */
  QUOTATION_VALID_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SUPPORT_PHONE: z.string().min(3).default('+254 709 123 000'),
  SUPPORT_EMAIL: z.string().email().default('support@bimaportal.co.ke'),
  SUPPORT_ADDRESS: z.string().min(3).default('Bima House, 4th Floor, Upper Hill Road, Nairobi'),
  /**
   * PGlite only: gateway calls arriving while this many database calls are queued are answered
   * 503 with Retry-After at once, so waits stay short under overload (0: never).
   */
  DB_QUEUE_LIMIT: z.coerce.number().int().min(0).default(500),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** PDF downloads (statements, schedules, receipts, certificates, claim forms) per user per minute. */
  PDF_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Browser error reports (POST /v2/api/client-errors) one IP address may send per minute. */
  CLIENT_ERRORS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Worker threads rendering PDFs off the event loop (0: in the request's thread); default cores − 1, 1 to 4. */
  PDF_WORKERS: z.coerce.number().int().min(0).max(32).optional(),
  /** Help requests one client (signed-in account, else verified e-mail) may send in 24 hours. */
  HELP_REQUESTS_PER_CLIENT_PER_DAY: z.coerce.number().int().min(1).default(5),
  /** Help requests announced to one firm by e-mail per hour; beyond, one notice, then in the inbox only. */
  HELP_REQUEST_EMAILS_PER_FIRM_PER_HOUR: z.coerce.number().int().min(1).default(10),
});
/** In production, real money: Daraja credentials and the secrets must be set, not simulated or made up. */
const productionSchema = baseConfigSchema.superRefine((config, context) => {
  if (config.NODE_ENV !== 'production') return;
  const required = (key: keyof typeof config, why: string) => {
    if (!config[key])
      context.addIssue({ code: 'custom', path: [key], message: `required in production: ${why}` });
  };
  required('JWT_SECRET', 'it signs access tokens');
  required('MPESA_CONSUMER_KEY', 'payments must reach Daraja, not the simulator');
  required('MPESA_CONSUMER_SECRET', 'payments must reach Daraja');
  required('MPESA_PASSKEY', 'payments must reach Daraja');
  required('MPESA_CALLBACK_BASE_URL', 'Safaricom must be able to call back');
  required('SMTP_URL', 'sign-up and reset codes must reach people, not a local table');
  required('IDENTITY_BASE_URL', 'identity checks must reach the identity provider, not the simulator');
  required('IDENTITY_PARTNER_ID', 'identity checks must reach the identity provider');
  required('IDENTITY_API_KEY', 'identity checks must reach the identity provider');
  required('DMVIC_USERNAME', 'motor certificates must be issued through DMVIC, not the simulator');
  if (config.MPESA_CALLBACK_BASE_URL && !config.MPESA_CALLBACK_BASE_URL.startsWith('https://')) {
    context.addIssue({
      code: 'custom',
      path: ['MPESA_CALLBACK_BASE_URL'],
      message: 'must be an https:// URL in production (Daraja refuses plain http callbacks)',
    });
  }
});
/**
 * DMVIC's settings go together: the login's four, and over https (the real DMVIC) the client
 * certificate and key. Plain http is only for a simulator on this machine.
 */
export const configSchema = productionSchema.superRefine((config, context) => {
  const login = ['DMVIC_BASE_URL', 'DMVIC_USERNAME', 'DMVIC_PASSWORD', 'DMVIC_CLIENT_ID'] as const;
  const set = login.filter((key) => config[key]);
  if (set.length > 0 && set.length < login.length) {
    for (const key of login.filter((key) => !config[key])) {
      context.addIssue({ code: 'custom', path: [key], message: `required with ${set.join(', ')}` });
    }
  }
  if (config.DMVIC_CERT_FILE && !config.DMVIC_KEY_FILE)
    context.addIssue({ code: 'custom', path: ['DMVIC_KEY_FILE'], message: 'required with DMVIC_CERT_FILE' });
  if (config.DMVIC_KEY_FILE && !config.DMVIC_CERT_FILE)
    context.addIssue({ code: 'custom', path: ['DMVIC_CERT_FILE'], message: 'required with DMVIC_KEY_FILE' });
  const url = config.DMVIC_BASE_URL;
  if (!url) return;
  if (url.startsWith('https://') && !config.DMVIC_CERT_FILE) {
    context.addIssue({
      code: 'custom',
      path: ['DMVIC_CERT_FILE'],
      message: 'required with an https DMVIC_BASE_URL: DMVIC asks for the client certificate (mutual TLS)',
    });
  }
  if (
    url.startsWith('http://') &&
    !/^http:\/\/(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(:\d+)?(\/|$)/.test(url)
  ) {
    context.addIssue({
      code: 'custom',
      path: ['DMVIC_BASE_URL'],
      message: 'must be https:// (plain http only for a simulator on this machine)',
    });
  }
});
export type Config = z.infer<typeof configSchema>;

/** Fastify's `trustProxy` from TRUST_PROXY: never trusting X-Forwarded-For unless configured to. */
export function trustProxyOption(
  setting: string,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === 'false') return false;
  if (setting === 'true') return true;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  return setting.split(',').map((address) => address.trim());
}

/** Whether the server listens on loopback only (then, outside production, /dev/* is served). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration, failing with a list of every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/** The origins listed in CHAT_SOCKET_ORIGIN (none when unset). */
export function chatSocketOrigins(config: Pick<Config, 'CHAT_SOCKET_ORIGIN'>): string[] {
  return (config.CHAT_SOCKET_ORIGIN ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}
