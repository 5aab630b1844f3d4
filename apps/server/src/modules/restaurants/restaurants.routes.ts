import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const restaurantsRoutes = new Hono<AppEnv>();
