import type { Context } from 'hono';
import { z } from 'zod';
import { badRequest } from './errors';

/**
 * Idempotent creation (ARCHITECTURE §4.6): the client sends one Idempotency-Key per attempt and
 * reuses it on retries; the row it creates stores the key under a unique (restaurant_id, key) index,
 * so a retry finds the first result and two simultaneous retries cannot both insert.
 */
const keySchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/);

/** The request's Idempotency-Key, null when absent; a malformed key is a 400. */
export function idempotencyKeyOf(c: Context): string | null {
  const header = c.req.header('idempotency-key');
  if (header === undefined) return null;
  const parsed = keySchema.safeParse(header);
  if (!parsed.success) throw badRequest('Dados inválidos', 'Idempotency-Key inválida.');
  return parsed.data;
}

/** Whether a database error is a unique violation: the loser of a race on an idempotency key. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e?.cause?.code ?? e?.code) === '23505';
}
