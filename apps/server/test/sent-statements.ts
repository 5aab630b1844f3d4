import pg from 'pg';
import { vi } from 'vitest';

/** The texts node-postgres was handed while `run` ran, in order, each one round trip to the server. */
export async function statementsSent(run: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const real = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [first] = args as [string | { text: string }];
    texts.push(typeof first === 'string' ? first : first.text);
    return (real as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return texts;
}
