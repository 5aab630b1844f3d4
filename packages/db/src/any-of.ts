import { type AnyColumn, is, Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1)` with the whole list as one parameter: the same plan as `in (…)`, but one value for
 * the query builder and the driver to handle, however long the list (a page of orders names sixty). A
 * read written once (`built-once.ts`) passes the list's placeholder.
 */
export const anyOf = (column: AnyColumn, values: readonly string[] | Placeholder): SQL =>
  sql`${column} = any(${is(values, Placeholder) ? values : sql.param(values)})`;
