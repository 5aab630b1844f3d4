import type { Db } from '@meucardapio/db/client';
import type { Actor } from '../http/context';
import { resolveActors } from '../http/session';

type Waiter = { resolve: (actor: Actor | null) => void; reject: (err: unknown) => void };

/**
 * The streams' session checks asked for in the same turn of the event loop, read in one statement: a
 * tick of the check clock checks its share of the streams at once, and a revocation signal every
 * stream it concerns. Thousands of streams then cost a few statements a minute, not one each.
 */
export function sessionChecker(db: Db): (token: string) => Promise<Actor | null> {
  let waiting = new Map<string, Waiter[]>();

  async function flush() {
    const batch = waiting;
    waiting = new Map();
    try {
      const actors = await resolveActors(db, [...batch.keys()]);
      for (const [token, waiters] of batch) for (const w of waiters) w.resolve(actors.get(token) ?? null);
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  }

  return (token) =>
    new Promise((resolve, reject) => {
      if (waiting.size === 0) setImmediate(flush);
      waiting.set(token, [...(waiting.get(token) ?? []), { resolve, reject }]);
    });
}
