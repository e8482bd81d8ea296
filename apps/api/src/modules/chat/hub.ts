import { randomUUID } from 'node:crypto';
import type { ChatMarks, ChatServerFrame } from '@bima/domain';
import { CHAT_CLOSE_CODES } from '@bima/domain';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterBus, ClusterEvent } from '../../cluster/bus';
import type { Database } from '../../db/client';
import { chatPresence } from '../../db/schema';
import type { LinkReader } from '../files/links';
import {
  type ChatScope,
  isInScope,
  linkSigner,
  loadConversation,
  loadMessage,
  marksOf,
  presentMessage,
} from './service';

/** One open chat socket, as the hub sees it. */
export interface ChatConnection {
  readonly id: string;
  scope: ChatScope | null;
  /** Who its files' links are signed for: the socket's user and session. */
  reader: LinkReader | null;
  /** The session (refresh-token family) the socket signed in with; its end closes the socket. */
  sessionId: string | null;
  send(frame: ChatServerFrame): void;
  /** Tells the browser why (an error frame), then closes with `code`. */
  end(code: number, message: string): void;
  /** A heartbeat: answers false when the last ping went unanswered (the hub then drops it). */
  beat(): boolean;
  terminate(): void;
}

/**
 * The chat sockets of this instance. Stored events arrive from the bus (this instance's and the
 * others'); each is read once from the database and sent to every local socket whose scope reaches
 * the conversation. Presence rows tell every instance who is online.
 */
export class ChatHub {
  readonly instanceId = randomUUID();
  readonly presenceTtlMs: number;
  private readonly connections = new Set<ChatConnection>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    readonly bus: ClusterBus,
    private readonly log: FastifyBaseLogger,
    heartbeatMs: number,
    /** Signs each reader's links to a message's files. */
    private readonly secret: string,
  ) {
    this.presenceTtlMs = heartbeatMs * 2 + 5_000;
    bus.subscribe((event) => {
      this.deliver(event).catch((error: unknown) => log.error({ err: error }, 'chat delivery failed'));
    });
    this.timer = setInterval(() => {
      this.heartbeat().catch((error: unknown) => log.warn({ err: error }, 'chat heartbeat failed'));
    }, heartbeatMs);
    this.timer.unref();
  }

  /** Tells every instance (this one too) about a stored message or moved marks. */
  async publish(event: ClusterEvent): Promise<void> {
    try {
      await this.bus.publish(event);
    } catch (error) {
      // The message is stored: the other side gets it on its next catch-up or history read.
      this.log.error({ err: error }, 'chat publish failed');
    }
  }

  /** A socket that has authenticated: online from now on (for every instance). */
  async add(connection: ChatConnection): Promise<void> {
    if (!connection.scope) return;
    this.connections.add(connection);
    await this.db
      .insert(chatPresence)
      .values({ socketId: connection.id, userId: connection.scope.userId, instanceId: this.instanceId })
      .onConflictDoUpdate({
        target: chatPresence.socketId,
        set: { seenAt: new Date(), userId: connection.scope.userId },
      });
  }

  async remove(connection: ChatConnection): Promise<void> {
    if (!this.connections.delete(connection)) return;
    await this.db.delete(chatPresence).where(eq(chatPresence.socketId, connection.id));
  }

  /** How many sockets this instance holds (tests, logs). */
  get size(): number {
    return this.connections.size;
  }

  /** The user's open sockets on every instance: the presence rows still fresh. */
  async countOpen(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ open: count() })
      .from(chatPresence)
      .where(
        and(
          eq(chatPresence.userId, userId),
          gt(chatPresence.seenAt, new Date(Date.now() - this.presenceTtlMs)),
        ),
      );
    return Number(row?.open ?? 0);
  }

  /** Closes this instance's sockets opened with sessions that have ended (4401: sign in again). */
  private async endSessions(userId: string, sessionIds: readonly string[]): Promise<void> {
    const ended = new Set(sessionIds);
    for (const connection of this.connections) {
      if (connection.scope?.userId !== userId || !connection.sessionId || !ended.has(connection.sessionId))
        continue;
      connection.end(CHAT_CLOSE_CODES.unauthorized, 'Your session has expired. Please sign in again.');
      await this.remove(connection);
    }
  }

  private async deliver(event: ClusterEvent): Promise<void> {
    if (this.connections.size === 0 || event.t === 'products') return;
    if (event.t === 'sessions-ended') return this.endSessions(event.userId, event.sessionIds);
    if (event.t === 'message') {
      const found = await loadMessage(this.db, event.id);
      if (!found) return;
      const marks = marksOf(found.conversation);
      for (const connection of this.connections) {
        const { scope, reader } = connection;
        if (!scope || !reader || !isInScope(scope, found.conversation)) continue;
        // Each reader gets the files' links signed for them (and their socket's session).
        const view = presentMessage(found.message, marks, scope.side, linkSigner(this.secret, reader));
        connection.send({ type: 'message', message: view });
      }
      return;
    }
    const conversation = await loadConversation(this.db, event.conversationId);
    if (!conversation) return;
    const marks: ChatMarks = marksOf(conversation);
    for (const connection of this.connections) {
      if (connection.scope && isInScope(connection.scope, conversation))
        connection.send({ type: 'marks', marks });
    }
  }

  /** Pings every socket (dropping the silent ones) and keeps this instance's presence rows fresh. */
  private async heartbeat(): Promise<void> {
    for (const connection of this.connections) {
      if (!connection.beat()) {
        connection.terminate();
        await this.remove(connection);
      }
    }
    await this.db
      .update(chatPresence)
      .set({ seenAt: new Date() })
      .where(eq(chatPresence.instanceId, this.instanceId));
    // Rows of instances that died without saying so.
    await this.db
      .delete(chatPresence)
      .where(and(lt(chatPresence.seenAt, new Date(Date.now() - this.presenceTtlMs * 10))));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const connection of this.connections) connection.terminate();
    this.connections.clear();
    await this.db
      .delete(chatPresence)
      .where(eq(chatPresence.instanceId, this.instanceId))
      .catch(() => undefined);
  }
}
