import { CHAT_SOCKET_PATH, type ChatServerFrame } from '@bima/domain';
import type { FastifyInstance } from 'fastify';

/** A chat socket for tests (Node's built-in WebSocket client): frames received so far, and a wait for the one that matches. */
export interface TestSocket {
  ws: WebSocket;
  frames: ChatServerFrame[];
  send(frame: unknown): void;
  next<T extends ChatServerFrame['type']>(
    type: T,
    match?: (frame: Extract<ChatServerFrame, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ChatServerFrame, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** The address an app listens on (it is started on a free loopback port when it is not yet). */
export async function socketUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `ws://127.0.0.1:${address.port}${CHAT_SOCKET_PATH}`;
}

/** Opens a chat socket; with a token, authenticates and waits for `ready`. */
export async function openSocket(
  app: FastifyInstance,
  token?: string,
  options: { lastSeenId?: number } = {},
): Promise<TestSocket> {
  const ws = new WebSocket(await socketUrl(app));
  const frames: ChatServerFrame[] = [];
  const waiters: (() => void)[] = [];
  ws.addEventListener('message', (event) => {
    frames.push(JSON.parse(String(event.data)) as ChatServerFrame);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error('the chat socket did not open')), { once: true });
  });
  const socket: TestSocket = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next: (type, match, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const look = () => {
          const found = frames.find(
            (frame) =>
              frame.type === type &&
              (!match || match(frame as Extract<ChatServerFrame, { type: typeof type }>)),
          );
          if (found) return resolve(found as Extract<ChatServerFrame, { type: typeof type }>);
          if (Date.now() - started > timeoutMs)
            return reject(new Error(`no '${type}' frame; got ${JSON.stringify(frames)}`));
          waiters.push(look);
          setTimeout(look, 200);
        };
        look();
      }),
    close: async () => {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  if (token) {
    socket.send({ type: 'auth', token, ...options });
    await socket.next('ready');
  }
  return socket;
}
