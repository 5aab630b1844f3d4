import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, signupOwner, type TestApp, type TestClient } from './helpers';

/**
 * Sends malformed and hostile input to every route the app has, as each kind of user,
 * and requires a 4xx with a pt-BR message (or a success) — never a 5xx.
 */
let t: TestApp;
let clients: Record<'anonymous' | 'owner' | 'customer', TestClient>;
let slug: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signupOwner(t);
  slug = owner.slug;
  const customer = await registerCustomer(t, owner.slug);
  clients = { anonymous: t.client(), owner: owner.client, customer: customer.client };
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const huge = 'x'.repeat(200_000);

function routes() {
  const seen = new Set<string>();
  const list: { method: string; path: string }[] = [];
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/') || r.path.includes('*')) continue;
    if (r.path.startsWith('/api/events/')) continue; // streams never end; covered in realtime.test.ts
    if (r.path.endsWith('/logout')) continue; // would end the session the sweep relies on
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    list.push({ method: r.method, path: r.path });
  }
  return list;
}

function fill(path: string, variant: 'unknown' | 'garbage') {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'slug') return variant === 'unknown' ? slug : 'nao-existe-%00';
    return variant === 'unknown' ? UNKNOWN_ID : 'nao-e-um-id';
  });
}

const bodies: [string, string | undefined][] = [
  ['malformed JSON', '{"a":'],
  [
    'wrong types',
    JSON.stringify({ name: 123, email: [], password: {}, price: 'caro', quantity: -5, items: 'x', status: 7 }),
  ],
  ['empty object', '{}'],
  ['array', '[]'],
  ['huge strings', JSON.stringify({ name: huge, email: huge, message: huge, code: huge, description: huge })],
  ['null', 'null'],
];

describe('every endpoint refuses bad input with a 4xx in Portuguese', () => {
  it('has routes to check', () => {
    expect(routes().length).toBeGreaterThan(10);
  });

  it('never answers 5xx', async () => {
    const failures: string[] = [];
    for (const { method, path } of routes()) {
      for (const [who, client] of Object.entries(clients)) {
        for (const variant of ['unknown', 'garbage'] as const) {
          const url = fill(path, variant);
          const cases = method === 'GET' || method === 'DELETE' ? [['no body', undefined] as const] : bodies;
          for (const [label, body] of cases) {
            const res = await client.request(
              method,
              `${url}${method === 'GET' ? '?q=%ZZ&status=nada&limit=-1' : ''}`,
              body,
              {
                'content-type': 'application/json',
              },
            );
            const tag = `${method} ${url} as ${who} with ${label}`;
            if (res.status >= 500) failures.push(`${tag}: ${res.status} ${res.text.slice(0, 200)}`);
            else if (res.status >= 400 && res.headers.get('content-type')?.includes('json')) {
              const e = res.body?.error;
              if (!e?.title || typeof e.title !== 'string') failures.push(`${tag}: ${res.status} without error.title`);
              else if (/\b(undefined|null|Error|Exception|stack)\b/.test(`${e.title} ${e.description}`)) {
                failures.push(`${tag}: leaky message "${e.title} — ${e.description}"`);
              }
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
