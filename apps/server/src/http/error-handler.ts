import { isDatabaseUnavailable } from '@meucardapio/db/connection-errors';
import { MSG } from '@meucardapio/domain/messages';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context';
import { AppError, RETRY_AFTER_SECONDS } from './errors';

/** The one answer shape of every refusal: `{ error: { code, title, description } }`. */
export function errorBody(code: string, title: string, description = '') {
  return { error: { code, title, description } };
}

/** The answer while the database is unreachable: nothing was written, the same request may be sent again. */
function unavailable(c: Context<AppEnv>) {
  c.header('Retry-After', String(RETRY_AFTER_SECONDS));
  c.header('Cache-Control', 'no-store');
  return c.json(errorBody('unavailable', MSG.unavailableTitle, MSG.unavailableDescription), 503);
}

export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) return c.json(errorBody(err.code, err.title, err.description), err.status);
  // Hono raises HTTPException for body-limit and similar framework refusals.
  const status = (err as { status?: number }).status;
  if (status === 413) return c.json(errorBody('payload_too_large', 'Conteúdo muito grande', 'Envie menos dados.'), 413);
  if (status && status >= 400 && status < 500) {
    return c.json(errorBody('bad_request', MSG.invalidData, 'Requisição inválida.'), status as ContentfulStatusCode);
  }
  const pgCode = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
  // Constraint violations caused by the input (bad uuid, check, unique) are the client's problem.
  if (pgCode && ['22P02', '23514', '22001', '22003', '22021', '22P05', '22007', '22008'].includes(pgCode)) {
    return c.json(errorBody('invalid_data', MSG.invalidData, 'Verifique os campos e tente novamente.'), 400);
  }
  if (pgCode === '23505') {
    return c.json(errorBody('duplicate', 'Registro duplicado', 'Já existe um registro com esses dados.'), 409);
  }
  if (isDatabaseUnavailable(err)) {
    c.get('log')?.warn({ err: { message: err.message } }, 'database unavailable');
    return unavailable(c);
  }
  c.get('log')?.error({ err }, 'unhandled error');
  return c.json(errorBody('internal', 'Erro inesperado', MSG.genericError), 500);
}
