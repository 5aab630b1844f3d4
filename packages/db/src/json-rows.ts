import { type Column, getTableColumns, type Table } from 'drizzle-orm';

/**
 * A row that PostgreSQL handed back as JSON (`row_to_json`, `json_agg` of whole rows), under its
 * table's keys and with each value as the query builder reads it (a timestamp as a Date, a JSON column
 * as its value). JSON writes a timestamp as ISO text, which reads back as the same Date. With `columns`
 * (key and column pairs of the table), only those.
 */
export function rowFromJson<T extends Table>(
  table: T,
  json: Record<string, unknown>,
  columns: readonly (readonly [string, Column])[] = Object.entries(getTableColumns(table)),
): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value == null ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
