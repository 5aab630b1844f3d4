import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';

type Runnable<R> = { execute(values?: Record<string, unknown>): Promise<R> };

/** drizzle keeps a handle's driver connection on its session, and a prepared statement runs on `client`. */
type WithSession = { session: { client: unknown } };

/**
 * A statement whose SQL the query builder writes once instead of at every call. For the statements most
 * requests make (the restaurant, a checkout's products, the order's own insert) writing the SQL costs
 * more CPU than sending it and mapping the answer together. Each call still sends the text as an
 * unnamed statement, so nothing stays prepared on a server connection that pgbouncer's transaction mode
 * hands to others. Values go in through `sql.placeholder`. Outside a transaction it is written once per
 * database handle; inside one, once per driver, and run on the transaction's own connection.
 */
export function builtOnce<R>(build: (db: DbOrTx) => { prepare(name: string): Runnable<R> }) {
  const built = new WeakMap<Db, Runnable<R>>();
  const forTransactions = new WeakMap<object, Runnable<R>>();
  return (db: DbOrTx, values: Record<string, unknown>): Promise<R> => {
    if (is(db, PgTransaction)) {
      const { session } = db as unknown as WithSession;
      let read = forTransactions.get(session.constructor);
      if (!read) {
        read = build(db).prepare('');
        forTransactions.set(session.constructor, read);
      }
      const onThisConnection: Runnable<R> = Object.create(read, { client: { value: session.client } });
      return onThisConnection.execute(values);
    }
    let read = built.get(db);
    if (!read) {
      read = build(db).prepare('');
      built.set(db, read);
    }
    return read.execute(values);
  };
}
