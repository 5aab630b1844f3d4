import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';

type Session = NodePgSession<Record<string, unknown>, never>;
type Internals = Pick<Session, 'transaction'> & {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

/**
 * Transactions on `pool` that always give their connection back. drizzle's own sends BEGIN before its
 * try: a BEGIN on a connection the server has just ended (a restart, a failover, pg_terminate_backend)
 * kept that connection checked out for good, so the pool ran one short after every outage and its end
 * waited forever at shutdown. Here a connection whose BEGIN or ROLLBACK failed is discarded, and the
 * error the caller sees is the one that ended its transaction, not the ROLLBACK's.
 */
export function releasingTransactions(session: unknown, pool: pg.Pool) {
  const s = session as Internals;
  s.transaction = async (transaction, config) => {
    // No caller sets isolation or access modes; one that did would need them in its BEGIN.
    if (config) throw new Error('transaction options are not supported');
    const client = await pool.connect();
    const tx = new NodePgTransaction(s.dialect, new NodePgSession(client, s.dialect, s.schema, s.options), s.schema);
    try {
      await tx.execute(sql`begin`);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    let broken: Error | undefined;
    try {
      const result = await transaction(tx as never);
      await tx.execute(sql`commit`);
      return result;
    } catch (err) {
      await tx.execute(sql`rollback`).catch((rollbackFailed: Error) => {
        broken = rollbackFailed;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  };
}
