import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const catalogRoutes = new Hono<AppEnv>();
