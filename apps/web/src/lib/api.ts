import { MSG } from '@meucardapio/domain/messages';
import { noteServerDate } from './server-clock';
import { toast } from './toast';

/** A failed API call, carrying the server's pt-BR title and description. */
export class ApiError extends Error {
  readonly code: string;
  readonly title: string;
  readonly description: string;
  readonly status: number;

  constructor(init: { code: string; title: string; description?: string; status: number }) {
    super(init.description ? `${init.title}: ${init.description}` : init.title);
    this.name = 'ApiError';
    this.code = init.code;
    this.title = init.title;
    this.description = init.description ?? '';
    this.status = init.status;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

const GATEWAY_UNAVAILABLE = new Set([502, 503, 504]);

type Query = Record<string, string | number | boolean | null | undefined>;

export type ApiOptions = Omit<RequestInit, 'body' | 'method'> & {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain objects are sent as JSON; FormData/Blob are sent as they are. */
  body?: unknown;
  /** Appended as a query string; null/undefined values are skipped. */
  query?: Query;
};

function withQuery(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

/**
 * Calls the JSON API. Resolves with the parsed body (undefined for 204) and throws ApiError for
 * network failures and for 4xx/5xx answers (reading `{ error: { code, title, description } }`).
 */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const { body, query, headers, method, ...init } = options;
  const h = new Headers(headers);
  h.set('Accept', 'application/json');
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) {
    payload = body;
  } else if (body !== undefined) {
    h.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let res: Response;
  try {
    res = await fetch(withQuery(path, query), {
      credentials: 'same-origin',
      ...init,
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: h,
      body: payload,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw networkError();
  }

  noteServerDate(res.headers.get('date'));
  if (res.status === 204) return undefined as T;
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  let data: unknown;
  if (isJson) {
    try {
      data = await res.json();
    } catch {
      data = undefined;
    }
  }

  if (!res.ok) throw apiError(res.status, data);
  return data as T;
}

/** No answer at all: the request never reached the server. */
export const networkError = () =>
  new ApiError({
    code: 'network_error',
    title: 'Sem conexão',
    description: 'Não foi possível falar com o servidor. Verifique sua internet e tente novamente.',
    status: 0,
  });

/** The ApiError of a failed answer, from its `{ error: { code, title, description } }` body when it has one. */
export function apiError(status: number, data: unknown): ApiError {
  const e = (data as { error?: { code?: string; title?: string; description?: string } } | undefined)?.error;
  // A proxy's own page while every server is restarting, or the database is away: worth trying again.
  if (!e && GATEWAY_UNAVAILABLE.has(status)) {
    return new ApiError({
      code: 'unavailable',
      title: MSG.unavailableTitle,
      description: MSG.unavailableDescription,
      status,
    });
  }
  return new ApiError({
    code: e?.code ?? (status >= 500 ? 'internal' : 'http_error'),
    title: e?.title ?? (status >= 500 ? 'Erro inesperado' : 'Não foi possível concluir'),
    description: e?.description ?? MSG.genericError,
    status,
  });
}

api.get = <T = unknown>(path: string, options?: Omit<ApiOptions, 'method' | 'body'>) =>
  api<T>(path, { ...options, method: 'GET' });
api.post = <T = unknown>(path: string, body?: unknown, options?: Omit<ApiOptions, 'method' | 'body'>) =>
  api<T>(path, { ...options, method: 'POST', body: body ?? {} });
api.put = <T = unknown>(path: string, body?: unknown, options?: Omit<ApiOptions, 'method' | 'body'>) =>
  api<T>(path, { ...options, method: 'PUT', body: body ?? {} });
api.patch = <T = unknown>(path: string, body?: unknown, options?: Omit<ApiOptions, 'method' | 'body'>) =>
  api<T>(path, { ...options, method: 'PATCH', body: body ?? {} });
api.delete = <T = unknown>(path: string, options?: Omit<ApiOptions, 'method' | 'body'>) =>
  api<T>(path, { ...options, method: 'DELETE' });

/** Title and description to show for any error (ApiError keeps the server's texts). */
export function errorText(err: unknown, fallbackTitle = 'Erro'): { title: string; description: string } {
  if (err instanceof ApiError) return { title: err.title || fallbackTitle, description: err.description };
  return { title: fallbackTitle, description: MSG.genericError };
}

/**
 * A failed change as spec 2 §8 and spec 3 §8 word it: the screen's own title ('Erro ao criar mesa') with
 * the server's message underneath. A missing permission keeps the server's own "Acesso negado".
 */
export function titledErrorText(err: unknown, title: string): { title: string; description: string } {
  if (err instanceof ApiError && err.status === 403) return errorText(err, title);
  const t = errorText(err);
  return { title, description: t.description || t.title };
}

/** Shows an error toast with the screen's title and the server's message (titledErrorText). */
export function toastTitledError(err: unknown, title: string) {
  const t = titledErrorText(err, title);
  toast.error(t.title, { description: t.description || undefined });
}

/** Shows an error toast with the server's title and description (or the fallback title). */
export function toastError(err: unknown, fallbackTitle = 'Erro') {
  const { title, description } = errorText(err, fallbackTitle);
  toast.error(title, { description: description || undefined });
}
