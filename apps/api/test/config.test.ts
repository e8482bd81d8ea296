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
});
