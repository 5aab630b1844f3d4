import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const authRoutes = new Hono<AppEnv>();
