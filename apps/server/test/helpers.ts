import { ensureDefaultProfileTypes } from '@meucardapio/db/seed/default-profile-types';
import { freshDatabase } from '@meucardapio/db/testing';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { boot } from '../src/server';

export const ORIGIN = 'http://localhost';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A booted app on a fresh database, closed with `await t.close()`. */
export async function createTestApp() {
  const database = await freshDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0' } as NodeJS.ProcessEnv);
  const booted = await boot(config, { database, migrate: false, log: pino({ level: 'silent' }) });
  await ensureDefaultProfileTypes(database.db);
  return {
    ...booted,
    db: database.db,
    /** A browser-like client with its own cookie jar. */
    client: () => new TestClient(booted.app),
  };
}

type Fetcher = { request: (input: string, init?: RequestInit) => Response | Promise<Response> };

export class TestClient {
  private cookies = new Map<string, string>();
  constructor(private app: Fetcher) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { origin: ORIGIN, host: 'localhost', ...headers };
    if (this.cookies.size > 0) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: BodyInit | undefined;
    if (typeof body === 'string') payload = body;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !h['content-type']) h['content-type'] = 'application/json';
    const res = await this.app.request(`http://localhost${path}`, { method, headers: h, body: payload });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, body: json, text, headers: res.headers };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('PUT', path, body, headers);
  patch = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('PATCH', path, body, headers);
  delete = (path: string, headers?: Record<string, string>) => this.request('DELETE', path, undefined, headers);
}
