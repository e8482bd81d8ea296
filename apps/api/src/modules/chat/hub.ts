import { randomUUID } from 'node:crypto';
import type { ChatMarks, ChatServerFrame } from '@bima/domain';
import { and, eq, lt } from 'drizzle-orm';
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
  send(frame: ChatServerFrame): void;
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

  private async deliver(event: ClusterEvent): Promise<void> {
    if (this.connections.size === 0 || event.t === 'products') return;
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
