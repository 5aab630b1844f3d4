import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const filesRoutes = new Hono<AppEnv>();
