import type { StaffRole, UserRole } from '@bima/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Language } from '../lib/language';
import type { Services } from '../services';

/**
 * The signed-in caller. On every call with a session, the role and the firm or insurer are read from
 * the database (the session's user), so a disabled user or a suspended firm stops at once.
 */
export interface Principal {
  userId: string;
  role: UserRole;
  sessionId: string | null;
  /** The intermediary firm of an 'intermediary' user; null for every other role. */
  intermediaryId: number | null;
  /** The insurer of an 'underwriter' user; null for every other role. */
  underwriterId: string | null;
  /** The lender of a 'lender' user; null (or absent) for every other role. */
  lenderId?: number | null;
}

/**
 * Who may call an action, declared by every action: 'public' (anyone, signed in or not), 'signedIn'
 * (any signed-in user, e.g. sign-out), 'client' (signed-in clients only) or 'staff' with the staff
 * roles allowed. The gateway enforces it before the input is even parsed.
 */
export type ActionAccess =
  | { auth: 'public' | 'signedIn' | 'client'; roles?: never }
  | { auth: 'staff'; roles: readonly [StaffRole, ...StaffRole[]] };

/** Whether a caller of `role` may call an action declared with `access`. */
export function isAllowed(access: ActionAccess, role: UserRole): boolean {
  switch (access.auth) {
    case 'public':
    case 'signedIn':
      return true;
    case 'client':
      return role === 'client';
    case 'staff':
      return (access.roles as readonly UserRole[]).includes(role);
  }
}

export type RateLimitClass = 'read' | 'write';

/** The rate-limit class of an action: declared, or derived from its auth level. */
export function rateLimitClassOf(definition: Pick<ActionDefinition, 'auth' | 'rateLimit'>): RateLimitClass {
  return definition.rateLimit ?? (definition.auth === 'public' ? 'read' : 'write');
}

export interface ActionContext<Input> {
  input: Input;
  /** The signed-in caller; null on public actions called anonymously. */
  principal: Principal | null;
  db: Database;
  config: Config;
  services: Services;
  log: FastifyBaseLogger;
  requestId: string;
  /** The caller's IP address (from X-Forwarded-For only behind a proxy trusted by TRUST_PROXY). */
  ip: string;
  /** The language the request asks for (its Accept-Language; the portal sends its chosen one). */
  language: Language;
}

export type ActionDefinition<Schema extends z.ZodType = z.ZodType> = ActionAccess & {
  service: string;
  resource: string;
  action: string;
  version?: string;
  /**
   * Which gateway limit an anonymous call counts against: 'read' (the per-IP flood ceiling, as many
   * people share one carrier-NAT address) or 'write' (the stricter per-IP limit). Signed-in calls
   * count per user either way. Defaults to 'read' for public actions, 'write' for secured ones.
   */
  rateLimit?: RateLimitClass;
  description: string;
  input: Schema;
  handler: (context: ActionContext<z.infer<Schema>>) => Promise<unknown>;
};

/** Declares an action with its input type inferred from its schema. */
export function defineAction<Schema extends z.ZodType>(
  definition: ActionDefinition<Schema>,
): ActionDefinition {
  return definition as unknown as ActionDefinition;
}

export function actionKey(service: string, resource: string, action: string, version = 'v1'): string {
  return `${service}/${resource}/${action}@${version}`;
}

/** The gateway's table of actions; each business module registers its own. */
export class ActionRegistry {
  readonly #actions = new Map<string, ActionDefinition>();

  register(...definitions: ActionDefinition[]): void {
    for (const definition of definitions) {
      const key = actionKey(definition.service, definition.resource, definition.action, definition.version);
      if (this.#actions.has(key)) throw new Error(`Gateway action registered twice: ${key}`);
      if (definition.auth === 'staff' && !(definition.roles?.length > 0))
        throw new Error(`Gateway staff action without roles: ${key}`);
      this.#actions.set(key, definition);
    }
  }

  find(service: string, resource: string, action: string, version: string): ActionDefinition | undefined {
    return this.#actions.get(actionKey(service, resource, action, version));
  }

  list(): ActionDefinition[] {
    return [...this.#actions.values()].sort((a, b) =>
      actionKey(a.service, a.resource, a.action).localeCompare(actionKey(b.service, b.resource, b.action)),
    );
  }
}
