import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const reviewsRoutes = new Hono<AppEnv>();
