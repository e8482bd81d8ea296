import { describe, expect, it } from 'vitest';
import { documentLink } from './document-link';

describe('documentLink', () => {
  it('adds the portal’s language to a signed link without touching its token', () => {
    expect(documentLink('/v2/api/documents/abc.def', 'sw')).toBe('/v2/api/documents/abc.def?lang=sw');
  });

  it('keeps other parameters and replaces an older language', () => {
    expect(documentLink('/v2/api/wallet/statement.pdf?from=2026-01-01&lang=en', 'sw')).toBe(
      '/v2/api/wallet/statement.pdf?from=2026-01-01&lang=sw',
    );
  });

  it('keeps an absolute link absolute', () => {
    expect(documentLink('https://bima.example/v2/api/documents/x.y', 'en')).toBe(
      'https://bima.example/v2/api/documents/x.y?lang=en',
    );
  });
});
