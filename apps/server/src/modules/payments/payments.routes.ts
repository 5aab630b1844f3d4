import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const paymentsRoutes = new Hono<AppEnv>();
