import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/geo', () => {
  it('lists the 27 states sorted by name, with long cache headers', async () => {
    const r = await t.client().get('/api/geo/states');
    expect(r.status).toBe(200);
    expect(r.body.states).toHaveLength(27);
    expect(r.body.states).toContainEqual({ code: 'SP', name: 'São Paulo', ibge: 35 });
    const names = r.body.states.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')));
    expect(r.headers.get('cache-control')).toMatch(/max-age=\d{5,}/);
  });

  it('lists the cities of a state (any case), accented and without duplicates', async () => {
    const r = await t.client().get('/api/geo/states/sp/cities');
    expect(r.status).toBe(200);
    expect(r.body.state).toBe('SP');
    expect(r.body.cities).toContain('São Paulo');
    expect(r.body.cities).toContain('Osasco');
    expect(new Set(r.body.cities).size).toBe(r.body.cities.length);
    expect(r.body.cities.length).toBe(645);
    expect(r.headers.get('cache-control')).toMatch(/max-age=\d{5,}/);
    const df = await t.client().get('/api/geo/states/DF/cities');
    expect(df.body.cities).toEqual(['Brasília']);
  });

  it('answers pt-BR 4xx for unknown or malformed codes', async () => {
    const unknown = await t.client().get('/api/geo/states/XX/cities');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.title).toBe('Estado não encontrado');
    const bad = await t.client().get('/api/geo/states/123/cities');
    expect(bad.status).toBe(400);
    expect(bad.body.error.title).toBe('Dados inválidos');
  });
});
