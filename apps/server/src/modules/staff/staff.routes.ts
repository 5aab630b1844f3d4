import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const staffRoutes = new Hono<AppEnv>();
