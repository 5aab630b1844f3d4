import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const customersRoutes = new Hono<AppEnv>();
