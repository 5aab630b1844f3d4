import { getTableColumns, type SQL, type SQLChunk, sql, type Table } from 'drizzle-orm';
import { fixedColumnList } from './fixed-sql';

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
  const names = namesOf(table, [...keys, ...Object.keys(computed)], column);
  // Each row a list, which the query builder writes as "(…)" with a parameter for each value.
  const values = rows.map((row) => [
    ...keys.map((k) => {
      const value = row[k];
      return value == null ? null : column(k).mapToDriverValue(value);
    }),
    ...Object.values(computed),
  ]) as SQLChunk[][];
  return sql`(${names}) values ${sql.join(values, sql`, `)}`;
}

const namesCache = new WeakMap<Table, Map<string, SQL>>();

/** The list of columns, written once per table and set of keys: every order's rows set the same ones. */
function namesOf(table: Table, keys: string[], column: (key: string) => { name: string }): SQL {
  let ofTable = namesCache.get(table);
  if (!ofTable) {
    ofTable = new Map();
    namesCache.set(table, ofTable);
  }
  const key = keys.join(',');
  let names = ofTable.get(key);
  if (!names) {
    names = fixedColumnList(keys.map(column));
    ofTable.set(key, names);
  }
  return names;
}
