import { type Column, getTableColumns, type SQL, type SQLChunk, sql, type Table } from 'drizzle-orm';
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
  const { keys, column } = keysOf(table, rows);
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

/**
 * `(columns) select columns from json_populate_recordset(…)` of an insert into `table`: the rows go as
 * one JSON value, so the statement's text is the same however many rows there are (a statement kept
 * prepared is kept once, not once per count). Values are encoded as `insertRows` encodes them, a JSON
 * column's value left as JSON; as there, a row must name every column it sets.
 */
export function insertJsonRows(table: Table, rows: readonly Record<string, unknown>[]): SQL {
  const { keys, column } = keysOf(table, rows);
  const names = namesOf(table, keys, column);
  const json = rows.map((row) =>
    Object.fromEntries(
      keys.map((k) => {
        const value = row[k];
        const c = column(k);
        return [c.name, value == null ? null : c.dataType === 'json' ? value : c.mapToDriverValue(value)];
      }),
    ),
  );
  return sql`(${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(json)}::json)`;
}

/** The keys the rows set (the first row's), each a column of `table`. */
function keysOf(table: Table, rows: readonly Record<string, unknown>[]) {
  const columns = getTableColumns(table);
  const column = (key: string): Column => {
    const c = columns[key];
    if (!c) throw new Error(`${key} is not a column`);
    return c;
  };
  return { keys: Object.keys(rows[0] ?? {}), column };
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
