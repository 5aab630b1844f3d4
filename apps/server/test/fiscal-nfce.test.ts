import { fiscalNoteHistory, fiscalNotes, products, restaurants } from '@meucardapio/db/schema';
import { isValidAccessKey } from '@meucardapio/domain/fiscal-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainFiscalQueue, POLL_DELAYS_MS } from '../src/modules/fiscal/fiscal-worker';
import { queueOrderNote } from '../src/modules/fiscal/queue-note';
import { openRegister, type Pdv, sell, setupPdv } from './cashier-fixtures';
import { configureFiscal, noteOfOrder, settleNote, startFiscalApp } from './fiscal-fixtures';
import { signupOwner, type TestApp } from './helpers';
import type { FakeNuvemFiscal } from './nuvem-fiscal-fake';

/**
 * NFC-e end to end with the REAL Nuvem Fiscal client against a local fake that validates every request
 * against the official schema. The background worker is parked (NFCE_QUEUE_TICK_MS): the tests drive the
 * queue with `drainFiscalQueue` and a clock of their own, so no assertion depends on timing.
 */

const F = '/api/admin/fiscal';
/** The parts of an emitted NfePedidoEmissao the assertions read (the fake already checked the schema). */
// biome-ignore lint/suspicious/noExplicitAny: JSON read back from the fake, shape asserted by the tests
type Json = any;
let fake: FakeNuvemFiscal;
let t: TestApp;
let pdv: Pdv;
let pizza: typeof products.$inferSelect;
let soda: typeof products.$inferSelect;
const clock = { at: Date.now() };
const now = () => new Date(clock.at);
/** Runs the queue at the test's clock, then moves the clock by `ms`. */
const drain = async (ms = 0) => {
  const n = await drainFiscalQueue(t.deps, { now });
  clock.at += ms;
  return n;
};
const noteOf = (orderId: string) => noteOfOrder(t, orderId);
/** Drains until the order's note leaves the queue (the clock jumps past each backoff). */
const settle = (orderId: string) => settleNote(t, orderId, clock);
const pizzaAndSoda = (payments: unknown[]) => ({
  items: [
    { productId: pizza.id, quantity: 1 },
    { productId: soda.id, quantity: 1 },
  ],
  payments,
});

beforeAll(async () => {
  ({ fake, t } = await startFiscalApp());
  pdv = await setupPdv(t);
  [pizza, soda] = await t.db
    .insert(products)
    .values([
      {
        restaurantId: pdv.rid,
        name: 'Pizza Margherita',
        price: 3690,
        codigoNcm: '1905.90.90',
        csosnIcms: '102',
        cfop: '5101',
        origemMercadoria: 0,
        unidade: 'UN',
      },
      {
        restaurantId: pdv.rid,
        name: 'Refrigerante Lata 350ml',
        price: 600,
        codigoNcm: '2202.10.00',
        codigoCest: '03.007.00',
        csosnIcms: '500',
        cfop: '5405',
        origemMercadoria: 0,
        unidade: 'UN',
      },
    ])
    .returning();
  await configureFiscal(t, pdv.rid, pdv.owner.client);
  await openRegister(pdv.owner.client);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('NFC-e through the real Nuvem Fiscal client', () => {
  it('tests the connection: configuration sent and SEFAZ status read, in pt-BR', async () => {
    const res = await pdv.owner.client.post(`${F}/test-connection`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, title: 'Conexão funcionando', provider: 'nuvemfiscal' });
    const config = fake.requests.find((r) => r.method === 'PUT');
    expect(config?.path).toBe('/empresas/11222333000181/nfce');
    expect(config?.body).toEqual({ CRT: 1, ambiente: 'homologacao', sefaz: { id_csc: 1, csc: 'CSC-TESTE-0001' } });
  });

  it('a pizza and a canned soda paid with R$ 50,00 cash: tPag 01, vPag 50.00, vTroco 7.10, items adding up', async () => {
    const res = await sell(pdv.owner.client, {
      ...pizzaAndSoda([{ methodId: pdv.methods.cash, amount: 4290, received: 5000 }]),
      customerCpf: '529.982.247-25',
    });
    expect(res.status).toBe(201);
    const orderId = res.body.sale.id;
    // The note row committed with the sale.
    expect((await noteOf(orderId)).status).toBe('queued');

    const note = await settle(orderId);
    expect(note.status).toBe('authorized');
    expect(isValidAccessKey(note.chave ?? '')).toBe(true);
    expect(note.protocolo).toMatch(/^\d{15}$/);
    expect(note.qrCodeUrl).toContain(`p=${note.chave}|2|2|1|`);
    expect(note.xml).toContain('<nfeProc');

    const body = fake.emissions().at(-1) as { referencia: string; ambiente: string; infNFe: Json };
    expect(body.referencia).toBe(orderId);
    expect(body.ambiente).toBe('homologacao');
    const inf = body.infNFe;
    expect(inf.ide).toMatchObject({ mod: 65, indPres: 1, indFinal: 1, cMunFG: '3550308', tpAmb: 2 });
    expect(inf.dest).toMatchObject({ CPF: '52998224725', indIEDest: 9 });
    const byCfop = [...inf.det].sort((a: Json, b: Json) => a.prod.CFOP.localeCompare(b.prod.CFOP));
    expect(byCfop.map((d: Json) => [d.prod.CFOP, Object.values(d.imposto.ICMS)[0]])).toEqual([
      ['5101', { orig: 0, CSOSN: '102' }],
      ['5405', { orig: 0, CSOSN: '500' }],
    ]);
    expect(byCfop[1].prod.CEST).toBe('0300700');
    expect(inf.pag).toEqual({ detPag: [{ indPag: 0, tPag: '01', vPag: 50 }], vTroco: 7.1 });
    const items = inf.det.reduce((s: number, d: Json) => s + Math.round(d.prod.vProd * 100), 0);
    expect(items).toBe(4290);
    expect(inf.total.ICMSTot.vNF).toBe(42.9);
    expect(fake.invalid).toEqual([]);
  });

  it('reuses the OAuth token, and renews it once when the API answers 401', async () => {
    const issued = fake.tokensIssued;
    expect(issued).toBe(1);
    const res = await sell(pdv.owner.client, pizzaAndSoda([{ methodId: pdv.methods.pix, amount: 4290 }]));
    await settle(res.body.sale.id);
    expect(fake.tokensIssued).toBe(1);
    fake.revokeTokens();
    const again = await sell(pdv.owner.client, pizzaAndSoda([{ methodId: pdv.methods.pix, amount: 4290 }]));
    expect((await settle(again.body.sale.id)).status).toBe('authorized');
    expect(fake.tokensIssued).toBe(2);
  });

  it('our own static PIX is tPag 20; a discount is prorated to the cent', async () => {
    const res = await sell(pdv.owner.client, {
      ...pizzaAndSoda([{ methodId: pdv.methods.pix, amount: 4189 }]),
      discount: 101,
    });
    expect(res.status).toBe(201);
    await settle(res.body.sale.id);
    const inf = (fake.emissions().at(-1) as { infNFe: Json }).infNFe;
    expect(inf.pag.detPag).toEqual([{ indPag: 0, tPag: '20', vPag: 41.89 }]);
    const discounts = inf.det.map((d: Json) => Math.round((d.prod.vDesc ?? 0) * 100));
    expect(discounts.reduce((a: number, b: number) => a + b, 0)).toBe(101);
    expect(inf.total.ICMSTot).toMatchObject({ vProd: 42.9, vDesc: 1.01, vNF: 41.89 });
  });

  it("a sale's note is queued by its order's statement as queueOrderNote queues one: next number, buyer, history line", async () => {
    const numbersBefore = async () =>
      (await t.db.select({ n: restaurants.nfceNumber }).from(restaurants).where(eq(restaurants.id, pdv.rid)))[0].n;
    const before = await numbersBefore();
    const res = await sell(pdv.owner.client, {
      ...pizzaAndSoda([{ methodId: pdv.methods.cash, amount: 4290, received: 4290 }]),
      customerCpf: '529.982.247-25',
    });
    expect(res.status, res.text).toBe(201);
    const note = await noteOf(res.body.sale.id);
    expect(note).toMatchObject({ status: 'queued', numero: before + 1, buyerCpf: '52998224725', total: 4290 });
    expect(note.referencia).toBe(res.body.sale.id);
    expect(await numbersBefore()).toBe(before + 1);
    const history = await t.db.select().from(fiscalNoteHistory).where(eq(fiscalNoteHistory.noteId, note.id));
    expect(history.map((h) => [h.status, h.message, h.actorName])).toEqual([
      ['queued', `NFC-e nº ${before + 1} (série ${note.serie}) na fila de emissão`, res.body.sale.employeeName],
    ]);
    // The same line from the queue's own path, for a sale noted after it was made.
    await t.db.update(restaurants).set({ nfcePdvMode: 'on_request' }).where(eq(restaurants.id, pdv.rid));
    try {
      const plain = await sell(pdv.owner.client, pizzaAndSoda([{ methodId: pdv.methods.pix, amount: 4290 }]));
      expect(plain.status, plain.text).toBe(201);
      expect(await numbersBefore()).toBe(before + 1);
      const noted = await pdv.owner.client.post(`${F}/orders/${plain.body.sale.id}/note`, {});
      expect(noted.status, noted.text).toBe(201);
      const [line] = await t.db
        .select()
        .from(fiscalNoteHistory)
        .where(eq(fiscalNoteHistory.noteId, noted.body.note.id));
      expect(line.message).toBe(`NFC-e nº ${before + 2} (série ${note.serie}) na fila de emissão`);
    } finally {
      await t.db.update(restaurants).set({ nfcePdvMode: 'automatic' }).where(eq(restaurants.id, pdv.rid));
    }
  });

  it('the same sale queued twice is one note, also when a POST is repeated after a lost answer', async () => {
    const res = await sell(pdv.owner.client, pizzaAndSoda([{ methodId: pdv.methods.pix, amount: 4290 }]));
    const orderId = res.body.sale.id;
    const first = await queueOrderNote({ db: t.db, restaurantId: pdv.rid }, orderId);
    const second = await queueOrderNote({ db: t.db, restaurantId: pdv.rid }, orderId);
    expect(first).toBe(second);
    await drain();
    // The worker's record was lost after the POST reached the API: the next attempt POSTs again.
    const sent = await noteOf(orderId);
    await t.db.update(fiscalNotes).set({ status: 'queued', providerId: null }).where(eq(fiscalNotes.id, sent.id));
    await settle(orderId);
    expect([...fake.docs.values()].filter((d) => d.referencia === orderId)).toHaveLength(1);
    expect(fake.emissions().filter((b) => b.referencia === orderId)).toHaveLength(2);
    expect((await noteOf(orderId)).status).toBe('authorized');
  });

  it('pendente twice, then autorizado: chave and protocolo stored within the polling backoff', async () => {
    fake.pendingPolls = 2;
    const res = await sell(pdv.owner.client, pizzaAndSoda([{ methodId: pdv.methods.pix, amount: 4290 }]));
    const orderId = res.body.sale.id;
    clock.at = Math.max(clock.at, (await noteOf(orderId)).nextAttemptAt.getTime() + 1);
    const start = clock.at;
    await drain();
    expect((await noteOf(orderId)).status).toBe('processing');
    const deadline = start + POLL_DELAYS_MS.slice(0, 3).reduce((a, b) => a + b, 0);
    clock.at = start + POLL_DELAYS_MS[0];
    await drain();
    clock.at = start + POLL_DELAYS_MS[0] + POLL_DELAYS_MS[1];
    await drain();
    expect((await noteOf(orderId)).status).toBe('processing');
    clock.at = deadline;
    await drain();
    const note = await noteOf(orderId);
    expect(note.status).toBe('authorized');
    expect(note.chave).toHaveLength(44);
    expect(note.protocolo).toBeTruthy();
  });

  it('with Nuvem Fiscal down, sales keep closing; every note is authorised once it is back, none twice', async () => {
    fake.down = true;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await sell(
        pdv.owner.client,
        pizzaAndSoda([{ methodId: pdv.methods.cash, amount: 4290, received: 4290 }]),
      );
      expect(res.status).toBe(201);
      ids.push(res.body.sale.id);
    }
    for (let i = 0; i < 4; i++) {
      await drain();
      clock.at += 60_000;
    }
    for (const id of ids) {
      const n = await noteOf(id);
      expect(n.status).toBe('queued');
      expect(n.lastError).toMatch(/503/);
    }
    const counts = await pdv.owner.client.get(`${F}/notes/counts`);
    expect(counts.body.pending).toBeGreaterThanOrEqual(3);
    fake.down = false;
    for (const id of ids) expect((await settle(id)).status).toBe('authorized');
    for (const id of ids) expect([...fake.docs.values()].filter((d) => d.referencia === id)).toHaveLength(1);
  });

  it('rejeitado shows the SEFAZ reason; the product is fixed and the note re-emitted', async () => {
    await t.db.update(products).set({ codigoNcm: '0000.00.00' }).where(eq(products.id, soda.id));
    const res = await sell(pdv.owner.client, pizzaAndSoda([{ methodId: pdv.methods.pix, amount: 4290 }]));
    const orderId = res.body.sale.id;
    const rejected = await settle(orderId);
    expect(rejected.status).toBe('rejected');
    const list = await pdv.owner.client.get(`${F}/notes?status=rejected`);
    const shown = list.body.notes.find((n: Json) => n.orderId === orderId);
    expect(shown).toMatchObject({ sefazCode: 778, status: 'rejected' });
    expect(shown.sefazReason).toMatch(/NCM inexistente/);

    const fixed = await pdv.owner.client.put(`/api/admin/products/${soda.id}`, {
      name: soda.name,
      price: soda.price,
      codigoNcm: '2202.10.00',
      codigoCest: '03.007.00',
      csosnIcms: '500',
      cfop: '5405',
      origemMercadoria: 0,
      unidade: 'UN',
    });
    expect(fixed.status).toBe(200);
    const again = await pdv.owner.client.post(`${F}/notes/${rejected.id}/reissue`);
    expect(again.status).toBe(200);
    const note = await settle(orderId);
    expect(note.status).toBe('authorized');
    expect(note.numero).toBe(rejected.numero);
    expect(fake.emissions().at(-1)?.referencia).toBe(`${orderId}-2`);
    const detail = await pdv.owner.client.get(`${F}/notes/${note.id}`);
    expect(detail.body.history.map((h: Json) => h.status)).toEqual(
      expect.arrayContaining(['queued', 'rejected', 'authorized']),
    );
  });

  it('cancellation needs a 15-character justificativa and the legal window', async () => {
    const res = await sell(pdv.owner.client, pizzaAndSoda([{ methodId: pdv.methods.pix, amount: 4290 }]));
    const note = await settle(res.body.sale.id);
    const short = await pdv.owner.client.post(`${F}/notes/${note.id}/cancel`, { justificativa: 'erro' });
    expect(short.status).toBe(400);
    expect(short.body.error.description).toBe('Informe uma justificativa de pelo menos 15 caracteres.');
    const ok = await pdv.owner.client.post(`${F}/notes/${note.id}/cancel`, {
      justificativa: 'Cliente desistiu da compra no caixa',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('cancelling');
    expect((await settle(res.body.sale.id)).status).toBe('cancelled');
    expect(fake.requests.find((r) => r.path.endsWith('/cancelamento'))?.body).toEqual({
      justificativa: 'Cliente desistiu da compra no caixa',
    });

    const late = await sell(pdv.owner.client, pizzaAndSoda([{ methodId: pdv.methods.pix, amount: 4290 }]));
    const old = await settle(late.body.sale.id);
    await t.db
      .update(fiscalNotes)
      .set({ authorizedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(fiscalNotes.id, old.id));
    const refused = await pdv.owner.client.post(`${F}/notes/${old.id}/cancel`, {
      justificativa: 'Cliente desistiu da compra no caixa',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.title).toBe('Prazo de cancelamento encerrado');
    expect(fake.invalid).toEqual([]);
  });

  it('a CNPJ as "CPF na nota" is refused with its own message', async () => {
    const res = await sell(pdv.owner.client, {
      ...pizzaAndSoda([{ methodId: pdv.methods.pix, amount: 4290 }]),
      customerCpf: '11.222.333/0001-81',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.description).toMatch(/não pode ser emitida para CNPJ/);
  });

  it('"Emitir NFC-e" for a sale without a note: the PDV knows the mode, the CPF is checked, the note carries it', async () => {
    await t.db.update(restaurants).set({ nfcePdvMode: 'on_request' }).where(eq(restaurants.id, pdv.rid));
    try {
      expect((await pdv.owner.client.get('/api/admin/cashier/catalog')).body.nfce).toEqual({ pdvMode: 'on_request' });
      const sold = await sell(pdv.owner.client, pizzaAndSoda([{ methodId: pdv.methods.pix, amount: 4290 }]));
      expect(sold.status).toBe(201);
      const orderId = sold.body.sale.id;
      expect((await pdv.owner.client.get(`${F}/orders/${orderId}/note`)).body.note).toBeNull();
      const invalid = await pdv.owner.client.post(`${F}/orders/${orderId}/note`, { buyerCpf: '111.111.111-11' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.title).toBe('CPF inválido. Verifique os números do CPF.');
      const cnpj = await pdv.owner.client.post(`${F}/orders/${orderId}/note`, { buyerCpf: '11.222.333/0001-81' });
      expect(cnpj.status).toBe(400);
      expect(cnpj.body.error.title).toMatch(/não pode ser emitida para CNPJ/);
      expect((await pdv.owner.client.get(`${F}/orders/${orderId}/note`)).body.note).toBeNull();
      const issued = await pdv.owner.client.post(`${F}/orders/${orderId}/note`, { buyerCpf: '529.982.247-25' });
      expect(issued.status).toBe(201);
      expect(issued.body.note).toMatchObject({ status: 'queued', buyerCpf: '52998224725', orderId });
      const note = await settle(orderId);
      expect(note.status).toBe('authorized');
      const view = (await pdv.owner.client.get(`${F}/orders/${orderId}/note`)).body.note;
      expect(view).toMatchObject({ status: 'authorized', chave: note.chave, qrCodeUrl: note.qrCodeUrl });
      expect(view.consultaUrl).toMatch(/^https:\/\//);
      expect(view.issuedAt).not.toBeNull();
      expect((fake.emissions().at(-1) as { infNFe: Json }).infNFe.dest.CPF).toBe('52998224725');
    } finally {
      await t.db.update(restaurants).set({ nfcePdvMode: 'automatic' }).where(eq(restaurants.id, pdv.rid));
    }
  });

  it('another restaurant sees none of these notes and cannot act on them', async () => {
    const other = await signupOwner(t);
    const [note] = await t.db.select().from(fiscalNotes).where(eq(fiscalNotes.restaurantId, pdv.rid)).limit(1);
    expect((await other.client.get(`${F}/notes/${note.id}`)).status).toBe(404);
    expect((await other.client.get(`${F}/notes/${note.id}/xml`)).status).toBe(404);
    expect((await other.client.post(`${F}/notes/${note.id}/reissue`)).status).toBe(404);
    const cancel = await other.client.post(`${F}/notes/${note.id}/cancel`, {
      justificativa: 'Tentativa de outro restaurante',
    });
    expect(cancel.status).toBe(404);
    expect((await other.client.get(`${F}/orders/${note.orderId}/note`)).body.note).toBeNull();
    expect((await other.client.post(`${F}/orders/${note.orderId}/note`, {})).status).toBe(404);
    expect((await other.client.get(`${F}/notes`)).body.notes).toEqual([]);
  });
});

describe('the simulator (no credentials)', () => {
  it('answers pendente, then autorizado with a valid chave and a SEFAZ-pattern QR code', async () => {
    const shop = await setupPdv(t);
    const [own] = await t.db
      .insert(products)
      .values({ ...pizza, id: undefined, restaurantId: shop.rid, sku: null })
      .returning();
    await configureFiscal(t, shop.rid, shop.owner.client, { clientId: '', clientSecret: '' });
    await openRegister(shop.owner.client);
    const sold = await sell(shop.owner.client, {
      items: [{ productId: own.id, quantity: 1 }],
      payments: [{ methodId: shop.methods.pix, amount: own.price }],
    });
    expect(sold.status).toBe(201);
    // The simulator keeps a note pendente for a moment of real time: poll until it answers.
    let note = await settle(sold.body.sale.id).catch(() => null);
    for (let i = 0; !note && i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      note = await settle(sold.body.sale.id).catch(() => null);
    }
    if (!note) throw new Error('the simulator never answered');
    expect(note.status).toBe('authorized');
    expect(isValidAccessKey(note.chave ?? '')).toBe(true);
    expect(note.qrCodeUrl).toMatch(
      new RegExp(
        `^https://www\\.homologacao\\.nfce\\.fazenda\\.sp\\.gov\\.br/qrcode\\?p=${note.chave}\\|2\\|2\\|1\\|[0-9A-F]{40}$`,
      ),
    );
    const xml = await shop.owner.client.get(`${F}/notes/${note.id}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.text).toContain(note.chave);
  });
});
