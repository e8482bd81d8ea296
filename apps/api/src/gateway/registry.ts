import type { StaffRole, UserRole } from '@bima/domain';
import {
  type ActionInput,
  type ActionKey,
  type ActionOutput,
  findContract,
  type WireValue,
} from '@bima/domain/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Language } from '../lib/language';
import type { Services } from '../services';
import type { SerializedResult } from './serialized';

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

/** What an action answers: its contract's output (a Date where text is due), or that answer serialized. */
export type ActionAnswer<Answer> = Answer | SerializedResult<Answer>;

interface ActionFields<Service extends string, Resource extends string, Action extends string> {
  service: Service;
  resource: Resource;
  action: Action;
  version?: string;
  /**
   * Which gateway limit an anonymous call counts against: 'read' (the per-IP flood ceiling, as many
   * people share one carrier-NAT address) or 'write' (the stricter per-IP limit). Signed-in calls
   * count per user either way. Defaults to 'read' for public actions, 'write' for secured ones.
   */
  rateLimit?: RateLimitClass;
  description: string;
}

export type ActionDefinition<Schema extends z.ZodType = z.ZodType> = ActionAccess &
  ActionFields<string, string, string> & {
    input: Schema;
    /** The answer's schema, from the action's contract (`@bima/domain/contract`). */
    output?: z.ZodType;
    handler: (context: ActionContext<z.infer<Schema>>) => Promise<unknown>;
  };

type KeyOf<
  Service extends string,
  Resource extends string,
  Action extends string,
> = `${Service}/${Resource}/${Action}`;

/** The input schema an action may declare: one that takes what its contract's input takes. */
type InputFor<Key extends string> = Key extends ActionKey ? z.ZodType<unknown, ActionInput<Key>> : z.ZodType;

/** What an action's handler must answer: its contract's output, checked by the compiler. */
type AnswerFor<Key extends string> = Key extends ActionKey ? WireValue<ActionOutput<Key>> : unknown;

/**
 * Declares an action. Its input type is inferred from its schema; its answer must be what its
 * contract (`service/resource/action` in `@bima/domain/contract`) says it answers — a compile error
 * otherwise — and the registry attaches that contract's output schema for the gateway to check.
 */
export function defineAction<
  const Service extends string,
  const Resource extends string,
  const Action extends string,
  Schema extends InputFor<KeyOf<Service, Resource, Action>>,
>(
  definition: ActionAccess &
    ActionFields<Service, Resource, Action> & {
      input: Schema;
      handler: (
        context: ActionContext<z.infer<Schema>>,
      ) => Promise<ActionAnswer<AnswerFor<KeyOf<Service, Resource, Action>>>>;
    },
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
      const contract = findContract(`${definition.service}/${definition.resource}/${definition.action}`);
      this.#actions.set(key, contract ? { ...definition, output: contract.output } : definition);
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
