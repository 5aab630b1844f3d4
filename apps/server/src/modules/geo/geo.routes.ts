import { listCities, listStates } from '@meucardapio/db/geo/geo';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { parseParams } from '../../http/validate';

export const geoRoutes = new Hono<AppEnv>();

// IBGE data ships with the server and changes only with a release: let browsers and CDNs keep it.
const LONG_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

const stateParam = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Informe a sigla do estado (UF).'),
});

geoRoutes.get('/geo/states', (c) => {
  c.header('Cache-Control', LONG_CACHE);
  return c.json({ states: listStates() });
});

geoRoutes.get('/geo/states/:code/cities', (c) => {
  const { code } = parseParams(c, stateParam);
  const uf = code.toUpperCase();
  if (!listStates().some((s) => s.code === uf))
    throw notFound('Estado não encontrado', `Não há estado com a sigla ${uf}.`);
  c.header('Cache-Control', LONG_CACHE);
  return c.json({ state: uf, cities: listCities(uf) });
});
