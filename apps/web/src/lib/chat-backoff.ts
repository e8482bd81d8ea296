/** The wait before reconnect attempt `attempt` (0-based): 1 s doubling to 30 s, with up to 20 % jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(1000 * 2 ** attempt, 30_000);
  return Math.round(base * (0.8 + 0.2 * random()));
}
