/** The confirmation's loading card (spec-2): a step every 200 ms, gone 0.5 s after reaching 100 %. */
export const PROGRESS_TICK_MS = 200;
export const PROGRESS_HIDE_DELAY_MS = 500;
const MAX_STEP = 20;

/** The next value: a random step of 1 to 20 points, never above 100. `random` is in [0, 1). */
export function nextProgress(current: number, random: number): number {
  const step = Math.min(MAX_STEP, Math.max(1, Math.ceil(random * MAX_STEP)));
  return Math.min(100, current + step);
}
