import { getTableColumns, type SQL, type SQLChunk, sql, type Table } from 'drizzle-orm';

/**
 * `(columns) values (…), (…)` of an insert into `table`, for rows that all set the same keys (the first
 * row's), without the query builder, which walks every column of the table at each call. Each value is
 * encoded as the builder encodes it (a JSON column's value as its text, a date as ISO) and PostgreSQL
 * types it by its column; null and undefined are SQL NULL, never the column's default, so a row must name
 * every column it sets. `computed` adds columns whose value is SQL, the same in every row.
 */
export function insertRows(
  table: Table,
  rows: readonly Record<string, unknown>[],
  computed: Record<string, SQL> = {},
): SQL {
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0] ?? {});
  const column = (key: string) => {
    const c = columns[key];
    if (!c) throw new Error(`${key} is not a column`);
    return c;
  };
  const names = [...keys, ...Object.keys(computed)].map((k) => sql.identifier(column(k).name));
  // Each row a list, which the query builder writes as "(…)" with a parameter for each value.
  const values = rows.map((row) => [
    ...keys.map((k) => {
      const value = row[k];
      return value == null ? null : column(k).mapToDriverValue(value);
    }),
    ...Object.values(computed),
  ]) as SQLChunk[][];
  return sql`(${sql.join(names, sql`, `)}) values ${sql.join(values, sql`, `)}`;
}
