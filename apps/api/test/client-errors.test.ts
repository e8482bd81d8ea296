import { CLIENT_ERROR_LIMITS } from '@bima/domain/client-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFamily } from '../src/modules/client-errors/service';
import { buildLoggedApp } from './helpers';

const PIXEL_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const report = (overrides: Record<string, unknown> = {}) => ({
  kind: 'error',
  message: 'TypeError: Cannot read properties of undefined (reading premium)',
  stack:
    'TypeError: Cannot read properties of undefined\n    at quote (https://bima.co.ke/assets/index-Ab12.js:1:23456)',
  route: '/motor/quote',
  release: '0.1.0+5908911abcde',
  count: 1,
  ...overrides,
});

describe('POST /v2/api/client-errors (browser errors in the server log)', () => {
  let ctx: Awaited<ReturnType<typeof buildLoggedApp>>;
  beforeAll(async () => {
    ctx = await buildLoggedApp({ env: { CLIENT_ERRORS_PER_MINUTE: '4' } });
  });
  afterAll(() => ctx.app.close());

  const send = (body: unknown, ip = '10.0.0.1', headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/api/client-errors',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', 'user-agent': PIXEL_UA, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const logged = () =>
    ctx.lines
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'browser error')
      .map((line) => line.clientError);

  it('logs each report (no sign-in needed) with the release, the route, the browser family and a request id', async () => {
    const response = await send(
      { errors: [report(), report({ kind: 'unhandledrejection', message: 'quote failed', count: 3 })] },
      '10.0.0.1',
    );
    expect(response.statusCode).toBe(204);
    const lines = ctx.lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'browser error');
    expect(lines).toHaveLength(2);
    expect(lines[0].level).toBe(40);
    expect(lines[0].reqId).toEqual(expect.any(String));
    expect(lines[0].clientError).toEqual({
      kind: 'error',
      message: 'TypeError: Cannot read properties of undefined (reading premium)',
      stack:
        'TypeError: Cannot read properties of undefined\n    at quote (https://bima.co.ke/assets/index-Ab12.js:1:23456)',
      route: '/motor/quote',
      release: '0.1.0+5908911abcde',
      count: 1,
      browser: 'Chrome Android',
    });
    expect(lines[1].clientError).toMatchObject({
      kind: 'unhandledrejection',
      message: 'quote failed',
      count: 3,
    });
  });

  it('scrubs personal data the browser sent: e-mail, phone, digit runs, the query string', async () => {
    ctx.lines.length = 0;
    const response = await send(
      {
        errors: [
          report({
            message: 'No client wanjiru.kamau@example.co.ke with phone +254 712 345 678 (ID 12345678)',
            stack:
              'Error: wanjiru.kamau@example.co.ke\n    at pay (https://bima.co.ke/assets/pay-Cd34.js:2:345)',
            route: '/purchase/summary?phone=0712345678&email=wanjiru@example.co.ke#pay',
          }),
        ],
      },
      '10.0.0.2',
    );
    expect(response.statusCode).toBe(204);
    const [line] = logged();
    expect(line.message).toBe('No client [email] with phone [phone] (ID [digits])');
    expect(line.stack).toBe('Error: [email]\n    at pay (https://bima.co.ke/assets/pay-Cd34.js:2:345)');
    expect(line.route).toBe('/purchase/summary');
    const raw = ctx.lines.join('\n');
    for (const personal of ['wanjiru', '712 345 678', '0712345678', '12345678', 'phone='])
      expect(raw).not.toContain(personal);
  });

  let refusals = 0;
  it.each([
    ['not JSON', 'oops{', 400],
    ['no reports', { errors: [] }, 400],
    [
      'too many reports at once',
      { errors: Array.from({ length: CLIENT_ERROR_LIMITS.reportsPerRequest + 1 }, () => report()) },
      400,
    ],
    ['a field it does not know', { errors: [report({ cookie: 'session=abc' })] }, 400],
    [
      'a message too long',
      { errors: [report({ message: 'x'.repeat(CLIENT_ERROR_LIMITS.messageChars + 1) })] },
      400,
    ],
    ['a route that is not a path', { errors: [report({ route: 'https://evil.example/' })] }, 400],
    ['a release that is not a version', { errors: [report({ release: '<script>' })] }, 400],
    [
      'a body over the limit',
      { errors: [report({ stack: 'y'.repeat(CLIENT_ERROR_LIMITS.bodyBytes) })] },
      413,
    ],
  ])('refuses %s with a 4xx and logs nothing', async (_name, body, status) => {
    ctx.lines.length = 0;
    // Refusals count against the limit too: each case from its own address.
    refusals += 1;
    const response = await send(body, `10.0.1.${refusals}`);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ status: false });
    expect(logged()).toEqual([]);
  });

  it('takes a few per minute from one IP address (then 429), other addresses still', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await send({ errors: [report()] }, '10.0.0.9')).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 429, 429]);
    expect((await send({ errors: [report()] }, '10.0.0.10')).statusCode).toBe(204);
  });
});

describe('browserFamily', () => {
  it.each([
    [PIXEL_UA, 'Chrome Android'],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari iOS',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox Windows'],
    [undefined, 'Other'],
  ])('%s → %s', (ua, family) => {
    expect(browserFamily(ua)).toBe(family);
  });
});
