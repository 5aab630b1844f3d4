import pg from 'pg';
import { expect, vi } from 'vitest';

type Sent = { text: string; connection: pg.Client };

/** What node-postgres was handed while `run` ran, in order, each one round trip to the server, with its connection. */
async function sentWhile(run: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const real = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [first] = args as [string | { text: string }];
    sent.push({ text: typeof first === 'string' ? first : first.text, connection: this });
    return (real as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

/** The texts node-postgres was handed while `run` ran (background workers' too), in order. */
export async function statementsSent(run: () => Promise<unknown>): Promise<string[]> {
  return (await sentWhile(run)).map((s) => s.text);
}

/**
 * What an order's transaction sent after the order's own statement (kept prepared, writing `"orders"`)
 * while `run` ran, up to its COMMIT: its connection's statements only, whatever else ran meanwhile.
 * None on PGlite, which node-postgres does not reach.
 */
export async function sentAfterOrderStatement(run: () => Promise<unknown>): Promise<string[]> {
  const sent = await sentWhile(run);
  const at = sent.findIndex((s) => s.text.startsWith('select mc_keep_prepared(') && s.text.includes('"orders"'));
  if (at < 0) return [];
  const own = sent.slice(at + 1).filter((s) => s.connection === sent[at].connection);
  const end = own.findIndex((s) => s.text === 'commit');
  return own.slice(0, end < 0 ? own.length : end).map((s) => s.text);
}

/**
 * On PostgreSQL: after the order's statement (`sentAfterOrderStatement`), its transaction wrote the
 * order's print jobs in one statement and read nothing a ticket needs (read before the restaurant's lock).
 */
export function expectTicketsWrittenWithoutReads(after: readonly string[]) {
  if (process.env.TEST_DB !== 'postgres') return;
  expect(
    after.filter((text) => text.includes('"print_jobs"')),
    after.join('\n'),
  ).toHaveLength(1);
  expect(
    after.filter((text) =>
      /"printers"|"print_settings"|"kitchen_stations"|"fiscal_notes"|"restaurants"|from "orders"/.test(text),
    ),
  ).toEqual([]);
}
