import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';

type Runnable<R> = { execute(values?: Record<string, unknown>): Promise<R> };

/**
 * A read whose SQL the query builder writes once per database instead of at every call. For the reads
 * most requests make (the session behind a cookie, the restaurant, a checkout's products) writing the
 * SQL costs more CPU than sending it and mapping the answer together. Each call still sends the text as
 * an unnamed statement, so nothing stays prepared on a server connection that pgbouncer's transaction
 * mode hands to others. Values go in through `sql.placeholder`. A transaction has a connection of its
 * own, so there the read is written afresh.
 */
export function builtOnce<R>(build: (db: DbOrTx) => { prepare(name: string): Runnable<R> }) {
  const built = new WeakMap<Db, Runnable<R>>();
  return (db: DbOrTx, values: Record<string, unknown>): Promise<R> => {
    if (is(db, PgTransaction)) return build(db).prepare('').execute(values);
    let read = built.get(db);
    if (!read) {
      read = build(db).prepare('');
      built.set(db, read);
    }
    return read.execute(values);
  };
}
