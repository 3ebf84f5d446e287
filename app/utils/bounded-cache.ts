/**
 * `make()` once per key, kept in `cache` for the process's life; the cache starts over
 * when it reaches `limit` entries, so it stays bounded whatever keys arrive. For values
 * that never change for a key (a formatted date, a zone's offset over a span of time).
 */
export function remember<K, V>(cache: Map<K, V>, key: K, make: () => V, limit: number): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= limit) cache.clear();
    cache.set(key, value);
  }
  return value;
}
