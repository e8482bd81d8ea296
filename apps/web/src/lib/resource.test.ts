import { describe, expect, it, vi } from 'vitest';
import { createResource } from './resource';

describe('createResource', () => {
  it('fetches once for everyone who asks at the same time, then keeps the data while fresh', async () => {
    const fetcher = vi.fn(async () => ['catalogue']);
    const resource = createResource(fetcher, { staleMs: 60_000 });
    const seen: unknown[] = [];
    resource.subscribe(() => seen.push(resource.read().data));
    await Promise.all([resource.load(), resource.load()]);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(resource.read().data).toEqual(['catalogue']);
    expect(resource.isFresh()).toBe(true);
    expect(seen).toEqual([['catalogue']]);
  });

  it('tries once more before reporting a failure, and Retry fetches again', async () => {
    let calls = 0;
    const resource = createResource(async () => {
      calls += 1;
      if (calls <= 2) throw new Error('offline');
      return 'contacts';
    });
    await resource.load();
    expect(calls).toBe(2);
    expect(resource.read().error).toBeInstanceOf(Error);
    expect(resource.read().data).toBeUndefined();
    await resource.refetch();
    expect(resource.read()).toMatchObject({ data: 'contacts', error: undefined });
  });

  it('is stale after staleMs and forgets everything on reset', async () => {
    vi.useFakeTimers();
    try {
      const resource = createResource(async () => 1, { staleMs: 1_000 });
      await resource.load();
      expect(resource.isFresh()).toBe(true);
      vi.advanceTimersByTime(1_001);
      expect(resource.isFresh()).toBe(false);
      resource.reset();
      expect(resource.read().data).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
