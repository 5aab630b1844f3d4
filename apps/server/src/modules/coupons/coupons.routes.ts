import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const couponsRoutes = new Hono<AppEnv>();
