import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const ordersRoutes = new Hono<AppEnv>();
