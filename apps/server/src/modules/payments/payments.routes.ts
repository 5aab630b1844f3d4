import { paymentTypeOf } from '@meucardapio/domain/payment';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { parseBody } from '../../http/validate';
import { paymentCallbackPath } from '../../integrations/payments/payments';
import { recordSimulatorChoice, SIMULATOR_PROVIDER } from '../../integrations/payments/simulator';
import { confirmPayment, confirmPaymentSchema } from './payments.service';
import { simulatorOrderFor, simulatorReceipt } from './simulator.service';
import { checkoutPage, messagePage, receiptPage, type SimulatorLine } from './simulator-page';

export const paymentsRoutes = new Hono<AppEnv>();

// ---- Payment return (public: the customer arrives from the provider) ----

paymentsRoutes.post('/public/payments/confirm', async (c) => {
  const input = await parseBody(c, confirmPaymentSchema);
  return c.json(await confirmPayment(c.get('db'), c.get('deps'), input));
});

// ---- Simulator (PAYMENTS=simulator: demo and tests): our own hosted-checkout page ----

function simulatorOff(c: Context<AppEnv>) {
  return c.get('deps').integrations.payments.name !== SIMULATOR_PROVIDER;
}
/** An order of a restaurant the simulator does not serve (the quick start's demo-only simulator). */
const notServed = (c: Context<AppEnv>, restaurantSlug: string) =>
  !c.get('deps').integrations.payments.offersCheckoutTo(restaurantSlug);
const simulatorOffPage = (c: Context<AppEnv>) =>
  c.html(messagePage('Indisponível', 'O simulador de pagamento está desativado.'), 404);
const orderNotFoundPage = (c: Context<AppEnv>) =>
  c.html(messagePage('Pedido não encontrado', 'Pedido não encontrado.'), 404);

paymentsRoutes.get('/payments/simulator/checkout', async (c) => {
  if (simulatorOff(c)) return simulatorOffPage(c);
  // Lines and total are the stored order's: the link's own items/prices are never read.
  const found = await simulatorOrderFor(c.get('db'), c.get('actor'), c.req.query('order_nsu'));
  if (!found || notServed(c, found.restaurantSlug)) return orderNotFoundPage(c);
  const { order, restaurantName, items, amount } = found;
  // A split PDV sale charges only the provider's part, as one line.
  const lines: SimulatorLine[] =
    amount === order.total ? [...items] : [{ name: `Venda PDV #${order.number}`, price: amount, quantity: 1 }];
  if (amount === order.total && order.deliveryFee > 0)
    lines.push({ name: 'Taxa de entrega', price: order.deliveryFee, quantity: 1 });
  if (amount === order.total && order.discount > 0)
    lines.push({ name: 'Desconto', price: -order.discount, quantity: 1 });
  c.header('Cache-Control', 'no-store');
  return c.html(
    checkoutPage({
      restaurantName,
      orderId: order.id,
      orderNumber: order.number,
      total: amount,
      paymentMethod: order.paymentMethod,
      customerName: order.customerName,
      lines,
      alreadyPaid: order.paymentStatus === 'approved',
    }),
  );
});

paymentsRoutes.post('/payments/simulator/decide', async (c) => {
  if (simulatorOff(c)) return simulatorOffPage(c);
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const orderId = typeof form.order_nsu === 'string' ? form.order_nsu : undefined;
  const decision = form.decision;
  const found = await simulatorOrderFor(c.get('db'), c.get('actor'), orderId);
  if (!found || notServed(c, found.restaurantSlug) || (decision !== 'approve' && decision !== 'decline'))
    return orderNotFoundPage(c);
  const { order, amount } = found;
  const type = paymentTypeOf(order.paymentMethod);
  const captureMethod = type === 'pix' ? 'pix' : type === 'debit_card' ? 'debit_card' : 'credit_card';
  const cb = await recordSimulatorChoice(c.get('db'), {
    restaurantId: order.restaurantId,
    orderId: order.id,
    approved: decision === 'approve',
    captureMethod,
    amount,
  });
  // Always back to our own return page (never to a URL taken from the request: no open redirect).
  const q = new URLSearchParams({
    order_nsu: order.id,
    transaction_nsu: cb.transactionNsu,
    transaction_id: cb.transactionNsu,
    slug: cb.slug,
    capture_method: cb.captureMethod,
  });
  if (order.deliveryType === 'pdv') q.set('pdv', 'true');
  if (cb.receiptUrl) q.set('receipt_url', cb.receiptUrl);
  else q.set('error', 'declined');
  return c.redirect(`${paymentCallbackPath(order.id)}&${q.toString()}`, 303);
});

paymentsRoutes.get('/payments/simulator/receipt/:nsu', async (c) => {
  if (simulatorOff(c)) return simulatorOffPage(c);
  const nsu = c.req.param('nsu').slice(0, 60);
  const found = await simulatorReceipt(c.get('db'), nsu);
  if (!found) return c.html(messagePage('Comprovante não encontrado', 'Transação inexistente.'), 404);
  return c.html(
    receiptPage({
      transactionNsu: nsu,
      restaurantName: found.restaurantName,
      orderNumber: found.order.number,
      total: found.order.total,
    }),
  );
});
