import { useEffect, useSyncExternalStore } from 'react';

/** What a screen sees of a resource: as React Query's result, for the few fields the landing page reads. */
export type ResourceState<T> = (
  | { data: undefined; isPending: true; isError: false }
  | { data: undefined; isPending: false; isError: true }
  | { data: T; isPending: false; isError: false }
) & { refetch: () => Promise<void> };

interface Snapshot<T> {
  data: T | undefined;
  error: unknown;
  fetchedAt: number;
}

/** A resource made by `createResource`, read with `useResource`. */
export interface Resource<T> {
  subscribe(listener: () => void): () => void;
  read(): Snapshot<T>;
  isFresh(): boolean;
  load(): Promise<void>;
  /** Clears a failure and fetches again. */
  refetch(): Promise<void>;
  /** Forgets what was fetched (tests). */
  reset(): void;
}

/**
 * One piece of data the landing page reads (the catalogue, the support contacts), fetched once and
 * shared by every component that asks, kept `staleMs`, retried once on failure — the little of React
 * Query the landing page needs, without its 30 KB in the landing page's JavaScript.
 */
export function createResource<T>(
  fetcher: () => Promise<T>,
  { staleMs = Number.POSITIVE_INFINITY, retries = 1 } = {},
): Resource<T> {
  let snapshot: Snapshot<T> = { data: undefined, error: undefined, fetchedAt: 0 };
  let inFlight: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const publish = (next: Snapshot<T>) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const load = (): Promise<void> => {
    inFlight ??= (async () => {
      let lastError: unknown;
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        try {
          const data = await fetcher();
          publish({ data, error: undefined, fetchedAt: Date.now() });
          return;
        } catch (error) {
          lastError = error;
        }
      }
      publish({ ...snapshot, error: lastError ?? new Error('failed') });
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read: () => snapshot,
    isFresh: () => snapshot.fetchedAt > 0 && Date.now() - snapshot.fetchedAt < staleMs,
    load,
    refetch() {
      publish({ ...snapshot, error: undefined });
      return load();
    },
    reset: () => publish({ data: undefined, error: undefined, fetchedAt: 0 }),
  };
}

/** The resource's state; the first component to ask (or one after it went stale) fetches it. */
export function useResource<T>(resource: Resource<T>): ResourceState<T> {
  const current = useSyncExternalStore(resource.subscribe, resource.read, resource.read);
  useEffect(() => {
    if (!resource.isFresh() && !resource.read().error) void resource.load();
  }, [resource]);
  const refetch = resource.refetch;
  if (current.data !== undefined) return { data: current.data, isPending: false, isError: false, refetch };
  if (current.error) return { data: undefined, isPending: false, isError: true, refetch };
  return { data: undefined, isPending: true, isError: false, refetch };
}
