import { type ConnectionAccess, MarketplaceError } from './marketplace';

/**
 * What both ordering-app clients share over HTTP: a timeout that tells whether the call may have
 * arrived, an OAuth2 client-credentials token cached until a minute before it runs out (neither
 * protocol has refresh tokens), one retry with a new token on 401, and answers checked against the
 * statuses the operation may give.
 */

export type Grant = { value: string; expiresInSeconds: number };

const capital = (who: string) => who.charAt(0).toUpperCase() + who.slice(1);

/** The error of a token answer that is not a token, naming the credentials when they are the cause. */
export function tokenRefused(res: Response, who: string): MarketplaceError | null {
  if (res.status === 400 || res.status === 401 || res.status === 403)
    return new MarketplaceError(`${capital(who)} recusou as credenciais (client id ou client secret).`, {
      status: res.status,
    });
  if (!res.ok)
    return new MarketplaceError(`${capital(who)} respondeu ${res.status} ao pedir o token.`, { status: res.status });
  return null;
}

export function appHttp(options: {
  timeoutMs: number;
  /** "o iFood", "o aplicativo": who the messages name. */
  who: string;
  url: (c: ConnectionAccess, path: string) => string;
  cacheKey: (c: ConnectionAccess) => string;
  /** The protocol's own token request (its path, field names and answer). */
  grant: (c: ConnectionAccess, call: (input: string, init: RequestInit) => Promise<Response>) => Promise<Grant>;
}) {
  const tokens = new Map<string, { value: string; expiresAt: number }>();
  const Who = capital(options.who);

  async function call(input: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(input, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new MarketplaceError(
        timedOut ? `${Who} não respondeu a tempo.` : `Não foi possível falar com ${options.who}.`,
        // A request that timed out may have been processed; a write refused at connection may too.
        { mayHaveArrived: timedOut || init.method === 'POST' },
      );
    }
  }

  async function token(c: ConnectionAccess, fresh = false): Promise<string> {
    const key = options.cacheKey(c);
    const cached = tokens.get(key);
    if (!fresh && cached && cached.expiresAt > Date.now()) return cached.value;
    const granted = await options.grant(c, call);
    tokens.set(key, {
      value: granted.value,
      expiresAt: Date.now() + Math.max(0, granted.expiresInSeconds - 60) * 1000,
    });
    return granted.value;
  }

  async function authorized(
    c: ConnectionAccess,
    path: string,
    init: RequestInit & { headers?: Record<string, string> },
  ) {
    for (let attempt = 0; ; attempt++) {
      const res = await call(options.url(c, path), {
        ...init,
        headers: {
          accept: 'application/json',
          ...init.headers,
          authorization: `Bearer ${await token(c, attempt > 0)}`,
        },
      });
      if (res.status !== 401 || attempt > 0) return res;
    }
  }

  async function ensure(res: Response, ok: number[], what: string) {
    if (ok.includes(res.status)) return;
    let detail = '';
    try {
      const body = (await res.json()) as { title?: string; message?: string };
      detail = body.title ?? body.message ?? '';
    } catch {}
    throw new MarketplaceError(`${what}: ${options.who} respondeu ${res.status}${detail ? ` (${detail})` : ''}.`, {
      status: res.status,
      mayHaveArrived: res.status >= 500,
    });
  }

  return { token, authorized, ensure };
}
