import { kitchenThresholdsInput, stationInput } from '@meucardapio/domain/kitchen';
import { ROUTE_PERMISSIONS } from '@meucardapio/domain/permissions';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { staffCtx } from '../../http/guard';
import { idParam, parseBody, parseParams, parseQuery } from '../../http/validate';
import { kitchenBoard, markReady } from './kitchen-board.service';
import {
  createStation,
  deleteStation,
  getThresholds,
  listStations,
  saveThresholds,
  updateStation,
} from './kitchen-settings.service';

/** The kitchen display (KDS), its stations and its timer thresholds. */
export const kitchenRoutes = new Hono<AppEnv>();

const boardQuery = z.object({
  station: z
    .union([z.literal('all'), z.uuid({ message: 'Estação inválida' })])
    .optional()
    .transform((v) => (v && v !== 'all' ? v : null)),
});

kitchenRoutes.get('/admin/kitchen/board', async (c) => {
  const ctx = staffCtx(c, ...ROUTE_PERMISSIONS.kitchen);
  const { station } = parseQuery(c, boardQuery);
  return c.json(await kitchenBoard(ctx, station));
});

kitchenRoutes.post('/admin/kitchen/orders/:id/ready', async (c) => {
  const ctx = staffCtx(c, ...ROUTE_PERMISSIONS.kitchen);
  const { id } = parseParams(c, idParam);
  return c.json({ order: await markReady(ctx, id) });
});

// The product form needs the list too, so whoever edits products may read it.
kitchenRoutes.get('/admin/kitchen/stations', async (c) => {
  const ctx = staffCtx(c, ...ROUTE_PERMISSIONS.kitchen, ...ROUTE_PERMISSIONS.kitchenStations);
  return c.json({ stations: await listStations(ctx) });
});

kitchenRoutes.post('/admin/kitchen/stations', async (c) => {
  const ctx = staffCtx(c, ...ROUTE_PERMISSIONS.kitchenStations);
  const body = await parseBody(c, stationInput);
  return c.json({ station: await createStation(ctx, body) }, 201);
});

kitchenRoutes.put('/admin/kitchen/stations/:id', async (c) => {
  const ctx = staffCtx(c, ...ROUTE_PERMISSIONS.kitchenStations);
  const { id } = parseParams(c, idParam);
  const body = await parseBody(c, stationInput);
  return c.json({ station: await updateStation(ctx, id, body) });
});

kitchenRoutes.delete('/admin/kitchen/stations/:id', async (c) => {
  const ctx = staffCtx(c, ...ROUTE_PERMISSIONS.kitchenStations);
  const { id } = parseParams(c, idParam);
  await deleteStation(ctx, id);
  return c.body(null, 204);
});

kitchenRoutes.get('/admin/kitchen/settings', async (c) => {
  const ctx = staffCtx(c, ...ROUTE_PERMISSIONS.kitchen, 'manage_settings');
  return c.json({ thresholds: await getThresholds(ctx) });
});

kitchenRoutes.put('/admin/kitchen/settings', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const body = await parseBody(c, kitchenThresholdsInput);
  return c.json({ thresholds: await saveThresholds(ctx, body) });
});
