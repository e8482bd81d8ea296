import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

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
      }).NODE_ENV,
    ).toBe('production');
  });
});
