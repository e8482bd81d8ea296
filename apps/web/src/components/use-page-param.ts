import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A page number read from the address (`?page=`): a whole number from 1, else 1. */
export function readPageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/**
 * A list's current page kept in the address (`?page=2`), so Back, a reload or a shared link come
 * back to the same page; page 1 leaves the address clean. Other search parameters are kept.
 */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = readPageParam(params.get(name));
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next <= 1) updated.delete(name);
          else updated.set(name, String(next));
          return updated;
        },
        { preventScrollReset: true },
      ),
    [name, setParams],
  );
  return [page, setPage];
}
