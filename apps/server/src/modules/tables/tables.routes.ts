import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const tablesRoutes = new Hono<AppEnv>();
