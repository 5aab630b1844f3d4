import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * The arguments of `json_build_object` for `fields` of the row aliased `alias`: each key with its column,
 * so a subquery hands back rows under the names the code reads them by.
 */
export const jsonFields = (fields: Record<string, Column>, alias: string): SQL =>
  sql.join(
    Object.entries(fields).map(([key, column]) => sql`${key}::text, ${sql.raw(alias)}.${sql.identifier(column.name)}`),
    sql`, `,
  );
