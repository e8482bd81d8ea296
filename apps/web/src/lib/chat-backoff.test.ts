import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './chat-backoff';

describe('reconnectDelay', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [3, 8000],
    [5, 30_000],
    [20, 30_000],
  ])('attempt %i waits at most %i ms', (attempt, most) => {
    expect(reconnectDelay(attempt, () => 1)).toBe(most);
    expect(reconnectDelay(attempt, () => 0)).toBe(Math.round(most * 0.8));
  });
});
