import type { ChatServerFrame } from '@bima/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the real socket: records its life and lets the test speak for the server. */
const sockets: FakeSocket[] = [];
class FakeSocket {
  started = false;
  stopped = false;
  sent: unknown[] = [];
  constructor(
    readonly onFrame: (frame: ChatServerFrame) => void,
    readonly onStatus: (status: string) => void,
  ) {
    sockets.push(this);
  }
  start() {
    this.started = true;
  }
  stop(status = 'offline') {
    this.stopped = true;
    this.onStatus(status);
  }
  send(frame: unknown) {
    this.sent.push(frame);
    return !this.stopped;
  }
}
vi.mock('./chat-socket', () => ({ ChatSocket: FakeSocket }));

const { sendChatFrame, subscribeChat } = await import('./chat-connection');

const pong: ChatServerFrame = { type: 'pong' };

describe('the shared chat connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sockets.length = 0;
  });
  afterEach(() => {
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('opens one socket for every listener of the tab and gives each the frames and the status', () => {
    const badge = { onFrame: vi.fn(), onStatus: vi.fn() };
    const screen = { onFrame: vi.fn(), onStatus: vi.fn() };
    const leaveBadge = subscribeChat(badge);
    const leaveScreen = subscribeChat(screen);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.started).toBe(true);
    sockets[0]!.onStatus('open');
    sockets[0]!.onFrame(pong);
    expect(badge.onFrame).toHaveBeenCalledWith(pong);
    expect(screen.onFrame).toHaveBeenCalledWith(pong);
    expect(screen.onStatus).toHaveBeenLastCalledWith('open');
    // A listener that comes later hears the current status at once.
    const late = { onStatus: vi.fn() };
    const leaveLate = subscribeChat(late);
    expect(late.onStatus).toHaveBeenCalledWith('open');
    expect(sendChatFrame({ type: 'ping' })).toBe(true);
    leaveBadge();
    leaveScreen();
    leaveLate();
  });

  it('keeps the socket across a route change, and closes it a moment after the last listener leaves', () => {
    const leave = subscribeChat({});
    leave();
    // The next screen subscribes before the linger ends: the same socket.
    const leaveNext = subscribeChat({});
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.stopped).toBe(false);
    leaveNext();
    vi.advanceTimersByTime(5_000);
    expect(sockets[0]!.stopped).toBe(true);
    expect(sendChatFrame({ type: 'ping' })).toBe(false);
    // A later listener gets a new socket.
    const again = subscribeChat({});
    expect(sockets).toHaveLength(2);
    again();
  });

  it('starts afresh after a sign-out', () => {
    const leave = subscribeChat({});
    sockets[0]!.stop('signed-out');
    const leaveAgain = subscribeChat({});
    expect(sockets).toHaveLength(2);
    leave();
    leaveAgain();
  });
});
