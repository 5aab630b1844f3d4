import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * A row of an insert written once (built-once.ts): each value a placeholder named `prefix` + its key,
 * which PostgreSQL types by the column it goes into. `rowValues` fills them.
 */
export function rowPlaceholders<K extends string>(keys: readonly K[], prefix: string): Record<K, SQL> {
  return Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(prefix + k)}`])) as Record<K, SQL>;
}

/**
 * The values for `rowPlaceholders`, encoded as the query builder encodes them (a JSON column's value as
 * its text, a date as ISO); null and undefined are SQL NULL.
 */
export function rowValues(table: Table, row: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const columns = getTableColumns(table);
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    values[prefix + key] = value == null ? null : column.mapToDriverValue(value);
  }
  return values;
}
