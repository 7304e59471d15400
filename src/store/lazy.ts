import type { Collections } from '../generated/wire.js';

/**
 * Collections read on first use: each property is a getter that loads its rows once. Spreading
 * the object (`{ ...data }`) reads them all; withRows replaces one without reading the others.
 */
export function lazyCollections(names: readonly string[], load: (name: string) => unknown[]): Collections {
  const data = {};
  for (const name of names) {
    let rows: unknown[] | undefined;
    Object.defineProperty(data, name, {
      enumerable: true,
      configurable: true,
      // Once read, the property holds the rows (on a withRows copy too, which shares the read).
      get(this: object) {
        rows ??= load(name);
        Object.defineProperty(this, name, {
          enumerable: true,
          configurable: true,
          writable: true,
          value: rows,
        });
        return rows;
      },
    });
  }
  return data as Collections;
}

/** `data` with the rows of `name` replaced, the other collections left unread when they are read on first use. */
export function withRows<K extends keyof Collections>(data: Collections, name: K, rows: Collections[K]): Collections {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(data)) as Collections;
  Object.defineProperty(copy, name, {
    enumerable: true,
    configurable: true,
    writable: true,
    value: rows,
  });
  return copy;
}
