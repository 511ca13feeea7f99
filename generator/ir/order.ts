/**
 * The one way lists of the model are ordered: by a string key compared by UTF-16 code unit (`<`, not locale), stably.
 * Parse builds every list whose order comes from object keys of the input in this order, so output is
 * byte-identical whatever the key order of the spec.
 */
export const by =
  <T>(key: (x: T) => string) =>
  (a: T, b: T): number => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };

/** A sorted copy of `list` (the list itself is left as it is). */
export function sortedBy<T>(list: readonly T[], key: (x: T) => string): T[] {
  return [...list].sort(by(key));
}
