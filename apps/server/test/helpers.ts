import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database, DbOrTx } from '@meucardapio/db/client';
import { employees, userProfiles } from '@meucardapio/db/schema';
import { setSecretsKey } from '@meucardapio/db/secret-box';
import { ensureDefaultProfileTypes } from '@meucardapio/db/seed/default-profile-types';
import { freshDatabase } from '@meucardapio/db/testing';
import {
  defaultPermissionsFor,
  type Permissions,
  PROFILE_TYPE_LABELS,
  type ProfileType,
} from '@meucardapio/domain/permissions';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { hashPassword } from '../src/modules/auth/passwords';
import { keepFiles } from '../src/modules/files/file-store';
import { appendEvent, type NewEvent } from '../src/realtime/realtime';
import { boot } from '../src/server';

export const ORIGIN = 'http://localhost';

// The key a server process loads at start (ops/secrets-key.ts); in-process test apps share one.
setSecretsKey(Buffer.alloc(32, 7));

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A booted app on a fresh database (or on `on`, already migrated), closed with `await t.close()`. Payments go through the simulator
 * unless `env` says otherwise (a variable set to undefined is left unset).
 */
export async function createTestApp(env: Record<string, string | undefined> = {}, on?: Database) {
  const database = on ?? (await freshDatabase());
  // Uploaded files go to a folder of this app's own (the embedded database is in memory).
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-test-data-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    PAYMENTS: 'simulator',
    DATA_DIR: dataDir,
    ...env,
  } as NodeJS.ProcessEnv);
  const booted = await boot(config, { database, migrate: false, log: pino({ level: 'silent' }) });
  await ensureDefaultProfileTypes(database.db);
  return {
    ...booted,
    async close() {
      await booted.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    db: database.db,
    /** A browser-like client with its own cookie jar, connecting from its own address unless one is given. */
    client: (ip?: string) => new TestClient(booted.app, ip),
  };
}

/**
 * A file's app and what `setup` makes on it: made before the file's tests, handed to `ready` (which keeps
 * them in the file's variables), and closed after them.
 */
export function appPerFile<T>(setup: (t: TestApp) => Promise<T>, ready: (made: T & { t: TestApp }) => void) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    ready({ t: app, ...(await setup(app)) });
  });
  afterAll(async () => {
    await app?.close();
  });
}

type Fetcher = {
  request: (input: string, init?: RequestInit, env?: unknown) => Response | Promise<Response>;
};

let addresses = 0;
/** A distinct client address per test client, as the node server would see on its socket. */
const nextAddress = () => `10.${(++addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;

export class TestClient {
  private cookies = new Map<string, string>();
  readonly ip: string;
  constructor(
    private app: Fetcher,
    ip?: string,
  ) {
    this.ip = ip ?? nextAddress();
  }

  /** A cookie this client holds (a session token, for tests that check sessions directly). */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { origin: ORIGIN, host: 'localhost', ...headers };
    if (this.cookies.size > 0) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: BodyInit | undefined;
    if (typeof body === 'string' || body instanceof Uint8Array) payload = body as BodyInit;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !h['content-type']) h['content-type'] = 'application/json';
    const env = { incoming: { socket: { remoteAddress: this.ip } } };
    const res = await this.app.request(`http://localhost${path}`, { method, headers: h, body: payload }, env);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    // Tests read arbitrary response shapes; the assertions give them their types.
    // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests themselves
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
  patch = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('PATCH', path, body, headers);
  delete = (path: string, headers?: Record<string, string>) => this.request('DELETE', path, undefined, headers);
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}`;

export const TEST_PASSWORD = 'senha-forte-123';
let cachedHash: Promise<string> | undefined;
/** argon2 is slow on purpose; tests reuse one hash of TEST_PASSWORD. */
export const testPasswordHash = () => {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
};

/** Signs up a new owner (and so a new restaurant) through the API. */
export async function signupOwner(t: TestApp, overrides: { name?: string; companyName?: string; email?: string } = {}) {
  const client = t.client();
  const email = overrides.email ?? `${unique('dono')}@teste.com.br`;
  const res = await client.post('/api/auth/signup', {
    name: overrides.name ?? 'Dona Teste',
    companyName: overrides.companyName ?? `Restaurante ${unique('r')}`,
    email,
    password: TEST_PASSWORD,
  });
  if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${res.text}`);
  const user = res.body.user;
  return {
    client,
    email,
    ownerId: user.id as string,
    restaurantId: user.restaurant.id as string,
    slug: user.restaurant.slug as string,
  };
}

export type Owner = Awaited<ReturnType<typeof signupOwner>>;

/** An employee of the owner's restaurant with a profile of the given type, signed in. */
export async function createEmployee(
  t: TestApp,
  owner: Owner,
  options: { profileType: ProfileType; profileName?: string; permissions?: Permissions; active?: boolean } = {
    profileType: 'admin',
  },
) {
  const [profile] = await t.db
    .insert(userProfiles)
    .values({
      restaurantId: owner.restaurantId,
      name: options.profileName ?? PROFILE_TYPE_LABELS[options.profileType],
      type: options.profileType,
      permissions: options.permissions ?? defaultPermissionsFor(options.profileType),
    })
    .returning();
  const email = `${unique('func')}@teste.com.br`;
  const [employee] = await t.db
    .insert(employees)
    .values({
      restaurantId: owner.restaurantId,
      name: `Funcionário ${options.profileName ?? PROFILE_TYPE_LABELS[options.profileType]}`,
      email,
      passwordHash: await testPasswordHash(),
      profileId: profile.id,
    })
    .returning();
  const client = t.client();
  const res = await client.post('/api/auth/login', { email, password: TEST_PASSWORD });
  if (res.status !== 200) throw new Error(`employee login failed: ${res.status} ${res.text}`);
  return { client, email, employeeId: employee.id, profileId: profile.id, name: employee.name };
}

/** A customer registered on the restaurant's storefront, signed in. */
export async function registerCustomer(t: TestApp, slug: string, overrides: Record<string, unknown> = {}) {
  const client = t.client();
  const email = `${unique('cliente')}@teste.com.br`;
  const res = await client.post(`/api/public/restaurants/${slug}/customers/register`, {
    name: 'Cliente Teste',
    phone: '11987654321',
    email,
    password: 'senha123',
    cep: '01310100',
    address: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    ...overrides,
  });
  if (res.status !== 200) throw new Error(`customer register failed: ${res.status} ${res.text}`);
  return { client, email, customerId: res.body.user.id as string };
}

/**
 * Resolves once this instance has heard every menu change committed so far. NOTIFYs reach the listener
 * in commit order, so a marker sent now arrives after them; a test that spies on the menu cache starts
 * from here, or a late announcement of its own setup empties the cache under it.
 */
export async function menuChangesHeard(t: TestApp) {
  const marker = `heard-${crypto.randomUUID()}`;
  const heard = new Promise<void>((resolve) => {
    const forget = t.deps.menuCache.forget.bind(t.deps.menuCache);
    const spy = (restaurantId: string) => {
      forget(restaurantId);
      if (restaurantId !== marker) return;
      t.deps.menuCache.forget = forget;
      resolve();
    };
    t.deps.menuCache.forget = spy;
  });
  await t.db.execute(sql`select pg_notify('mc_menu', ${marker})`);
  await heard;
}

/** The text of a statement written with drizzle's `sql`. */
const sqlText = (query: unknown) =>
  ((query as { queryChunks?: { value?: unknown }[] }).queryChunks ?? [])
    .map((chunk) => (Array.isArray(chunk?.value) ? chunk.value.join('') : ''))
    .join('');

/** How many times the app read sessions from the database (`mc_session_actors`) while `run` ran. */
export async function sessionReads(app: TestApp, run: () => Promise<unknown>) {
  const execute = vi.spyOn(app.db, 'execute');
  try {
    await run();
    return execute.mock.calls.filter(([query]) => sqlText(query).includes('mc_session_actors')).length;
  } finally {
    execute.mockRestore();
  }
}

/**
 * Retries `check` until it passes or `ms` elapse: for effects that travel through NOTIFY
 * (another connection's write reaching this instance's caches a moment later).
 */
export async function eventually<T>(check: () => Promise<T>, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/**
 * The real `appendEvent` without its map of event names: tests stream made-up events (and partial
 * payloads) through the same log, NOTIFY and streams as the server's own.
 */
export const appendAnyEvent = appendEvent as unknown as (
  tx: DbOrTx,
  event: Omit<NewEvent, 'type' | 'payload'> & { type: string; payload: Record<string, unknown> },
) => Promise<number>;

/** Keeps a file as an upload would, whatever its type (uploads only take images): answers its URL. */
export async function keepTestFile(t: TestApp, restaurantId: string, contentType: string, data: Buffer) {
  const id = randomUUID();
  await keepFiles({ db: t.db, deps: t.deps, restaurantId, actor: null }, [{ id, contentType, data }]);
  return `/api/files/${id}`;
}
