import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export const chatRoutes = new Hono<AppEnv>();
