import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from './i18n';
import { queryClient } from './query-client';

describe('the shared query cache and the language', () => {
  afterEach(async () => {
    await setLanguage('en');
    queryClient.clear();
  });

  it('asks every query again after a language switch, and not when the language stays', async () => {
    let asked = 0;
    const options = { queryKey: ['probe', 'words'], queryFn: async () => ++asked, staleTime: Infinity };
    await queryClient.fetchQuery(options);
    await setLanguage('en');
    expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(false);
    await setLanguage('sw');
    expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
    expect(await queryClient.fetchQuery(options)).toBe(2);
  });
});
