import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { boardRoutes } from './board/board.routes';
import { checkoutRoutes } from './checkout/checkout.routes';

/** The orders wing's routes: the storefront's checkout (customers) and the board (staff). */
export const ordersRoutes = new Hono<AppEnv>();

ordersRoutes.route('/', checkoutRoutes);
ordersRoutes.route('/', boardRoutes);
