import { fiscalNotes, orders, outboundMessages, products, restaurants } from '@meucardapio/db/schema';
import { LOCAL_PIX_METHOD } from '@meucardapio/domain/order-pix';
import { noteMessageLine } from '@meucardapio/domain/status-messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { configureFiscal, noteOfOrder, settleNote, startFiscalApp } from './fiscal-fixtures';
import type { TestApp, TestClient } from './helpers';
import type { FakeNuvemFiscal } from './nuvem-fiscal-fake';
import { insertOrder } from './ops-fixtures';

/**
 * A storefront order's NFC-e: "CPF na nota?" at checkout becomes the note's buyer, the customer's order
 * links to the authorised note (their own only), and the "entregue" WhatsApp message carries the link when
 * the note is authorised by then. The real Nuvem Fiscal client against the schema-checking fake.
 */

let fake: FakeNuvemFiscal;
let t: TestApp;
let shop: Shop;
const CPF = '529.982.247-25';

const pickup = (over: Record<string, unknown> = {}) =>
  deliveryOrder(shop, { deliveryType: 'pickup', cashReceived: null, paymentMethod: shop.methods.card, ...over });

async function moveTo(client: TestClient, id: string, ...statuses: string[]) {
  for (const status of statuses) {
    const res = await client.patch(`/api/admin/orders/${id}/status`, { status });
    expect(res.status, res.text).toBe(200);
  }
}

const deliveredMessage = async (orderId: string) =>
  (
    await t.db
      .select({ body: outboundMessages.body })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.orderId, orderId), eq(outboundMessages.kind, 'status_delivered')))
  )[0]?.body;

beforeAll(async () => {
  ({ fake, t } = await startFiscalApp());
  shop = await setupShop(t);
  await t.db
    .update(products)
    .set({ codigoNcm: '1905.90.90', csosnIcms: '102', cfop: '5101', origemMercadoria: 0, unidade: 'UN' })
    .where(eq(products.restaurantId, shop.rid));
  await configureFiscal(t, shop.rid, shop.owner.client);
  await t.db.update(restaurants).set({ nfceStorefrontMode: 'on_delivery' }).where(eq(restaurants.id, shop.rid));
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('storefront NFC-e', () => {
  it('"CPF na nota?" refuses a CNPJ and an invalid CPF; a valid one is the buyer of the note issued on delivery', async () => {
    const customer = await customerOf(t, shop);
    const cnpj = await customer.client.post('/api/customer/orders', pickup({ customerCpf: '11.222.333/0001-81' }));
    expect(cnpj.status).toBe(400);
    expect(cnpj.body.error).toMatchObject({ title: 'CNPJ não aceito na NFC-e', code: 'cnpj_buyer' });
    expect(cnpj.body.error.description).toMatch(/não pode ser emitida para CNPJ/);
    const invalid = await customer.client.post('/api/customer/orders', pickup({ customerCpf: '123.456.789-00' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ title: 'CPF inválido', code: 'invalid_cpf' });

    const placed = await customer.client.post('/api/customer/orders', pickup({ customerCpf: CPF }));
    expect(placed.status, placed.text).toBe(201);
    const id = placed.body.order.id;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row.paymentData?.customer_cpf).toBe('52998224725');
    await moveTo(shop.owner.client, id, 'preparing', 'confirmed', 'delivered');
    expect(await noteOfOrder(t, id)).toMatchObject({ status: 'queued', buyerCpf: '52998224725' });
    // Not authorised yet: neither the customer's order nor the "entregue" message has a link.
    expect((await customer.client.get(`/api/customer/orders/${id}`)).body.order.fiscalNoteUrl).toBeNull();
    expect(await deliveredMessage(id)).toContain('foi entregue');
    expect(await deliveredMessage(id)).not.toContain('NFC-e');

    const note = await settleNote(t, id);
    expect(note.status).toBe('authorized');
    const sent = fake.emissions().at(-1) as { referencia: string; infNFe: { dest: { CPF: string } } };
    expect(sent.referencia).toBe(id);
    expect(sent.infNFe.dest.CPF).toBe('52998224725');
    expect(note.qrCodeUrl).toMatch(/^https:\/\//);
    const mine = await customer.client.get(`/api/customer/orders/${id}`);
    expect(mine.body.order.fiscalNoteUrl).toBe(note.qrCodeUrl);
    const list = await customer.client.get('/api/customer/orders');
    expect(list.body.orders.find((o: { id: string }) => o.id === id).fiscalNoteUrl).toBe(note.qrCodeUrl);

    // Another customer, here or at another restaurant, never sees it.
    const other = await customerOf(t, shop);
    expect((await other.client.get(`/api/customer/orders/${id}`)).status).toBe(404);
    expect(JSON.stringify((await other.client.get('/api/customer/orders')).body)).not.toContain(note.chave);
  });

  it('an order without CPF gets an anonymous note; the "entregue" message links a note authorised before it', async () => {
    const customer = await customerOf(t, shop);
    const placed = await customer.client.post('/api/customer/orders', pickup());
    expect(placed.status, placed.text).toBe(201);
    const id = placed.body.order.id;
    await moveTo(shop.owner.client, id, 'preparing', 'confirmed');
    // Issued by staff before the delivery (as "on payment" does when the payment is approved).
    const issued = await shop.owner.client.post(`/api/admin/fiscal/orders/${id}/note`, {});
    expect(issued.status).toBe(201);
    expect(issued.body.note.buyerCpf).toBeNull();
    const note = await settleNote(t, id);
    expect(note.status).toBe('authorized');
    expect((fake.emissions().at(-1) as { infNFe: { dest?: unknown } }).infNFe.dest).toBeUndefined();
    await moveTo(shop.owner.client, id, 'delivered');
    const body = await deliveredMessage(id);
    expect(body).toContain(`#${placed.body.order.number} foi entregue`);
    expect(body?.endsWith(`\n${noteMessageLine(note.qrCodeUrl!)}`)).toBe(true);
  });

  it('a PIX QR Code payment confirmed by staff issues the note "on payment", as a provider approval does', async () => {
    await t.db.update(restaurants).set({ nfceStorefrontMode: 'on_payment' }).where(eq(restaurants.id, shop.rid));
    try {
      const order = await insertOrder(t, shop.rid, {
        paymentMethod: LOCAL_PIX_METHOD.name,
        paymentStatus: 'pending',
        paymentData: {
          local_pix: true,
          pix_br_code: '000201…6304ABCD',
          pix_txid: 'PEDIDO1',
          customer_cpf: '52998224725',
        },
      });
      expect(await noteOfOrder(t, order.id)).toBeUndefined();
      const confirm = () =>
        shop.owner.client.post(`/api/admin/orders/${order.id}/confirm-pix`, { receivedAmount: order.total });
      expect((await confirm()).status).toBe(200);
      expect(await noteOfOrder(t, order.id)).toMatchObject({
        status: 'queued',
        buyerCpf: '52998224725',
        total: order.total,
      });
      // Confirming again changes nothing: still one note.
      expect((await confirm()).status).toBe(200);
      expect(await t.db.select().from(fiscalNotes).where(eq(fiscalNotes.orderId, order.id))).toHaveLength(1);
    } finally {
      await t.db.update(restaurants).set({ nfceStorefrontMode: 'on_delivery' }).where(eq(restaurants.id, shop.rid));
    }
  });
});
