import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { staffCtx } from '../../http/guard';
import { idParam, parseBody, parseParams } from '../../http/validate';
import {
  createDeliveryState,
  createNeighborhood,
  deleteDeliveryState,
  deleteNeighborhood,
  listDeliveryStates,
  listNeighborhoods,
  setDeliveryStateActive,
  updateDeliveryState,
  updateNeighborhood,
} from './delivery.service';

export const deliveryRoutes = new Hono<AppEnv>();

const neighborhoodBody = z.object({
  name: z
    .string({ message: 'Informe o nome do bairro' })
    .trim()
    .min(1, { message: 'Informe o nome do bairro' })
    .max(120),
  deliveryFee: z
    .number({ message: 'Taxa de entrega inválida' })
    .int({ message: 'Taxa de entrega inválida' })
    .min(0, { message: 'A taxa de entrega não pode ser negativa' })
    .max(100_000_00, { message: 'Taxa de entrega muito alta' }),
  cepPattern: z
    .string()
    .max(20)
    .nullish()
    .transform((v) => v ?? null),
});

const stateBody = z.object({
  code: z.string({ message: 'Escolha um estado' }).trim().min(2, { message: 'Escolha um estado' }).max(2),
  cities: z.array(z.string().max(120)).max(1000).default([]),
  active: z.boolean().default(true),
});

const activeBody = z.object({ active: z.boolean({ message: 'Informe ativo ou inativo' }) });

deliveryRoutes.get('/admin/neighborhoods', async (c) => {
  const ctx = staffCtx(c, 'manage_delivery_config');
  return c.json({ neighborhoods: await listNeighborhoods(ctx) });
});

deliveryRoutes.post('/admin/neighborhoods', async (c) => {
  const ctx = staffCtx(c, 'manage_delivery_config');
  const body = await parseBody(c, neighborhoodBody);
  return c.json({ neighborhood: await createNeighborhood(ctx, body) }, 201);
});

deliveryRoutes.put('/admin/neighborhoods/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_delivery_config');
  const { id } = parseParams(c, idParam);
  const body = await parseBody(c, neighborhoodBody);
  return c.json({ neighborhood: await updateNeighborhood(ctx, id, body) });
});

deliveryRoutes.delete('/admin/neighborhoods/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_delivery_config');
  const { id } = parseParams(c, idParam);
  await deleteNeighborhood(ctx, id);
  return c.json({ ok: true });
});

deliveryRoutes.get('/admin/delivery-states', async (c) => {
  const ctx = staffCtx(c, 'manage_states');
  return c.json({ states: await listDeliveryStates(ctx) });
});

deliveryRoutes.post('/admin/delivery-states', async (c) => {
  const ctx = staffCtx(c, 'manage_states');
  const body = await parseBody(c, stateBody);
  return c.json({ state: await createDeliveryState(ctx, body) }, 201);
});

deliveryRoutes.put('/admin/delivery-states/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_states');
  const { id } = parseParams(c, idParam);
  const body = await parseBody(c, stateBody);
  return c.json({ state: await updateDeliveryState(ctx, id, body) });
});

deliveryRoutes.patch('/admin/delivery-states/:id/active', async (c) => {
  const ctx = staffCtx(c, 'manage_states');
  const { id } = parseParams(c, idParam);
  const { active } = await parseBody(c, activeBody);
  return c.json({ state: await setDeliveryStateActive(ctx, id, active) });
});

deliveryRoutes.delete('/admin/delivery-states/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_states');
  const { id } = parseParams(c, idParam);
  await deleteDeliveryState(ctx, id);
  return c.json({ ok: true });
});
