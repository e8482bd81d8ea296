import { randomUUID } from 'node:crypto';
import {
  CHAT_CLOSE_CODES,
  CHAT_SOCKET_PATH,
  type ChatClientFrame,
  type ChatServerFrame,
  chatClientFrameSchema,
} from '@bima/domain';
import type { WebSocket } from '@fastify/websocket';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { type Config, chatSocketOrigins } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../gateway/errors';
import { findTokenPrincipal, tokenExpiry } from '../../gateway/principal';
import { userBudget } from '../../gateway/rate-limits';
import type { Principal } from '../../gateway/registry';
import type { Services } from '../../services';
import type { ChatConnection } from './hub';
import {
  type ChatScope,
  chatScopeOf,
  linkSigner,
  markConversation,
  messagesSince,
  sendMessage,
} from './service';

/** The clientMessageId of a `send` frame the schema refused, when it has a usable one. */
function refusedSendId(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { type, clientMessageId } = raw as { type?: unknown; clientMessageId?: unknown };
  return type === 'send' && typeof clientMessageId === 'string' && clientMessageId.length <= 64
    ? clientMessageId
    : undefined;
}

/** The error frame's code for a refusal of the gateway's kind (its HTTP status). */
function frameCode(statusCode: number) {
  if (statusCode === 404) return 'not-found';
  if (statusCode === 403) return 'unauthorized';
  if (statusCode === 409) return 'conflict';
  if (statusCode === 429) return 'rate-limited';
  return 'invalid';
}

/**
 * The page origins whose browsers may open the socket: the portal's own (PUBLIC_BASE_URL) and those
 * in CHAT_SOCKET_ORIGIN (a wss:// chat host as https://, ws:// as http://).
 */
export function allowedSocketOrigins(config: Pick<Config, 'PUBLIC_BASE_URL' | 'CHAT_SOCKET_ORIGIN'>) {
  const origins = [config.PUBLIC_BASE_URL, ...chatSocketOrigins(config)].map((origin) =>
    new URL(origin.replace(/^ws(s?):/i, 'http$1:')).origin.toLowerCase(),
  );
  return new Set(origins);
}

/**
 * Cross-site WebSocket hijacking: a browser always sends the page's Origin, so a page elsewhere is
 * refused in the handshake (403, before the upgrade). A request without Origin cannot come from a
 * web page (a native app, a test, a monitoring probe): it is let through, and its token decides, as
 * for every socket. `null` (a sandboxed frame, a file) is refused.
 */
export function isAllowedOrigin(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  return allowed.has(origin.toLowerCase());
}

/** A socket must authenticate this soon after opening. */
const AUTH_TIMEOUT_MS = 10_000;
/** Frames a socket may send per window before it is told to slow down. */
const FRAME_LIMIT = 60;
const FRAME_WINDOW_MS = 10_000;

/**
 * The chat socket (`GET /v2/api/chat/socket`, WebSocket). The browser's first frame is
 * `{type:'auth', token, lastSeenId?}` — the access token travels in a frame, not the URL, so it is
 * never logged; a refreshed token is sent the same way on the open socket. Without a valid token
 * the socket closes with 4401 (the browser refreshes and reconnects); at the token's expiry too,
 * unless a fresh one came. `lastSeenId` sends the messages missed while away (catch-up).
 */
export async function chatSocketPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
) {
  const { db, services, config } = options;
  const hub = services.chat;
  const budget = userBudget(services.counters, config);
  const origins = allowedSocketOrigins(config);
  await app.register(websocket, {
    options: {
      maxPayload: 16 * 1024,
      // In the handshake itself: a Fastify hook's refusal would be lost when the plugin drops the socket.
      verifyClient: (info, accept) =>
        isAllowedOrigin(info.req.headers.origin, origins)
          ? accept(true)
          : accept(false, 403, 'This page may not open the chat.'),
    },
  });

  app.get(CHAT_SOCKET_PATH, { websocket: true }, (socket: WebSocket, request) => {
    let principal: Principal | null = null;
    let alive = true;
    let expiryTimer: NodeJS.Timeout | null = null;
    let frames = 0;
    let windowStart = Date.now();
    const send = (frame: ChatServerFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    };
    const refuse = (code: number, message: string) => {
      send({ type: 'error', code: 'unauthorized', message });
      socket.close(code, message);
    };
    const connection: ChatConnection = {
      id: randomUUID(),
      scope: null as ChatScope | null,
      reader: null,
      sessionId: null,
      send,
      end: refuse,
      beat: () => {
        if (!alive) return false;
        alive = false;
        socket.ping();
        return true;
      },
      terminate: () => socket.terminate(),
    };
    const authTimer = setTimeout(() => {
      if (!principal) refuse(CHAT_CLOSE_CODES.unauthorized, 'Sign in first.');
    }, AUTH_TIMEOUT_MS);
    socket.on('pong', () => {
      alive = true;
    });

    const authenticate = async (frame: Extract<ChatClientFrame, { type: 'auth' }>) => {
      const found = await findTokenPrincipal(frame.token, services);
      if (!found)
        return refuse(CHAT_CLOSE_CODES.unauthorized, 'Your session has expired. Please sign in again.');
      if (principal && found.userId !== principal.userId)
        return refuse(CHAT_CLOSE_CODES.forbidden, 'A socket belongs to one user.');
      let scope: ChatScope;
      try {
        scope = chatScopeOf(found);
      } catch {
        return refuse(CHAT_CLOSE_CODES.forbidden, 'Chats are for clients, intermediaries and support.');
      }
      const isFirst = !principal;
      principal = found;
      connection.scope = scope;
      connection.reader = { userId: found.userId, sessionId: found.sessionId };
      connection.sessionId = found.sessionId;
      clearTimeout(authTimer);
      const expiresAt = tokenExpiry(frame.token, services.tokenSecret);
      if (expiryTimer) clearTimeout(expiryTimer);
      expiryTimer = setTimeout(
        () => refuse(CHAT_CLOSE_CODES.unauthorized, 'Your session has expired. Please sign in again.'),
        Math.max(0, expiresAt - Date.now()),
      );
      if (isFirst) {
        await hub.add(connection);
        // Counted after joining, so sockets opening at once on several instances cannot all pass.
        if ((await hub.countOpen(found.userId)) > config.CHAT_SOCKETS_PER_USER) {
          await hub.remove(connection);
          return refuse(
            CHAT_CLOSE_CODES.tooMany,
            'Chat is open in too many windows. Close one and try again.',
          );
        }
        // A session that ended while this socket was joining was announced before the hub knew it.
        if (!(await findTokenPrincipal(frame.token, services))) {
          await hub.remove(connection);
          return refuse(CHAT_CLOSE_CODES.unauthorized, 'Your session has expired. Please sign in again.');
        }
      }
      send({ type: 'ready', userId: found.userId, expiresAt });
      if (frame.lastSeenId !== undefined) {
        const signLink = linkSigner(services.tokenSecret, found);
        for (const message of await messagesSince(db, scope, frame.lastSeenId, signLink))
          send({ type: 'message', message });
      }
    };

    const handle = async (frame: ChatClientFrame) => {
      if (frame.type === 'auth') return authenticate(frame);
      if (frame.type === 'ping') return send({ type: 'pong' });
      if (!principal) return refuse(CHAT_CLOSE_CODES.unauthorized, 'Sign in first.');
      // Each act spends the user's one budget, the same as a gateway call (429 → an error frame).
      await budget.spend(principal.userId);
      if (frame.type === 'send') {
        const { type: _type, ...input } = frame;
        const { message, isNew } = await sendMessage(db, principal, input, {
          presenceTtlMs: hub.presenceTtlMs,
          baseUrl: config.PUBLIC_BASE_URL,
          secret: services.tokenSecret,
        });
        send({ type: 'ack', clientMessageId: input.clientMessageId ?? null, message });
        if (isNew) await hub.publish({ t: 'message', id: message.id });
        return;
      }
      const { type, ...input } = frame;
      const { moved } = await markConversation(db, principal, input, type);
      if (moved) await hub.publish({ t: 'marks', conversationId: input.conversationId });
    };

    socket.on('message', (data) => {
      const now = Date.now();
      if (now - windowStart > FRAME_WINDOW_MS) {
        windowStart = now;
        frames = 0;
      }
      frames += 1;
      if (frames > FRAME_LIMIT) {
        send({ type: 'error', code: 'invalid', message: 'Too many messages at once. Please wait a moment.' });
        return;
      }
      let parsed: ChatClientFrame;
      try {
        const raw: unknown = JSON.parse(data.toString());
        const result = chatClientFrameSchema.safeParse(raw);
        if (!result.success) {
          const message = result.error.issues[0]?.message ?? 'The message could not be read.';
          return send({ type: 'error', code: 'invalid', message, clientMessageId: refusedSendId(raw) });
        }
        parsed = result.data;
      } catch {
        return send({ type: 'error', code: 'invalid', message: 'The message could not be read.' });
      }
      // A refused send names its clientMessageId, so the browser marks that message failed.
      const clientMessageId = parsed.type === 'send' ? (parsed.clientMessageId ?? null) : undefined;
      handle(parsed).catch((error: unknown) => {
        if (error instanceof AppError)
          return send({
            type: 'error',
            code: frameCode(error.statusCode),
            message: error.message,
            clientMessageId,
          });
        request.log.error({ err: error }, 'chat socket frame failed');
        send({
          type: 'error',
          code: 'internal',
          message: 'Something went wrong on our side. Please try again.',
          clientMessageId,
        });
      });
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      if (expiryTimer) clearTimeout(expiryTimer);
      hub
        .remove(connection)
        .catch((error: unknown) => request.log.warn({ err: error }, 'chat presence not removed'));
    });
  });
}
