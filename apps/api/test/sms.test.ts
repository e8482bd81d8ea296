import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { africasTalkingCaller } from '../src/africastalking/callback-guard';
import { addressMatcher } from '../src/mpesa/callback-sources';
import { createAfricasTalkingClient } from '../src/sms/sender';

const log = pino({ level: 'silent' });

const answer = (recipients: unknown[], status = 201) =>
  new Response(JSON.stringify({ SMSMessageData: { Message: 'Sent to 1/1', Recipients: recipients } }), {
    status,
  });

describe("the Africa's Talking SMS client", () => {
  it('posts the form Africa’s Talking takes and keeps the messageId of the answer', async () => {
    const requests: Array<{ url: string; init: RequestInit }> = [];
    const client = createAfricasTalkingClient({
      baseUrl: 'https://api.africastalking.com',
      username: 'bima',
      apiKey: 'key-123',
      senderId: 'BIMA',
      log,
      fetch: async (url: string | URL | Request, init?: RequestInit) => {
        requests.push({ url: String(url), init: init ?? {} });
        return answer([
          {
            statusCode: 101,
            number: '+254712345678',
            status: 'Success',
            cost: 'KES 0.8000',
            messageId: 'ATXid_1',
          },
        ]);
      },
    });
    const result = await client.send({ to: '+254712345678', text: 'Your code is 1234' });
    expect(result).toEqual({ outcome: 'sent', messageId: 'ATXid_1', status: 'Success', cost: 'KES 0.8000' });
    expect(requests[0]?.url).toBe('https://api.africastalking.com/version1/messaging');
    expect(new Headers(requests[0]?.init.headers).get('apiKey')).toBe('key-123');
    expect(Object.fromEntries(new URLSearchParams(String(requests[0]?.init.body)))).toEqual({
      username: 'bima',
      to: '+254712345678',
      message: 'Your code is 1234',
      from: 'BIMA',
    });
  });

  it('tells a number refused for good from a provider that is down', async () => {
    const with_ = (response: () => Response | Promise<Response>) =>
      createAfricasTalkingClient({
        baseUrl: 'http://at.test',
        username: 'bima',
        apiKey: 'k',
        log,
        fetch: async () => response(),
      });
    const refused = await with_(() =>
      answer([
        {
          statusCode: 403,
          number: '+254712345631',
          status: 'InvalidPhoneNumber',
          cost: '0',
          messageId: 'None',
        },
      ]),
    ).send({ to: '+254712345631', text: 'x' });
    expect(refused).toMatchObject({
      outcome: 'rejected',
      error: expect.stringContaining('InvalidPhoneNumber'),
    });
    const broke = await with_(() =>
      answer([
        { statusCode: 405, number: '+254712345678', status: 'InsufficientBalance', messageId: 'None' },
      ]),
    ).send({ to: '+254712345678', text: 'x' });
    expect(broke.outcome).toBe('unavailable');
    expect(
      (await with_(() => new Response('oops', { status: 500 })).send({ to: '+254700000000', text: 'x' }))
        .outcome,
    ).toBe('unavailable');
    const unreachable = await with_(() => {
      throw new TypeError('fetch failed');
    }).send({ to: '+254700000000', text: 'x' });
    expect(unreachable.outcome).toBe('unavailable');
  });
});

describe("africasTalkingCaller: who may call Africa's Talking's callbacks", () => {
  const guard = (overrides: Partial<Parameters<typeof africasTalkingCaller>[1]> = {}) => ({
    callbackSecret: 's'.repeat(32),
    isProduction: true,
    hasAddressRanges: false,
    fromAfricasTalking: () => false,
    ...overrides,
  });
  const secret = 's'.repeat(32);

  it('in production: only with the secret, and from the ranges when they are set', () => {
    expect(africasTalkingCaller({ ip: '41.90.1.1' }, guard())).toBe(false);
    expect(africasTalkingCaller({ ip: '127.0.0.1' }, guard())).toBe(false);
    expect(africasTalkingCaller({ ip: '41.90.1.1' }, guard(), 'wrong')).toBe(false);
    expect(africasTalkingCaller({ ip: '41.90.1.1' }, guard(), secret)).toBe(true);
    const ranged = guard({ hasAddressRanges: true, fromAfricasTalking: addressMatcher(['52.48.0.0/16']) });
    expect(africasTalkingCaller({ ip: '41.90.1.1' }, ranged, secret)).toBe(false);
    expect(africasTalkingCaller({ ip: '52.48.3.4' }, ranged, secret)).toBe(true);
    expect(africasTalkingCaller({ ip: '52.48.3.4' }, ranged, 'wrong')).toBe(false);
    // The USSD route without a secret: Africa's Talking's addresses alone.
    expect(africasTalkingCaller({ ip: '52.48.3.4' }, ranged)).toBe(true);
  });

  it('outside production: loopback without the secret too', () => {
    const dev = guard({ isProduction: false });
    expect(africasTalkingCaller({ ip: '127.0.0.1' }, dev)).toBe(true);
    expect(africasTalkingCaller({ ip: '::ffff:127.0.0.1' }, dev)).toBe(true);
    expect(africasTalkingCaller({ ip: '192.168.1.9' }, dev)).toBe(false);
    expect(africasTalkingCaller({ ip: '192.168.1.9' }, dev, secret)).toBe(true);
  });
});
