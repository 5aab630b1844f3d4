import type { Db } from '@meucardapio/db/client';

/** A database handle that lists the statements run through it (a transaction counts as one entry). */
export function countingDb(db: Db, log: string[]): Db {
  const counted = new Set(['select', 'insert', 'update', 'delete', 'execute', 'transaction']);
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (typeof prop === 'string' && counted.has(prop)) log.push(prop);
        return value.apply(target, args);
      };
    },
  });
}
