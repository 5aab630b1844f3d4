import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

type Value = string | Placeholder;

/**
 * `column` (a moment) on the local days `from` to `to` (both 'YYYY-MM-DD', both included) in the time
 * zone `tz`: from the first day's 00:00 to the next day after the last, a range that an index on
 * (restaurant, moment) serves — unlike `(column at time zone tz)::date = day`, which reads every row.
 * A read written once names them with placeholders.
 */
export function withinLocalDays(column: AnyPgColumn | SQL, tz: Value, from: Value, to: Value = from): SQL {
  return sql`${column} >= (${from}::date::timestamp at time zone ${tz}) and ${column} < ((${to}::date + 1)::timestamp at time zone ${tz})`;
}
