import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const deliveryRoutes = new Hono<AppEnv>();
