import { CHAT_CLOSE_CODES, type ChatClientFrame, type ChatServerFrame, chatSocketUrl } from '@bima/domain';
import { authStore } from '../stores/auth';
import { chatStore } from '../stores/chat';
import { refreshAccessToken } from './api-client';
import { reconnectDelay } from './chat-backoff';
import { shouldRefreshToken } from './jwt';

export type ChatSocketStatus = 'connecting' | 'open' | 'offline' | 'signed-out';

const PING_EVERY_MS = 25_000;
const PONG_WITHIN_MS = 10_000;

/**
 * The chat socket's address: VITE_CHAT_HOST when the build sets one (a host, or a ws(s):// URL),
 * else the page's own origin — on localhost, an IP or a single host that serves both.
 */
export function chatAddress(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return chatSocketUrl({
    protocol: location.protocol,
    host: location.host,
    configuredHost: import.meta.env.VITE_CHAT_HOST as string | undefined,
  });
}

/**
 * One live chat connection: authenticates with the access token (refreshing it first when it is
 * about to expire, and again on the open socket whenever the token is renewed), pings to notice a
 * dead link, reconnects with backoff and asks for the messages after the last one seen.
 */
export class ChatSocket {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private stopped = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribeAuth: (() => void) | null = null;
  private sentToken: string | null = null;

  constructor(
    private readonly onFrame: (frame: ChatServerFrame) => void,
    private readonly onStatus: (status: ChatSocketStatus) => void,
    private readonly address: () => string = () => chatAddress(),
  ) {}

  start(): void {
    this.stopped = false;
    this.unsubscribeAuth = authStore.subscribe(() => {
      const token = authStore.getState().authToken;
      if (!token) return this.stop('signed-out');
      // A renewed token goes to the open socket, so it is not closed at the old one's expiry.
      if (token !== this.sentToken && this.ws?.readyState === WebSocket.OPEN) this.authenticate(token);
    });
    void this.connect();
  }

  stop(status: ChatSocketStatus = 'offline'): void {
    this.stopped = true;
    this.unsubscribeAuth?.();
    this.unsubscribeAuth = null;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.clearHeartbeat();
    this.ws?.close(1000);
    this.ws = null;
    this.onStatus(status);
  }

  /** Sends a frame when the socket is open; answers false otherwise (the caller falls back to HTTP). */
  send(frame: ChatClientFrame): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN || !this.sentToken) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  private async freshToken(): Promise<string | null> {
    let token = authStore.getState().authToken;
    if (token && shouldRefreshToken(token)) {
      await refreshAccessToken().catch(() => undefined);
      token = authStore.getState().authToken;
    }
    return token;
  }

  private authenticate(token: string): void {
    this.sentToken = token;
    const lastSeenId = chatStore.getState().lastSeenId;
    this.ws?.send(JSON.stringify({ type: 'auth', token, ...(lastSeenId > 0 ? { lastSeenId } : {}) }));
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const token = await this.freshToken();
    if (!token) return this.stop('signed-out');
    this.onStatus('connecting');
    const ws = new WebSocket(this.address());
    this.ws = ws;
    this.sentToken = null;
    ws.onopen = () => {
      this.authenticate(authStore.getState().authToken ?? token);
      this.startHeartbeat();
    };
    ws.onmessage = (event) => {
      let frame: ChatServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ChatServerFrame;
      } catch {
        return;
      }
      if (frame.type === 'ready') {
        this.attempt = 0;
        this.onStatus('open');
      }
      if (frame.type === 'pong' && this.pongTimer) {
        clearTimeout(this.pongTimer);
        this.pongTimer = null;
      }
      if (frame.type === 'message' || frame.type === 'ack') {
        const { id } = frame.message;
        if (id > chatStore.getState().lastSeenId) chatStore.setState({ lastSeenId: id });
      }
      this.onFrame(frame);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.sentToken = null;
      this.clearHeartbeat();
      if (this.stopped) return;
      if (event.code === CHAT_CLOSE_CODES.forbidden) return this.stop('offline');
      this.onStatus('offline');
      if (event.code === CHAT_CLOSE_CODES.unauthorized) {
        // The token expired or was refused: renew it (a failure signs out, which stops us) and retry.
        void refreshAccessToken()
          .then(() => this.scheduleReconnect())
          .catch(() => undefined);
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const wait = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => void this.connect(), wait);
  }

  private startHeartbeat(): void {
    this.clearHeartbeat();
    this.pingTimer = setInterval(() => {
      if (!this.send({ type: 'ping' })) return;
      this.pongTimer ??= setTimeout(() => this.ws?.close(4000, 'no pong'), PONG_WITHIN_MS);
    }, PING_EVERY_MS);
  }

  private clearHeartbeat(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pingTimer = null;
    this.pongTimer = null;
  }
}
