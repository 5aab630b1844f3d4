import { MSG } from '@meucardapio/domain/messages';
import { configurePtBrMessages } from '@meucardapio/domain/zod-messages';
import type { Context } from 'hono';
import { z } from 'zod';
import { AppError } from './errors';

// Messages people read: the schema's own text, else "<campo> inválido" with the field's pt-BR label.
configurePtBrMessages(z);

/** The description a failed parse answers with: the first issue's pt-BR message, never a field name. */
export function issueDescription(error: z.ZodError): string {
  return error.issues[0]?.message ?? MSG.invalidData;
}

function fail(error: z.ZodError): never {
  throw new AppError(400, 'invalid_data', MSG.invalidData, issueDescription(error));
}

/** Parses a JSON body; malformed JSON and schema failures become a 400 with a pt-BR message. */
export function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return readBody(c, schema, false);
}

/** A body that may be left out entirely: no body reads as `{}`. */
export function parseOptionalBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return readBody(c, schema, true);
}

async function readBody<S extends z.ZodType>(c: Context, schema: S, optional: boolean): Promise<z.infer<S>> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (!optional || text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new AppError(400, 'invalid_json', MSG.invalidData, 'O corpo da requisição não é um JSON válido.');
    }
  }
  const result = schema.safeParse(raw);
  if (!result.success) fail(result.error);
  return result.data;
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) fail(result.error);
  return result.data;
}

export function parseParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.param());
  if (!result.success) fail(result.error);
  return result.data;
}

/** Validates any value (e.g. a parsed form field) with the same error shape. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) fail(result.error);
  return result.data;
}

export const idParam = z.object({ id: z.uuid({ message: 'Identificador inválido' }) });
