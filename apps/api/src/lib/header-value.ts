/**
 * Reads a request header's value with `read`, working each distinct value out once: browsers send
 * one of a handful (Accept-Encoding, Accept-Language), so a busy server parses none of them again.
 * `fallback` answers a missing header; the memory is bounded (cleared past `limit` values) so odd
 * headers cannot grow it.
 */
export function headerReader<T>(
  read: (text: string) => T,
  fallback: T,
  limit = 256,
): (header: string | string[] | undefined) => T {
  const known = new Map<string, T>();
  return (header) => {
    if (!header) return fallback;
    const text = Array.isArray(header) ? header.join(',') : header;
    let value = known.get(text);
    if (value === undefined) {
      value = read(text);
      if (known.size >= limit) known.clear();
      known.set(text, value);
    }
    return value;
  };
}
