import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A fragment that is the same in every statement it goes into (tables, columns and constants of our own,
 * never a value from a request), written to text once, its constants in the text. The query builder
 * walks every part of a statement each time it writes one; a fixed fragment is one part to copy.
 */
export function fixedSql(fragment: SQL): SQL {
  return sql.raw(dialect.sqlToQuery(fragment.inlineParams()).sql);
}

/** `"a", "b", …`: a list of columns as one fixed fragment. */
export function fixedColumnList(columns: readonly { name: string }[]): SQL {
  return fixedSql(
    sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    ),
  );
}
