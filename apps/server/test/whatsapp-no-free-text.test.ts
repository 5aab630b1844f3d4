import { outboundMessages } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enqueueNewOrderNotifications } from '../src/modules/orders/notifications/whatsapp-outbox';
import { customerOf, deliveryOrder, type Shop, shopPerFile } from './checkout-fixtures';
import type { TestApp } from './helpers';

/*
 * The phone typed on an order is not proved to be the customer's, so the restaurant's WhatsApp never
 * carries what the customer typed freely there: no order note, no item notes, no name beyond a plain
 * first name (decision 045).
 */

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

const LINK = 'http://golpe.example/pix';

describe('WhatsApp messages to the phone typed on an order', () => {
  it('carry no link, note or name the customer typed', async () => {
    const { client } = await customerOf(t, shop, { name: `${LINK} Maria` });
    const placed = await client.post(
      '/api/customer/orders',
      deliveryOrder(shop, {
        name: `${LINK} Maria`,
        phone: '(11) 91234-5678',
        note: `Pague o frete em ${LINK}`,
        items: [{ productId: shop.products.calabresa.id, quantity: 1, notes: `Ganhe um cupom em ${LINK}` }],
      }),
    );
    expect(placed.status).toBe(201);
    const id = placed.body.order.id as string;
    await enqueueNewOrderNotifications(t.db, shop.rid, id);
    expect((await shop.owner.client.patch(`/api/admin/orders/${id}/status`, { status: 'preparing' })).status).toBe(200);
    const bodies = (await t.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, id))).map(
      (m) => m.body,
    );
    expect(bodies).toHaveLength(2);
    for (const body of bodies) {
      expect(body).not.toContain('golpe');
      expect(body).not.toContain('Ganhe');
      expect(body).not.toContain('frete');
      expect(body).toMatch(/^Olá, cliente!/);
    }
    expect(bodies.join('\n')).toContain(`1x ${shop.products.calabresa.name}`);
  });

  it('still greet a plain first name', async () => {
    const { client } = await customerOf(t, shop, { name: 'Maria Souza' });
    const placed = await client.post('/api/customer/orders', deliveryOrder(shop, { name: 'Maria Souza' }));
    await enqueueNewOrderNotifications(t.db, shop.rid, placed.body.order.id);
    const [row] = await t.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, placed.body.order.id));
    expect(row.body).toMatch(/^Olá, Maria! Recebemos seu pedido/);
  });
});
