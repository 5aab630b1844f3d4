import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';

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
 * waited forever at shutdown. Here a connection whose ROLLBACK failed (its server gone, which also fails
 * the statement that carried BEGIN) is discarded, and the error the caller sees is the one that ended its
 * transaction, not the ROLLBACK's.
 *
 * BEGIN is not a round trip of its own: it travels ahead of the transaction's first statement
 * (`beginWithFirstQuery`), and a transaction that sent nothing sends neither BEGIN nor its end. COMMIT
 * may travel with the last statement, where its caller asks (`commitAhead`).
 */
export function releasingTransactions(session: unknown, pool: pg.Pool) {
  const s = session as Internals;
  s.transaction = async (transaction, config) => {
    // No caller sets isolation or access modes; one that did would need them in its BEGIN.
    if (config) throw new Error('transaction options are not supported');
    const client = await pool.connect();
    const opening = beginWithFirstQuery(client);
    const tx = new NodePgTransaction(s.dialect, new NodePgSession(client, s.dialect, s.schema, s.options), s.schema);
    let committed = false;
    endings.set(tx, () => {
      committed = true;
      // Anything sent after would run outside the transaction, each statement committed on its own.
      Object.defineProperty(client, 'query', { value: afterCommit, configurable: true, writable: true });
    });
    let broken: Error | undefined;
    try {
      const result = await transaction(tx as never);
      if (opening.begun() && !committed) await tx.execute(sql`commit`);
      return result;
    } catch (err) {
      if (opening.begun() && !committed)
        await tx.execute(sql`rollback`).catch((rollbackFailed: Error) => {
          broken = rollbackFailed;
        });
      throw err;
    } finally {
      opening.restore();
      client.release(broken);
    }
  };
}

/** By transaction: what marks it committed by its last statement (a savepoint inside one has none). */
const endings = new WeakMap<object, () => void>();

const afterCommit = () => Promise.reject(new Error('statement sent after its transaction was committed'));

/**
 * Whether `db` is a transaction of `releasingTransactions` whose COMMIT may travel with the statement
 * its caller sends last, in the same simple query ("…; commit"): the caller calls the answer once that
 * statement ran, and the transaction sends no COMMIT of its own. Null for anything else (a savepoint,
 * the pool, PGlite): the statement goes alone and its transaction commits as usual. A statement that
 * fails never reaches its COMMIT, and the transaction rolls back as any other.
 */
export function commitAhead(db: unknown): (() => void) | null {
  return (typeof db === 'object' && db !== null && endings.get(db)) || null;
}

/** What node-postgres's Query does with the wire, which a query that opens its transaction extends. */
type QueryInternals = {
  text: string;
  _results: unknown;
  requiresPreparation(): boolean;
  submit(connection: Connection): Error | null;
  prepare(connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
};
type Connection = {
  parse(config: { text: string }): void;
  bind(config: object): void;
  execute(config: object): void;
};
type QueryConstructor = new (
  config: unknown,
  values: unknown,
  callback: (err: Error | null, result: unknown) => void,
) => QueryInternals;

/**
 * A statement sent with BEGIN ahead of it, in one round trip: with parameters, BEGIN's own parse, bind
 * and execute messages before the statement's, both under the statement's one Sync (an error in either
 * skips the rest, and the caller rolls back); without, "begin; …" as one simple query. It answers the
 * statement's result alone (or each one's, for several statements in one text).
 */
class AfterBegin extends (pg.Query as unknown as QueryConstructor) {
  override submit(connection: Connection) {
    if (!this.requiresPreparation()) this.text = `begin; ${this.text}`;
    return super.submit(connection);
  }

  override prepare(connection: Connection) {
    connection.parse({ text: 'begin' });
    connection.bind({});
    connection.execute({});
    super.prepare(connection);
  }

  override handleReadyForQuery(connection: Connection) {
    if (Array.isArray(this._results)) {
      const [, ...rest] = this._results;
      this._results = rest.length === 1 ? rest[0] : rest;
    }
    super.handleReadyForQuery(connection);
  }
}

/**
 * Sends BEGIN with `client`'s next query (whichever of the transaction's statements goes first), and
 * tells whether it went. Through pgbouncer every round trip costs the instance, the pooler and the
 * primary a write and a read each.
 */
function beginWithFirstQuery(client: pg.PoolClient) {
  let begun = false;
  const own = client.query as (query: unknown) => unknown;
  const first = (config: unknown, values: unknown) => {
    Reflect.deleteProperty(client, 'query');
    begun = true;
    // A copy: node-postgres writes the callback into the config it is given, and the query builder keeps
    // its configs for the next call.
    const copied = typeof config === 'string' ? config : { ...(config as object) };
    return new Promise((resolve, reject) => {
      const query = new AfterBegin(copied, values, (err, result) => (err ? reject(err) : resolve(result)));
      own.call(client, query);
    });
  };
  Object.defineProperty(client, 'query', { value: first, configurable: true, writable: true });
  return {
    begun: () => begun,
    restore: () => Reflect.deleteProperty(client, 'query'),
  };
}
