import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { runKept } from './kept-statements';

/**
 * A write written as named steps (the `with` clauses it needs) and the query that answers it, so that
 * writes that do not depend on one another can share one statement and one round trip (`inOneTrip`).
 * The answer's rows come back as JSON values (a bigint as a number), whether run alone or together.
 */
export type Step<Row> = { ctes: readonly (readonly [name: string, query: SQL])[]; answer: SQL; row?: Row };

export const step = <Row>(ctes: Step<Row>['ctes'], answer: SQL): Step<Row> => ({ ctes, answer });

type RowOf<S> = S extends Step<infer Row> ? Row : never;

/**
 * Runs the steps as one statement; each answers with its own rows. They share one snapshot and none
 * sees another's rows, so only writes independent of one another belong together. PostgreSQL runs
 * them in no set order: writes that must lock rows in a given order do not belong together either.
 * `kept`: the statement is kept prepared on the server connection (`runKept`), for one run at nearly
 * every order; `after` are statements that must see its rows, sent with it; with `last` as well, nothing
 * else follows in the transaction and it may carry the COMMIT.
 */
export async function inOneTrip<T extends Record<string, Step<unknown>>>(
  tx: DbOrTx,
  steps: T,
  options: { kept?: boolean; last?: boolean; after?: readonly SQL[] } = {},
): Promise<{ [K in keyof T]: RowOf<T[K]>[] }> {
  const entries = Object.entries(steps);
  const names = entries.flatMap(([, s]) => s.ctes.map(([name]) => name));
  if (new Set(names).size !== names.length) throw new Error(`steps named twice: ${names.join(', ')}`);
  const ctes = entries.flatMap(([, s]) => s.ctes.map(([name, query]) => sql`${sql.identifier(name)} as (${query})`));
  const answers = entries.map(
    ([key, s]) => sql`(select coalesce(json_agg(a), '[]'::json) from (${s.answer}) a) as ${sql.identifier(key)}`,
  );
  const statement = sql`${ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}select ${sql.join(answers, sql`, `)}`;
  const rows = options.kept
    ? await runKept<Record<string, unknown[]>>(tx, statement, { last: options.last, after: options.after })
    : await runThen(tx, statement, options.after ?? []);
  return rows[0] as { [K in keyof T]: RowOf<T[K]>[] };
}

async function runThen(tx: DbOrTx, statement: SQL, after: readonly SQL[]) {
  const { rows } = await tx.execute<Record<string, unknown[]>>(statement);
  for (const next of after) await tx.execute(next);
  return rows;
}

/** Runs one step alone. */
export async function runStep<Row>(tx: DbOrTx, s: Step<Row>): Promise<Row[]> {
  return (await inOneTrip(tx, { only: s })).only as Row[];
}
