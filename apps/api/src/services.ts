import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { RateLimiter } from './auth/rate-limiter';
import type { Config } from './config';
import type { Database } from './db/client';
import { appSecrets, sessions } from './db/schema';
import { createMailer, type Mailer } from './mail/mailer';

/** What the business modules share beyond the database: mail, rate limits and secrets. */
export interface Services {
  mailer: Mailer;
  limiter: RateLimiter;
  /** Signs access tokens and keys the hashes of one-time codes. */
  tokenSecret: string;
  isSessionActive(sessionId: string): Promise<boolean>;
}

/** The configured secret, or one the server made and stored on its first start. */
async function resolveTokenSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: 'token', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'token'));
  return row!.value;
}

export async function createServices(options: {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
}): Promise<Services> {
  const { db, config, log } = options;
  return {
    mailer: createMailer({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log }),
    limiter: new RateLimiter(config.AUTH_RATE_LIMIT_SCALE),
    tokenSecret: await resolveTokenSecret(db, config.JWT_SECRET),
    isSessionActive: async (sessionId) => {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      return Boolean(row);
    },
  };
}
