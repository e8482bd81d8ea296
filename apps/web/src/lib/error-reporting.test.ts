import { CLIENT_ERROR_LIMITS } from '@bima/domain/client-errors';
import { describe, expect, it } from 'vitest';
import { createErrorReporter, REPORT_BATCH_DELAY_MS } from './error-reporting';

/** A reporter on a hand-moved clock: `sent` are the batches, `tick` runs what was scheduled. */
function reporterAt(path = '/motor/quote') {
  let time = 1_000_000;
  const sent: { errors: Record<string, unknown>[] }[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const reporter = createErrorReporter({
    release: '0.1.0+abc123',
    send: (body) => sent.push(JSON.parse(body)),
    path: () => path,
    now: () => time,
    schedule: (run, ms) => timers.push({ at: time + ms, run }),
  });
  const tick = (ms: number) => {
    time += ms;
    for (const timer of timers.splice(0).filter((t) => t.at <= time)) timer.run();
  };
  return { reporter, sent, tick };
}

describe('createErrorReporter', () => {
  it('sends the errors of a moment together, with the release and the path (no query), scrubbed', () => {
    const { reporter, sent, tick } = reporterAt('/motor/quote?phone=0712345678');
    reporter.report('error', new TypeError('no premium for wanjiru@example.co.ke'));
    reporter.report('unhandledrejection', 'quote failed');
    expect(sent).toEqual([]);
    tick(REPORT_BATCH_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.errors).toEqual([
      expect.objectContaining({
        kind: 'error',
        message: 'TypeError: no premium for [email]',
        route: '/motor/quote',
        release: '0.1.0+abc123',
        count: 1,
        stack: expect.stringContaining('TypeError: no premium for [email]'),
      }),
      {
        kind: 'unhandledrejection',
        message: 'quote failed',
        route: '/motor/quote',
        release: '0.1.0+abc123',
        count: 1,
      },
    ]);
  });

  it('sends the same error once a minute, counting its repeats', () => {
    const { reporter, sent, tick } = reporterAt();
    const error = new Error('boom: again');
    for (let i = 0; i < 3; i += 1) reporter.report('error', error);
    tick(REPORT_BATCH_DELAY_MS);
    expect(sent.map((batch) => batch.errors.map((report) => report.count))).toEqual([[3]]);
    for (let i = 0; i < 10; i += 1) reporter.report('error', error);
    tick(REPORT_BATCH_DELAY_MS);
    expect(sent).toHaveLength(1);
    tick(60_000);
    reporter.report('error', error);
    tick(REPORT_BATCH_DELAY_MS);
    expect(sent.map((batch) => batch.errors.map((report) => report.count))).toEqual([[3], [11]]);
  });

  it('sends at most a few distinct errors a minute, a full batch at once', () => {
    const { reporter, sent, tick } = reporterAt();
    for (let i = 0; i < 20; i += 1) reporter.report('error', new Error(`failure number ${i}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.errors).toHaveLength(CLIENT_ERROR_LIMITS.reportsPerRequest);
    tick(REPORT_BATCH_DELAY_MS);
    const reported = sent.flatMap((batch) => batch.errors).length;
    expect(reported).toBe(CLIENT_ERROR_LIMITS.reportsPerPagePerMinute);
    tick(60_000);
    reporter.report('error', new Error('failure number 99'));
    tick(REPORT_BATCH_DELAY_MS);
    expect(sent.flatMap((batch) => batch.errors).length).toBe(reported + 1);
  });

  it('keeps each field within what the server takes', () => {
    const { reporter, sent, tick } = reporterAt(`/${'a'.repeat(500)}`);
    const error = new Error('x'.repeat(5000));
    error.stack = Array.from({ length: 100 }, () => `  at ${'f'.repeat(200)} (app.js:1:2)`).join('\n');
    reporter.report('error', error);
    tick(REPORT_BATCH_DELAY_MS);
    const [report] = sent[0]?.errors ?? [];
    expect(String(report?.message).length).toBeLessThanOrEqual(CLIENT_ERROR_LIMITS.messageChars);
    expect(String(report?.stack).length).toBeLessThanOrEqual(CLIENT_ERROR_LIMITS.stackChars);
    expect(String(report?.route).length).toBeLessThanOrEqual(CLIENT_ERROR_LIMITS.routeChars);
    expect(JSON.stringify(sent[0]).length).toBeLessThan(CLIENT_ERROR_LIMITS.bodyBytes);
  });
});
