import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { AfricasTalkingGuard } from './africastalking/callback-guard';
import {
  type AfricasTalkingSimulator,
  AT_SIMULATOR_CREDENTIALS,
  startAfricasTalkingSimulator,
} from './africastalking/simulator';
import { RateLimiter } from './auth/rate-limiter';
import { type ClusterBus, createClusterBus } from './cluster/bus';
import {
  type CounterStore,
  createMemoryCounters,
  createPostgresCounters,
  createRedisCounters,
} from './cluster/counters';
import { type Config, ConfigError } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { appSecrets, intermediaries, sessions, users } from './db/schema';
import { DmvicClient } from './dmvic/client';
import type { Dmvic } from './dmvic/port';
import { DMVIC_SIMULATOR_CREDENTIALS, type DmvicSimulator, startDmvicSimulator } from './dmvic/simulator';
import { IdentityClient } from './identity/client';
import {
  IDENTITY_SIMULATOR_CREDENTIALS,
  type IdentitySimulator,
  startIdentitySimulator,
} from './identity/simulator';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { type Clock, createClock } from './lib/clock';
import { createMailer, type Mailer } from './mail/mailer';
import { ChatHub } from './modules/chat/hub';
import { createPdfService, type PdfService } from './modules/pdf-renderers';
import { addressMatcher, splitAddressRanges } from './mpesa/callback-sources';
import { DarajaClient, DarajaError } from './mpesa/daraja-client';
import { ratibaBody, type StandingOrderAck, type StandingOrderRequest } from './mpesa/ratiba';
import { type DarajaSimulator, SIMULATOR_CREDENTIALS, startDarajaSimulator } from './mpesa/simulator';
import { Metrics } from './observability/metrics';
import { africasTalkingBaseUrl, createAfricasTalkingClient } from './sms/sender';
import { createSmsService, type SmsService } from './sms/worker';

/** What the business modules share beyond the database: mail, rate limits and secrets. */
export interface Services {
  mailer: Mailer;
  /** Text messages: the SMS queue's worker, sending through Africa's Talking or its local simulator. */
  sms: SmsService;
  /**
   * Africa's Talking's callbacks (USSD, SMS delivery reports, opt-outs): who may call them
   * (`africasTalkingCaller`), their URLs, and the local simulator when no account is configured.
   */
  africasTalking: AfricasTalkingGuard & {
    simulator: AfricasTalkingSimulator | null;
    deliveryReportUrl(): string;
    optOutUrl(): string;
  };
  /** PUBLIC_BASE_URL without a trailing slash: the portal's address in e-mailed links. */
  publicBaseUrl: string;
  limiter: RateLimiter;
  /** The counters behind every rate limit: this process, Redis or PostgreSQL (shared by instances). */
  counters: CounterStore;
  /** Events between the API instances (chat, product changes). */
  bus: ClusterBus;
  /** Background work on pg-boss: each recurring job once per cluster, retried, failures kept. */
  jobs: JobQueue;
  /** This instance's Prometheus metrics (served at /metrics). */
  metrics: Metrics;
  /** Throws unless Redis answers (readiness); a no-op without REDIS_URL. */
  pingRedis(): Promise<void>;
  /** Signs access tokens and keys the hashes of one-time codes. */
  tokenSecret: string;
  /**
   * The user behind an unrevoked session, with the role, status and firm as they are now; null when
   * the session is revoked or unknown. The gateway asks on every secured call.
   */
  findSessionCaller(sessionId: string): Promise<SessionCaller | null>;
  mpesa: {
    client: DarajaClient;
    /** The local Daraja simulator, when no Daraja credentials are configured. */
    simulator: DarajaSimulator | null;
    /** The full callback URL, secret included; `setOrigin` tells it where this server listens. */
    callbackUrl(): string;
    callbackSecret: string;
    /**
     * Whether a callback from this address may be believed without asking M-Pesa (inside
     * MPESA_CALLBACK_IP_RANGES, unless MPESA_CALLBACK_CONFIRM=always): otherwise a success is
     * confirmed with the STK query before money is credited, and a B2C result with Transaction Status.
     */
    isTrustedCallbackSource(address: string): boolean;
    setOrigin(origin: string): void;
    /** M-Pesa's per-transaction limit in whole shillings (MPESA_MAX_AMOUNT). */
    maxAmount: number;
    /**
     * M-Pesa Ratiba: asks M-Pesa for a monthly standing order to our paybill (or till); the answers
     * come to `ratiba.callbackUrl()`. Throws a DarajaError when M-Pesa refuses or cannot be reached.
     */
    createStandingOrder(request: StandingOrderRequest): Promise<StandingOrderAck>;
    ratiba: {
      callbackUrl(): string;
      /** Where Transaction Status answers about a debit come, with the debit sealed in the query string. */
      statusResultUrl(): string;
      statusTimeoutUrl(): string;
      /** The shortcode the debits are paid to (PartyA of a Transaction Status about one). */
      shortcode: string;
    };
    /** Daraja B2C (claim payouts); null when no SecurityCredential is configured for real Daraja. */
    b2c: {
      initiatorName: string;
      securityCredential: string;
      shortcode: string;
      resultUrl(): string;
      timeoutUrl(): string;
      /** Where Transaction Status answers about payouts come (ResultURL) and its queue time-outs. */
      statusResultUrl(): string;
      statusTimeoutUrl(): string;
    } | null;
  };
  /** Identity checks (IPRS, KRA PIN) through Smile ID, or its local simulator when not configured. */
  identity: {
    client: IdentityClient;
    simulator: IdentitySimulator | null;
  };
  /**
   * DMVIC (motor certificates, plate look-ups): the real API when DMVIC_USERNAME is set, else the
   * local DMVIC simulator (in this process) behind the same client.
   */
  dmvic: {
    client: Dmvic;
    simulator: DmvicSimulator | null;
  };
  /** The chat sockets of this instance and the fan-out to the others (modules/chat). */
  chat: ChatHub;
  /** The business clock (loans' due dates and jobs); movable outside production only. */
  clock: Clock;
  /** PDFs rendered in worker threads (PDF_WORKERS), and the per-user limit on their downloads. */
  pdf: PdfService;
  close(): Promise<void>;
}

export interface SessionCaller {
  userId: string;
  role: string;
  status: string;
  intermediaryId: number | null;
  intermediaryStatus: string | null;
  underwriterId: string | null;
  lenderId: number | null;
}

/** The configured secret, or one the server made and stored on its first start. */
async function resolveSecret(db: Database, name: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}

/** Redis when configured, else PostgreSQL when the database is one, else this process. */
function createCounters(database: DatabaseHandle, redis: Redis | null): CounterStore {
  if (redis) return createRedisCounters(redis);
  if (database.kind === 'postgres') return createPostgresCounters(database);
  return createMemoryCounters();
}

/**
 * The DMVIC client: the real API with the configured login and client certificate, or the local
 * simulator (on DMVIC_SIMULATOR_PORT, its clock the business clock) when DMVIC_USERNAME is unset.
 */
async function createDmvic(
  config: Config,
  clock: Clock,
  log: FastifyBaseLogger,
): Promise<{ client: DmvicClient; simulator: DmvicSimulator | null }> {
  const read = (setting: 'DMVIC_CERT_FILE' | 'DMVIC_KEY_FILE' | 'DMVIC_CA_FILE') => {
    const path = config[setting];
    if (!path) return undefined;
    try {
      return readFileSync(path);
    } catch (error) {
      throw new ConfigError(`${setting}: cannot read ${path} (${(error as Error).message})`);
    }
  };
  if (config.DMVIC_USERNAME && config.DMVIC_BASE_URL) {
    const cert = read('DMVIC_CERT_FILE');
    const key = read('DMVIC_KEY_FILE');
    return {
      client: new DmvicClient({
        baseUrl: config.DMVIC_BASE_URL,
        username: config.DMVIC_USERNAME,
        password: config.DMVIC_PASSWORD ?? '',
        clientId: config.DMVIC_CLIENT_ID ?? '',
        tls: cert && key ? { cert, key, ca: read('DMVIC_CA_FILE') } : undefined,
        timeoutMs: config.DMVIC_TIMEOUT_MS,
        now: () => clock.now(),
      }),
      simulator: null,
    };
  }
  const simulator = await startDmvicSimulator(
    {
      ...DMVIC_SIMULATOR_CREDENTIALS,
      now: () => clock.now(),
      slowAnswerMs: config.DMVIC_TIMEOUT_MS + 5_000,
      log: (message, detail) => log.warn({ err: detail }, message),
    },
    config.DMVIC_SIMULATOR_PORT,
  );
  return {
    client: new DmvicClient({
      baseUrl: simulator.baseUrl,
      ...DMVIC_SIMULATOR_CREDENTIALS,
      timeoutMs: config.DMVIC_TIMEOUT_MS,
      now: () => clock.now(),
    }),
    simulator,
  };
}

export async function createServices(options: {
  database: DatabaseHandle;
  config: Config;
  log: FastifyBaseLogger;
  /** A bus shared with other instances in this process (tests); left open on close. */
  bus?: ClusterBus;
}): Promise<Services> {
  const { database, config, log } = options;
  const db = database.db;
  const useSimulator = !config.MPESA_CONSUMER_KEY;
  const till = {
    transactionType: config.MPESA_TRANSACTION_TYPE,
    partyB: config.MPESA_PARTY_B ?? config.MPESA_SHORTCODE,
  };
  const clock = createClock({ settable: config.NODE_ENV !== 'production' });
  const simulator = useSimulator
    ? await startDarajaSimulator(
        {
          ...SIMULATOR_CREDENTIALS,
          shortcode: config.MPESA_SHORTCODE,
          ...till,
          maxAmount: config.MPESA_MAX_AMOUNT,
          answerDelayMs: config.MPESA_SIMULATOR_DELAY_MS,
          lateDelayMs: config.MPESA_SIMULATOR_LATE_MS,
          b2cShortcode: config.MPESA_B2C_SHORTCODE ?? config.MPESA_SHORTCODE,
          b2cDelayMs: config.MPESA_SIMULATOR_B2C_DELAY_MS,
          today: () => clock.today(),
          now: () => clock.now(),
          ratibaDelayMs: config.MPESA_SIMULATOR_RATIBA_DELAY_MS,
          ratibaTickMs: config.MPESA_SIMULATOR_RATIBA_TICK_MS,
          log: (message, detail) => log.warn({ err: detail }, message),
        },
        config.MPESA_SIMULATOR_PORT,
      )
    : null;
  const metrics = new Metrics();
  const identitySimulator = config.IDENTITY_API_KEY
    ? null
    : await startIdentitySimulator(IDENTITY_SIMULATOR_CREDENTIALS, config.IDENTITY_SIMULATOR_PORT);
  const identityClient = new IdentityClient({
    baseUrl: identitySimulator?.baseUrl ?? config.IDENTITY_BASE_URL ?? 'https://testapi.smileidentity.com',
    partnerId: config.IDENTITY_PARTNER_ID ?? IDENTITY_SIMULATOR_CREDENTIALS.partnerId,
    apiKey: config.IDENTITY_API_KEY ?? IDENTITY_SIMULATOR_CREDENTIALS.apiKey,
    timeoutMs: config.IDENTITY_TIMEOUT_MS,
  });
  const dmvic = await createDmvic(config, clock, log);
  const client = new DarajaClient(
    {
      baseUrl: simulator?.baseUrl ?? config.MPESA_BASE_URL ?? 'https://sandbox.safaricom.co.ke',
      consumerKey: config.MPESA_CONSUMER_KEY ?? SIMULATOR_CREDENTIALS.consumerKey,
      consumerSecret: config.MPESA_CONSUMER_SECRET ?? SIMULATOR_CREDENTIALS.consumerSecret,
      shortcode: config.MPESA_SHORTCODE,
      passkey: config.MPESA_PASSKEY ?? SIMULATOR_CREDENTIALS.passkey,
      ...till,
    },
    metrics.observedFetch(),
  );
  const callbackSecret = await resolveSecret(db, 'mpesa-callback', config.MPESA_CALLBACK_SECRET);
  const fromSafaricom = addressMatcher(splitAddressRanges(config.MPESA_CALLBACK_IP_RANGES));
  const mailer = createMailer({
    db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    retryMaxMs: config.MAIL_RETRY_MAX_MS,
  });
  let origin = config.MPESA_CALLBACK_BASE_URL ?? `http://127.0.0.1:${config.PORT}`;
  const bus =
    options.bus ?? (await createClusterBus({ redisUrl: config.REDIS_URL, databaseUrl: database.url, log }));
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : null;
  redis?.on('error', (error) => log.warn({ err: error }, 'Redis connection error'));
  const counters = createCounters(database, redis);
  const pdf = createPdfService({
    counters,
    downloadsPerMinute: config.PDF_RATE_LIMIT_PER_MINUTE,
    workers: config.PDF_WORKERS,
  });
  const jobs = createJobQueue({ database, log });
  const tokenSecret = await resolveSecret(db, 'token', config.JWT_SECRET);
  const chat = new ChatHub(db, bus, log, config.CHAT_HEARTBEAT_MS, tokenSecret);
  const b2cCredential = useSimulator
    ? SIMULATOR_CREDENTIALS.b2cSecurityCredential
    : config.MPESA_B2C_SECURITY_CREDENTIAL;
  const callbackPath = (path: string) =>
    `${origin.replace(/\/$/, '')}/v2/api/mpesa/${path}/${callbackSecret}`;

  const isProduction = config.NODE_ENV === 'production';
  const atCallbackSecret = await resolveSecret(
    db,
    'africastalking-callback',
    config.AFRICASTALKING_CALLBACK_SECRET,
  );
  const atRanges = splitAddressRanges(config.AFRICASTALKING_CALLBACK_IP_RANGES);
  const fromAfricasTalking = addressMatcher(atRanges);
  const atCallbackUrl = (path: string) =>
    `${origin.replace(/\/$/, '')}/v2/api/sms/${path}/${atCallbackSecret}`;
  const hasAfricasTalking = Boolean(config.AFRICASTALKING_USERNAME && config.AFRICASTALKING_API_KEY);
  // Without an account, outside production: the local Africa's Talking (in this process, like DMVIC's).
  const atSimulator =
    hasAfricasTalking || isProduction
      ? null
      : await startAfricasTalkingSimulator(
          {
            deliveryReportUrl: () => atCallbackUrl('delivery'),
            optOutUrl: () => atCallbackUrl('opt-out'),
            deliveryDelayMs: config.AFRICASTALKING_SIMULATOR_DELIVERY_MS,
            senderId: config.AFRICASTALKING_SENDER_ID,
            log: (message, detail) => log.warn({ detail }, message),
          },
          config.AFRICASTALKING_SIMULATOR_PORT,
        );
  const smsClient = hasAfricasTalking
    ? createAfricasTalkingClient({
        baseUrl: config.AFRICASTALKING_BASE_URL ?? africasTalkingBaseUrl(config.AFRICASTALKING_USERNAME!),
        username: config.AFRICASTALKING_USERNAME!,
        apiKey: config.AFRICASTALKING_API_KEY!,
        senderId: config.AFRICASTALKING_SENDER_ID,
        log,
        fetch: metrics.observedFetch(),
      })
    : atSimulator
      ? createAfricasTalkingClient({
          baseUrl: atSimulator.baseUrl,
          ...AT_SIMULATOR_CREDENTIALS,
          senderId: config.AFRICASTALKING_SENDER_ID,
          log,
          transport: 'simulator',
        })
      : null;
  const sms = createSmsService({
    db,
    log,
    client: smsClient,
    retryBaseMs: config.SMS_RETRY_BASE_MS,
    retryMaxMs: config.SMS_RETRY_MAX_MS,
  });

  return {
    mailer,
    sms,
    africasTalking: {
      callbackSecret: atCallbackSecret,
      isProduction,
      hasAddressRanges: atRanges.length > 0,
      fromAfricasTalking,
      simulator: atSimulator,
      deliveryReportUrl: () => atCallbackUrl('delivery'),
      optOutUrl: () => atCallbackUrl('opt-out'),
    },
    publicBaseUrl: config.PUBLIC_BASE_URL.replace(/\/$/, ''),
    limiter: new RateLimiter(counters, config.AUTH_RATE_LIMIT_SCALE),
    counters,
    bus,
    jobs,
    metrics,
    pingRedis: async () => {
      if (redis) await redis.ping();
    },
    tokenSecret,
    mpesa: {
      client,
      simulator,
      callbackSecret,
      isTrustedCallbackSource: (address) =>
        config.MPESA_CALLBACK_CONFIRM === 'outside-ranges' && fromSafaricom(address),
      maxAmount: config.MPESA_MAX_AMOUNT,
      callbackUrl: () => callbackPath('callback'),
      createStandingOrder: async (request) => {
        if (!Number.isSafeInteger(request.amount) || request.amount < 100 || request.amount % 100 !== 0)
          throw new DarajaError('A standing order takes whole shillings', 400, '400.002.02');
        const isTill = config.MPESA_TRANSACTION_TYPE === 'CustomerBuyGoodsOnline';
        return client.createStandingOrder(
          ratibaBody(request, {
            shortcode: isTill ? till.partyB : config.MPESA_SHORTCODE,
            till: isTill,
            callbackUrl: callbackPath('ratiba'),
          }),
        );
      },
      ratiba: {
        callbackUrl: () => callbackPath('ratiba'),
        statusResultUrl: () => callbackPath('ratiba/status'),
        statusTimeoutUrl: () => callbackPath('ratiba/status-timeout'),
        shortcode:
          config.MPESA_TRANSACTION_TYPE === 'CustomerBuyGoodsOnline' ? till.partyB : config.MPESA_SHORTCODE,
      },
      b2c: b2cCredential
        ? {
            initiatorName: config.MPESA_B2C_INITIATOR_NAME,
            securityCredential: b2cCredential,
            shortcode: config.MPESA_B2C_SHORTCODE ?? config.MPESA_SHORTCODE,
            resultUrl: () => callbackPath('b2c/result'),
            timeoutUrl: () => callbackPath('b2c/timeout'),
            statusResultUrl: () => callbackPath('b2c/status'),
            statusTimeoutUrl: () => callbackPath('b2c/status-timeout'),
          }
        : null,
      setOrigin: (value) => {
        if (!config.MPESA_CALLBACK_BASE_URL) origin = value;
      },
    },
    identity: { client: identityClient, simulator: identitySimulator },
    dmvic: { client: dmvic.client, simulator: dmvic.simulator },
    chat,
    clock,
    pdf,
    close: async () => {
      await jobs.stop();
      await pdf.close();
      await chat.close();
      await mailer.stop();
      await sms.stop();
      await atSimulator?.close();
      if (!options.bus) await bus.close();
      await redis?.quit().catch(() => undefined);
      await simulator?.close();
      await identitySimulator?.close();
      dmvic.client.close();
      await dmvic.simulator?.close();
    },
    findSessionCaller: async (sessionId) => {
      const [row] = await db
        .select({
          userId: users.id,
          role: users.role,
          status: users.status,
          intermediaryId: users.intermediaryId,
          intermediaryStatus: intermediaries.status,
          underwriterId: users.underwriterId,
          lenderId: users.lenderId,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(intermediaries, eq(intermediaries.id, users.intermediaryId))
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      return row ?? null;
    },
  };
}
