import type { Db } from '@meucardapio/db/client';

type Session = {
  prepareQuery(query: { sql: string }, fields: unknown, ...rest: unknown[]): { execute(...args: unknown[]): unknown };
  transaction(...args: unknown[]): unknown;
};

/**
 * A database handle that lists the statements run through it, each time one runs (a read written once
 * and run again counts at every run; a transaction counts as one entry): 'execute' for SQL written by
 * hand, otherwise the statement's first word ('select', 'update', …).
 */
export function countingDb(db: Db, log: string[]): Db {
  const real = (db as unknown as { session: Session }).session;
  const session = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === 'transaction')
        return (...args: unknown[]) => {
          log.push('transaction');
          return target.transaction(...args);
        };
      if (prop === 'prepareQuery')
        return (query: { sql: string }, fields: unknown, ...rest: unknown[]) => {
          const prepared = target.prepareQuery.call(receiver, query, fields, ...rest);
          const kind = fields || rest[3] ? query.sql.trimStart().split(/\s/, 1)[0].toLowerCase() : 'execute';
          const execute = prepared.execute.bind(prepared);
          prepared.execute = (...args: unknown[]) => {
            log.push(kind);
            return execute(...args);
          };
          return prepared;
        };
      return Reflect.get(target, prop, receiver);
    },
  });
  // The builders read `this.session`: every method runs with the proxy as `this`.
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'session') return session;
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(receiver) : value;
    },
  });
}
