import { createHash } from 'node:crypto';
import { is, type SQL, sql } from 'drizzle-orm';
import { NodePgDatabase, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client';
import { commitAhead } from './pool-transactions';

const dialect = new PgDialect();
/** How node-postgres writes a value it sends as text (exported, though its typings leave it out). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

/**
 * Statement texts kept prepared, by name. Each server connection holds its own copy of each one it ran
 * (about a third of a megabyte for an order's), so a text past a database's first sixteen is run as any other.
 */
const KEPT_TEXTS = 16;
type Kept = { name: string; keep: string };
/**
 * Per database handle (by the dialect it shares with every transaction opened from it), by text: its
 * name, and the call that prepares it where it is missing (the text quoted once). One database's texts
 * never use up another's bound, as a process holding several (the tests) would otherwise see.
 */
const keptByDatabase = new WeakMap<object, Map<string, Kept>>();

/**
 * Runs `query` as a statement kept prepared on the server connection it lands on: parsed and planned
 * once per connection, not at every call. Through pgbouncer in transaction mode every other statement is
 * sent unnamed, and for a statement as large as an order's, parsing and planning it cost the server more
 * than running it. The text travels with each call (`mc_keep_prepared` prepares it where it is missing,
 * in the same round trip); the values go as quoted literals, since EXECUTE takes no parameters. Rows come
 * back as `db.execute(query)` would give them. `after`: statements that must see what it wrote (a step of
 * its own would share its snapshot), run after it in the same round trip where their values can be
 * written as literals. `last`: nothing else follows in the transaction, so its COMMIT goes in the same
 * round trip where it can (`commitAhead`).
 */
export async function runKept<Row>(
  db: DbOrTx,
  query: SQL,
  options: { last?: boolean; after?: readonly SQL[] } = {},
): Promise<Row[]> {
  const after = options.after ?? [];
  const { sql: text, params } = dialect.sqlToQuery(query);
  const statement = keptAs(db, text);
  const literals = statement && asLiterals(params);
  let rows: unknown[];
  let left = after;
  if (!statement || !literals) rows = (await db.execute(query)).rows;
  else if (!onNodePostgres(db)) rows = await runPrepared(db, statement, literals);
  else {
    // One round trip: node-postgres sends them as one simple query and answers each one's result.
    const inline = withLiterals(after);
    if (inline) left = [];
    const committed = options.last && inline ? commitAhead(db) : null;
    const texts = [statement.keep, executeText(statement.name, literals), ...(inline ?? [])];
    const results = (await db.execute(sql.raw([...texts, ...(committed ? ['commit'] : [])].join('; ')))) as unknown as {
      rows: unknown[];
    }[];
    committed?.();
    rows = results[1].rows;
  }
  for (const next of left) await db.execute(next);
  return rows as Row[];
}

const executeText = (name: string, literals: string[]) =>
  `execute ${name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`;

/** Prepares where missing and runs, one call each (embedded: there is no round trip to save). */
async function runPrepared(db: DbOrTx, { name, keep }: { name: string; keep: string }, literals: string[]) {
  await db.execute(sql.raw(keep));
  return (await db.execute(sql.raw(executeText(name, literals)))).rows;
}

/** node-postgres (a server, often through a pooler) rather than embedded PGlite, typed alike. */
function onNodePostgres(db: DbOrTx): boolean {
  return is(db, NodePgTransaction) || is(db, NodePgDatabase);
}

function keptAs(db: DbOrTx, text: string): Kept | null {
  const { dialect: owner } = db as unknown as { dialect: object };
  const kept = keptByDatabase.get(owner) ?? new Map<string, Kept>();
  keptByDatabase.set(owner, kept);
  const known = kept.get(text);
  if (known || kept.size >= KEPT_TEXTS) return known ?? null;
  const name = `mc_kept_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  const statement = { name, keep: `select mc_keep_prepared('${name}', ${pg.escapeLiteral(text)})` };
  kept.set(text, statement);
  return statement;
}

/**
 * Each statement's text with its values written in as literals; null when one cannot be, or when its
 * text holds a `$` other than its placeholders, $1 to $n in order (the only ones replaced safely).
 */
function withLiterals(statements: readonly SQL[]): string[] | null {
  const texts: string[] = [];
  for (const statement of statements) {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    const literals = asLiterals(params);
    const placeholders = text.match(/\$\d*/g) ?? [];
    if (!literals || placeholders.some((p, i) => p !== `$${i + 1}`) || placeholders.length !== params.length)
      return null;
    texts.push(text.replace(/\$(\d+)/g, (_, n: string) => literals[Number(n) - 1]));
  }
  return texts;
}

/**
 * The values as node-postgres would send them, each written as a literal; null when one cannot be (a
 * NUL character would end the text early, and binary data has no text form here): such a call is run
 * unnamed, as any other statement.
 */
function asLiterals(params: readonly unknown[]): string[] | null {
  const literals: string[] = [];
  for (const param of params) {
    const value = prepareValue(param);
    if (value === null || value === undefined) literals.push('null');
    else if (typeof value !== 'string' || value.includes('\0')) return null;
    else literals.push(pg.escapeLiteral(value));
  }
  return literals;
}
