import { diningTables, printJobs, products, restaurants, tableAccountSettings } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRegister, type Pdv, setupPdv } from './cashier-fixtures';
import { openAroundTheClock } from './checkout-fixtures';
import { configureFiscal, noteOfAccount, settleNote, startFiscalApp } from './fiscal-fixtures';
import { type Owner, signupOwner, type TestApp, type TestClient } from './helpers';
import type { FakeNuvemFiscal } from './nuvem-fiscal-fake';
import { printerBody } from './printing-fixtures';
import { key } from './table-accounts-fixtures';

/**
 * A table account is one sale: closing it issues one NFC-e for the whole bill — its standing items from
 * every round, its discount, its service charge and couvert as other charges, and the parts it was paid in —
 * through the real Nuvem Fiscal client against the fake that checks the official schema.
 */

const A = '/api/admin/table-accounts';
const F = '/api/admin/fiscal';
// biome-ignore lint/suspicious/noExplicitAny: JSON read back from the fake, shape asserted by the tests
type Json = any;

let fake: FakeNuvemFiscal;
let t: TestApp;
let pdv: Pdv;
let other: Owner;
let owner: TestClient;
let pizza: typeof products.$inferSelect;
let soda: typeof products.$inferSelect;
const clock = { at: Date.now() };

async function openTable(number: number, people: number) {
  const res = await owner.post(A, { number, people });
  expect(res.status, res.text).toBe(201);
  return res.body.account as { id: string };
}
async function sendRound(id: string, items: { productId: string; quantity: number }[]) {
  const res = await owner.post(`${A}/${id}/rounds`, { items }, { 'idempotency-key': key() });
  expect(res.status, res.text).toBe(201);
  return res.body.account;
}
async function payPart(id: string, body: Record<string, unknown>) {
  const res = await owner.post(`${A}/${id}/payments`, body, { 'idempotency-key': key() });
  expect(res.status, res.text).toBe(201);
  return res.body.account;
}
const reais = (centavos: number) => Number((centavos / 100).toFixed(2));

beforeAll(async () => {
  ({ fake, t } = await startFiscalApp());
  pdv = await setupPdv(t);
  owner = pdv.owner.client;
  other = await signupOwner(t);
  [pizza, soda] = await t.db
    .insert(products)
    .values([
      {
        restaurantId: pdv.rid,
        name: 'Pizza Calabresa',
        price: 4500,
        codigoNcm: '1905.90.90',
        csosnIcms: '102',
        cfop: '5101',
        unidade: 'UN',
      },
      {
        restaurantId: pdv.rid,
        name: 'Guaraná Lata',
        price: 700,
        codigoNcm: '2202.10.00',
        codigoCest: '03.007.00',
        csosnIcms: '500',
        cfop: '5405',
        unidade: 'UN',
      },
    ])
    .returning();
  await openAroundTheClock(t, pdv.rid);
  await t.db.insert(diningTables).values([1, 2, 3].map((number) => ({ restaurantId: pdv.rid, number })));
  await configureFiscal(t, pdv.rid, owner);
  await openRegister(owner, 10000);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the NFC-e of a table account', () => {
  it('closing issues one note for the whole bill: standing items of every round, discount, service and couvert, each part paid', async () => {
    await t.db.update(restaurants).set({ nfcePdvMode: 'automatic' }).where(eq(restaurants.id, pdv.rid));
    await t.db
      .insert(tableAccountSettings)
      .values({ restaurantId: pdv.rid, servicePercent: 10, couvertPerPerson: 500 });
    const printer = await owner.post(
      '/api/admin/printers',
      printerBody('Caixa', { pdvReceipt: true, nfceDanfe: true }, { drawer: true }),
    );
    expect(printer.status, printer.text).toBe(201);
    const account = await openTable(1, 2);
    await sendRound(account.id, [{ productId: pizza.id, quantity: 1 }]);
    const second = await sendRound(account.id, [{ productId: soda.id, quantity: 3 }]);
    // One soda of the second round is sent back: out of the bill, so out of the note.
    const sodaLine = second.rounds[1].items[0];
    expect(sodaLine.quantity).toBe(3);
    const extra = await sendRound(account.id, [{ productId: soda.id, quantity: 1 }]);
    const cancelled = await owner.post(`${A}/items/${extra.rounds[2].items[0].id}/cancel`, { reason: 'Veio errado' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const discount = await owner.put(`${A}/${account.id}/discount`, { amount: 500, reason: 'Cliente da casa' });
    expect(discount.status, discount.text).toBe(200);
    const { bill } = discount.body.account;
    // 45,00 + 3 × 7,00 = 66,00 − 5,00 = 61,00; service 10 % = 6,10; couvert 2 × 5,00.
    expect(bill).toMatchObject({ itemsTotal: 6600, discount: 500, serviceCharge: 610, couvert: 1000, total: 7710 });

    await payPart(account.id, { methodId: pdv.methods.pix, amount: 4000 });
    const paid = await payPart(account.id, { methodId: pdv.methods.cash, amount: 3710, received: 4000 });
    expect(paid.remaining).toBe(0);
    expect(await noteOfAccount(t, account.id)).toBeUndefined();
    // "CPF na nota" is asked as the table closes; a CNPJ is refused and the table stays open.
    const cnpj = await owner.post(`${A}/${account.id}/close`, { buyerCpf: '11.222.333/0001-81' });
    expect(cnpj.status).toBe(400);
    expect((await owner.get(`${A}/${account.id}`)).body.account.status).not.toBe('closed');
    expect(await noteOfAccount(t, account.id)).toBeUndefined();
    const closed = await owner.post(`${A}/${account.id}/close`, { buyerCpf: '529.982.247-25' });
    expect(closed.status, closed.text).toBe(200);
    const queued = await noteOfAccount(t, account.id);
    expect(queued).toMatchObject({ status: 'queued', total: 7710, orderId: null, buyerCpf: '52998224725' });

    const note = await settleNote(t, { account: account.id }, clock);
    expect(note.status).toBe('authorized');
    const body = fake.emissions().at(-1) as { referencia: string; infNFe: Json };
    expect(body.referencia).toBe(account.id);
    const inf = body.infNFe;
    expect(inf.ide.indPres).toBe(1);
    expect(inf.det.map((d: Json) => [d.prod.xProd, d.prod.qCom])).toEqual(
      expect.arrayContaining([
        [expect.any(String), 1],
        [expect.any(String), 3],
      ]),
    );
    expect(inf.det).toHaveLength(2);
    const tot = inf.total.ICMSTot;
    expect(tot).toMatchObject({ vProd: 66, vDesc: 5, vOutro: 16.1, vNF: 77.1 });
    const lines = inf.det.reduce(
      (s: number, d: Json) =>
        s +
        Math.round(d.prod.vProd * 100) -
        Math.round((d.prod.vDesc ?? 0) * 100) +
        Math.round((d.prod.vOutro ?? 0) * 100),
      0,
    );
    expect(lines).toBe(7710);
    expect(inf.pag.detPag.map((p: Json) => [p.tPag, p.vPag])).toEqual([
      ['20', reais(4000)],
      ['01', reais(4000)],
    ]);
    expect(inf.pag.vTroco).toBe(reais(290));
    expect(inf.dest.CPF).toBe('52998224725');

    // Its DANFE prints once, as the note is authorised, with the table's charges and without opening the drawer.
    const danfes = await t.db.select().from(printJobs).where(eq(printJobs.kind, 'nfce_danfe'));
    expect(danfes.map((j) => j.title)).toEqual([`DANFE NFC-e nº ${note.numero} · Mesa 1`]);
    const paper = Buffer.from(danfes[0].content, 'base64').toString('latin1');
    for (const line of ['Mesa 1', 'Taxa de servi', 'Couvert', 'CONSUMIDOR CPF: 529.982.247-25', 'Troco'])
      expect(paper).toContain(line);
    expect(paper).not.toContain('\x1bp');
    await settleNote(t, { account: account.id }, clock);
    expect(await t.db.select().from(printJobs).where(eq(printJobs.kind, 'nfce_danfe'))).toHaveLength(1);
    // "Reimprimir DANFE" from the sale's detail: the same paper again, named a reprint.
    const reprint = await owner.post(`${A}/${account.id}/print`);
    expect(reprint.status, reprint.text).toBe(201);
    expect(reprint.body).toEqual({ jobs: 1 });
    const again = await t.db.select().from(printJobs).where(eq(printJobs.kind, 'nfce_danfe'));
    expect(again.map((j) => j.title)).toContain(`DANFE NFC-e nº ${note.numero} · Mesa 1 (reimpressão)`);
    expect(again.find((j) => j.title.endsWith('(reimpressão)'))!.content).toBe(danfes[0].content);
    // Without a printer routed to the DANFE, the cashier is told where to set one.
    const routed = printer.body.printer.id as string;
    await owner.put(`/api/admin/printers/${routed}`, printerBody('Caixa', { pdvReceipt: true }, { drawer: true }));
    const none = await owner.post(`${A}/${account.id}/print`);
    expect(none.status).toBe(409);
    expect(none.body.error.title).toBe('Nenhuma impressora para a DANFE');
    const restored = printerBody('Caixa', { pdvReceipt: true, nfceDanfe: true }, { drawer: true });
    expect((await owner.put(`/api/admin/printers/${routed}`, restored)).status).toBe(200);

    // The screens name the sale by its table.
    const list = await owner.get(`${F}/notes?status=authorized`);
    expect(list.body.notes[0]).toMatchObject({ tableAccountId: account.id, accountLabel: 'Mesa 1', orderId: null });
    const found = await owner.get(`${F}/notes?q=mesa 1`);
    expect(found.body.notes.map((n: { id: string }) => n.id)).toContain(note.id);
    const ofAccount = await owner.get(`${F}/accounts/${account.id}/note`);
    expect(ofAccount.body.note).toMatchObject({ id: note.id, status: 'authorized', accountLabel: 'Mesa 1' });
  });

  it('a restaurant that issues on request: closing issues none; the cashier issues it with a CPF once the account is closed', async () => {
    await t.db.update(restaurants).set({ nfcePdvMode: 'on_request' }).where(eq(restaurants.id, pdv.rid));
    const account = await openTable(2, 1);
    await sendRound(account.id, [{ productId: pizza.id, quantity: 1 }]);
    const early = await owner.post(`${F}/accounts/${account.id}/note`, { buyerCpf: null });
    expect(early.status).toBe(409);
    expect(early.body.error.title).toBe('Conta aberta');
    const open = (await owner.get(`${A}/${account.id}`)).body.account;
    await payPart(account.id, { methodId: pdv.methods.credit, amount: open.bill.total });
    expect((await owner.post(`${A}/${account.id}/close`)).status).toBe(200);
    expect(await noteOfAccount(t, account.id)).toBeUndefined();
    expect((await owner.get(`${F}/accounts/${account.id}/note`)).body.note).toBeNull();
    const noNote = await owner.post(`${A}/${account.id}/print`);
    expect(noNote.status).toBe(409);
    expect(noNote.body.error.title).toBe('NFC-e não autorizada');

    const cnpj = await owner.post(`${F}/accounts/${account.id}/note`, { buyerCpf: '11.222.333/0001-81' });
    expect(cnpj.status).toBe(400);
    const issued = await owner.post(`${F}/accounts/${account.id}/note`, { buyerCpf: '529.982.247-25' });
    expect(issued.status, issued.text).toBe(201);
    expect(issued.body.note).toMatchObject({ status: 'queued', buyerCpf: '52998224725', accountLabel: 'Mesa 2' });
    // Asked twice, still one note.
    const again = await owner.post(`${F}/accounts/${account.id}/note`, { buyerCpf: null });
    expect(again.body.note.id).toBe(issued.body.note.id);
    const note = await settleNote(t, { account: account.id }, clock);
    expect(note.status).toBe('authorized');
    const inf = (fake.emissions().at(-1) as { infNFe: Json }).infNFe;
    expect(inf.dest.CPF).toBe('52998224725');

    // Issued on request, it prints as soon as it is authorised too.
    const danfes = await t.db.select().from(printJobs).where(eq(printJobs.kind, 'nfce_danfe'));
    expect(danfes.map((j) => j.title)).toContain(`DANFE NFC-e nº ${note.numero} · Mesa 2`);
    expect(inf.pag.detPag).toEqual([expect.objectContaining({ tPag: '03', vPag: reais(open.bill.total) })]);
  });

  it("another restaurant can neither read nor issue this restaurant's table notes", async () => {
    const mine = await openTable(3, 1);
    const read = await other.client.get(`${F}/accounts/${mine.id}/note`);
    expect(read.status).toBe(200);
    expect(read.body.note).toBeNull();
    const issue = await other.client.post(`${F}/accounts/${mine.id}/note`, { buyerCpf: null });
    expect(issue.status).toBe(404);
    const closedEarlier = (await owner.get(`${F}/notes?q=mesa 1`)).body.notes[0];
    const theirs = await other.client.get(`${F}/notes?q=mesa 1`);
    expect(theirs.body.notes.map((n: { id: string }) => n.id)).not.toContain(closedEarlier.id);
    expect((await other.client.get(`${F}/notes/${closedEarlier.id}`)).status).toBe(404);
    const reprint = await other.client.post(`${A}/${closedEarlier.tableAccountId}/print`);
    expect(reprint.status).toBe(404);
    expect(reprint.body.error.title).toBe('Conta não encontrada');
  });
});
