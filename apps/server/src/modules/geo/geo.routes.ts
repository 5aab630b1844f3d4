import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const geoRoutes = new Hono<AppEnv>();
