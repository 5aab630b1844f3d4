import { MSG } from '@meucardapio/domain/messages';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A failure a person can understand: the spec's pt-BR title and description. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly title: string,
    readonly description = '',
  ) {
    super(`${code}: ${title}`);
  }
}

export const badRequest = (title: string, description = '', code = 'bad_request') =>
  new AppError(400, code, title, description);
export const notFound = (title: string = MSG.notFound, description = '') =>
  new AppError(404, 'not_found', title, description);
export const forbidden = (description: string = MSG.noPermission) =>
  new AppError(403, 'forbidden', MSG.accessDenied, description);
export const unauthorized = () => new AppError(401, 'unauthorized', 'Acesso necessário', MSG.notAuthenticated);
export const conflict = (title: string, description = '') => new AppError(409, 'conflict', title, description);

/** Seconds a client is asked to wait while the database is away (a restart or failover takes a few). */
export const RETRY_AFTER_SECONDS = 5;
