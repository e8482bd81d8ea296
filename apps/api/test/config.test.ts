import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig, trustProxyOption } from '../src/config';

describe('configuration', () => {
  it('has defaults for the quick start', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lets PORT and DATA_DIR override', () => {
    const config = loadConfig({ PORT: '4123', DATA_DIR: '/tmp/x' });
    expect(config.PORT).toBe(4123);
    expect(config.DATA_DIR).toBe('/tmp/x');
  });

  it('fails at once with a list of every problem', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SUPPORT_EMAIL: 'nope' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SUPPORT_EMAIL: 'nope' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SUPPORT_EMAIL');
    }
  });

  it('refuses to run production on simulated payments or made-up secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /MPESA_CONSUMER_KEY: required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required in production/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        MPESA_CONSUMER_KEY: 'k',
        MPESA_CONSUMER_SECRET: 's',
        MPESA_PASSKEY: 'p',
        MPESA_CALLBACK_BASE_URL: 'https://portal.example.co.ke',
        SMTP_URL: 'smtp://mail.example.co.ke:587',
        IDENTITY_BASE_URL: 'https://testapi.smileidentity.com',
        IDENTITY_PARTNER_ID: '2070',
        IDENTITY_API_KEY: 'identity-key',
        DMVIC_BASE_URL: 'https://uat-api.dmvic.com',
        DMVIC_USERNAME: 'u',
        DMVIC_PASSWORD: 'p',
        DMVIC_CLIENT_ID: 'c',
        DMVIC_CERT_FILE: '/etc/bima/dmvic.crt',
        DMVIC_KEY_FILE: '/etc/bima/dmvic.key',
      }).NODE_ENV,
    ).toBe('production');
  });

  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    MPESA_CONSUMER_KEY: 'k',
    MPESA_CONSUMER_SECRET: 's',
    MPESA_PASSKEY: 'p',
    MPESA_CALLBACK_BASE_URL: 'https://portal.example.co.ke',
    SMTP_URL: 'smtp://mail.example.co.ke:587',
    IDENTITY_BASE_URL: 'https://testapi.smileidentity.com',
    IDENTITY_PARTNER_ID: '2070',
    IDENTITY_API_KEY: 'identity-key',
    DMVIC_BASE_URL: 'https://api.dmvic.com',
    DMVIC_USERNAME: 'u',
    DMVIC_PASSWORD: 'p',
    DMVIC_CLIENT_ID: 'c',
    DMVIC_CERT_FILE: '/etc/bima/dmvic.crt',
    DMVIC_KEY_FILE: '/etc/bima/dmvic.key',
  };

  it('refuses to run production on the DMVIC simulator, and DMVIC settings that do not go together', () => {
    expect(() => loadConfig({ ...production, DMVIC_USERNAME: undefined })).toThrow(
      /DMVIC_USERNAME: required in production/,
    );
    expect(() =>
      loadConfig({ ...production, DMVIC_CERT_FILE: undefined, DMVIC_KEY_FILE: undefined }),
    ).toThrow(/DMVIC_CERT_FILE: required with an https DMVIC_BASE_URL/);
    expect(() => loadConfig({ ...production, DMVIC_KEY_FILE: undefined })).toThrow(
      /DMVIC_KEY_FILE: required with DMVIC_CERT_FILE/,
    );
    expect(() => loadConfig({ DMVIC_USERNAME: 'u' })).toThrow(/DMVIC_PASSWORD: required with DMVIC_USERNAME/);
    expect(() => loadConfig({ ...production, DMVIC_BASE_URL: 'http://dmvic.example.co.ke' })).toThrow(
      /DMVIC_BASE_URL: must be https:\/\//,
    );
    // A simulator on this machine (npm run cluster) over plain http, without certificates.
    expect(
      loadConfig({
        ...production,
        DMVIC_BASE_URL: 'http://127.0.0.1:4020',
        DMVIC_CERT_FILE: undefined,
        DMVIC_KEY_FILE: undefined,
      }).DMVIC_BASE_URL,
    ).toBe('http://127.0.0.1:4020');
    expect(loadConfig({}).DMVIC_TIMEOUT_MS).toBe(20_000);
  });

  it('refuses to run production without SMTP: codes would vanish into a table nobody reads', () => {
    expect(() => loadConfig({ ...production, SMTP_URL: undefined })).toThrow(
      /SMTP_URL: required in production/,
    );
  });

  it('refuses to run production on the identity simulator: checks must reach the provider', () => {
    for (const key of ['IDENTITY_BASE_URL', 'IDENTITY_PARTNER_ID', 'IDENTITY_API_KEY'])
      expect(() => loadConfig({ ...production, [key]: undefined })).toThrow(
        new RegExp(`${key}: required in production`),
      );
  });

  it('refuses a plain http callback URL in production', () => {
    expect(() =>
      loadConfig({ ...production, MPESA_CALLBACK_BASE_URL: 'http://portal.example.co.ke' }),
    ).toThrow(/MPESA_CALLBACK_BASE_URL: must be an https:\/\/ URL/);
  });

  it('listens on loopback and trusts no proxy unless told to', () => {
    const config = loadConfig({});
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.TRUST_PROXY).toBe('false');
    expect(trustProxyOption(config.TRUST_PROXY)).toBe(false);
    expect(config.RATE_LIMIT_PUBLIC_READ_MAX).toBeGreaterThanOrEqual(3000);
  });

  it.each([
    [
      '1',
      (option: unknown) => typeof option === 'function' && option('10.0.0.1', 0) && !option('10.0.0.1', 1),
    ],
    ['127.0.0.1', (option: unknown) => JSON.stringify(option) === '["127.0.0.1"]'],
    [
      '10.0.0.0/8, 192.168.1.5',
      (option: unknown) => JSON.stringify(option) === '["10.0.0.0/8","192.168.1.5"]',
    ],
    ['true', (option: unknown) => option === true],
  ])('reads TRUST_PROXY=%s', (setting, check) => {
    expect(check(trustProxyOption(loadConfig({ TRUST_PROXY: setting }).TRUST_PROXY))).toBe(true);
  });

  it('refuses a TRUST_PROXY that is neither false, a hop count nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'nginx please' })).toThrow(/TRUST_PROXY/);
  });

  it('knows a loopback bind from an open one', () => {
    expect(['127.0.0.1', '127.0.0.2', 'localhost', '::1'].map(isLoopbackHost)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['0.0.0.0', '::', '192.168.1.10'].map(isLoopbackHost)).toEqual([false, false, false]);
  });
});
