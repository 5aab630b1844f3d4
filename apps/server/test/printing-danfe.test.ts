import { printJobs, products } from '@meucardapio/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainFiscalQueue } from '../src/modules/fiscal/fiscal-worker';
import { openRegister, type Pdv, sell, setupPdv } from './cashier-fixtures';
import { FakePrinter } from './fake-printer';
import { configureFiscal, noteOfOrder } from './fiscal-fixtures';
import { createTestApp, eventually, type Owner, signupOwner, type TestApp } from './helpers';
import { type AgentProcess, listen, startAgent } from './print-agent-process';
import { type PrinterRoutes, printerBody } from './printing-fixtures';
import { expectTicketsWrittenWithoutReads, sentAfterOrderStatement } from './sent-statements';

/*
 * The DANFE NFC-e printed by itself: a PDV sale's note, authorised by the fiscal simulator, queues its
 * DANFE in the transaction that records the authorisation; the real agent prints it on the printers
 * routed to it, in place of the sale's receipt (decision 079). The queue is driven by the test.
 */

let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let pdv: Pdv;
let other: Owner;
let agent: AgentProcess;
/** 80 mm at the cash desk: receipts and DANFEs, with the drawer. */
const desk = new FakePrinter();
/** 58 mm by the door: DANFEs only. */
const door = new FakePrinter();
const ids = { desk: '', door: '' };
const PRINTS = 45_000;

const printer = (name: string, address: string, columns: 32 | 48, over: Partial<PrinterRoutes>) =>
  printerBody(name, over, { connection: address, columns, drawer: columns === 48 });

const jobsOf = (orderId: string) => t.db.select().from(printJobs).where(eq(printJobs.orderId, orderId));

/** The note leaves the queue: the simulator answers "pendente" for a moment, so the queue is drained until it does. */
async function settle(orderId: string, status: string) {
  await eventually(async () => {
    await drainFiscalQueue(t.deps, { now: () => new Date(Date.now() + 3_600_000) });
    expect((await noteOfOrder(t, orderId)).status).toBe(status);
  }, 20_000);
  return noteOfOrder(t, orderId);
}

async function allPrinted(orderId: string, count: number) {
  await eventually(async () => {
    const rows = await jobsOf(orderId);
    expect(rows).toHaveLength(count);
    expect(rows.every((r) => r.status === 'printed')).toBe(true);
  }, PRINTS);
  return jobsOf(orderId);
}

const danfesOf = (p: FakePrinter, label: string) =>
  p.printouts.filter((o) => o.text.includes('DANFE NFC-e') && o.text.includes(label));

/** A sale paid in cash with R$ 10,00 more than its total. */
async function sale(items: { productId: string; quantity: number }[], total: number, extra: object = {}) {
  const res = await sell(pdv.owner.client, {
    items,
    payments: [{ methodId: pdv.methods.cash, amount: total, received: total + 1000 }],
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.sale as { id: string; number: number };
}

const autoPrint = (over: Record<string, boolean>) =>
  pdv.owner.client.put('/api/admin/printing/auto', {
    order: true,
    kitchen: true,
    pdv_receipt: true,
    nfce_danfe: true,
    cash_closing: true,
    ...over,
  });

/** Both printers routed as given while `run` runs, then as `beforeAll` routed them, whether it passes or not. */
async function routedAs(routes: Record<'desk' | 'door', Partial<PrinterRoutes>>, run: () => Promise<void>) {
  const route = (as: Record<'desk' | 'door', Partial<PrinterRoutes>>) =>
    Promise.all([
      pdv.owner.client.put(`/api/admin/printers/${ids.desk}`, printer('Caixa', desk.address, 48, as.desk)),
      pdv.owner.client.put(`/api/admin/printers/${ids.door}`, printer('Porta', door.address, 32, as.door)),
    ]);
  for (const res of await route(routes)) expect(res.status, res.text).toBe(200);
  try {
    await run();
  } finally {
    await route({ desk: { pdvReceipt: true, nfceDanfe: true, cashClosing: true }, door: { nfceDanfe: true } });
  }
}

beforeAll(async () => {
  t = await createTestApp({ NFCE_QUEUE_TICK_MS: '3600000' });
  http = await listen(t.app);
  pdv = await setupPdv(t);
  other = await signupOwner(t);
  // The bread has its fiscal data; the coffee has no NCM, so the simulator rejects a note with it.
  await t.db
    .update(products)
    .set({ codigoNcm: '1905.90.90', csosnIcms: '102', cfop: '5101', origemMercadoria: 0, unidade: 'UN' })
    .where(eq(products.id, pdv.products.pao.id));
  await configureFiscal(t, pdv.rid, pdv.owner.client);
  await openRegister(pdv.owner.client);
  await Promise.all([desk.start(), door.start()]);
  const made = await Promise.all([
    pdv.owner.client.post(
      '/api/admin/printers',
      printer('Caixa', desk.address, 48, { pdvReceipt: true, nfceDanfe: true, cashClosing: true }),
    ),
    pdv.owner.client.post('/api/admin/printers', printer('Porta', door.address, 32, { nfceDanfe: true })),
  ]);
  for (const res of made) expect(res.status, res.text).toBe(201);
  [ids.desk, ids.door] = made.map((r) => r.body.printer.id);
  const token = await pdv.owner.client.post('/api/admin/print-agents', { name: 'Computador do caixa' });
  agent = startAgent(http.url, token.body.token);
});

afterAll(async () => {
  await agent?.stop();
  await Promise.all([desk.stop(), door.stop()]);
  await http?.close();
  await t?.close();
});

describe('DANFE NFC-e on the thermal printers', { timeout: 90_000 }, () => {
  it('prints an authorised PDV sale’s DANFE once on each printer routed to it, in place of the receipt', async () => {
    const s = await sale([{ productId: pdv.products.pao.id, quantity: 2 }], 1500, { customerCpf: '529.982.247-25' });
    // The note is on its way: the sale queued no receipt, its DANFE takes its place.
    expect(await jobsOf(s.id)).toEqual([]);
    const note = await settle(s.id, 'authorized');
    const jobs = await allPrinted(s.id, 2);
    expect(jobs.map((j) => j.kind)).toEqual(['nfce_danfe', 'nfce_danfe']);

    const label = `Venda #${s.number}`;
    const [paper] = danfesOf(desk, label);
    expect(danfesOf(desk, label)).toHaveLength(1);
    expect(paper.text).toContain('Pizzaria Teste LTDA');
    expect(paper.text).toContain('CNPJ: 11.222.333/0001-81');
    expect(paper.text).toContain('Pão de Queijo');
    expect(paper.text).toContain('2 UN x R$ 7,50');
    expect(paper.lines).toContain(`Valor a pagar${' '.repeat(48 - 13 - 8)}R$ 15,00`);
    expect(paper.text).toContain('Troco');
    expect(paper.text).toContain('Consulte pela chave de acesso em');
    expect(paper.lines.map((l) => l.trim())).toContain(note.consultaUrl!.replace('https://', ''));
    expect(paper.text).toContain(note.chave!.slice(0, 24).replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(paper.text).toContain('CONSUMIDOR CPF: 529.982.247-25');
    expect(paper.text).toContain(`Protocolo de autorização: ${note.protocolo}`);
    expect(paper.text).toContain('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO');
    expect(paper.qr).toEqual([note.qrCodeUrl]);
    expect(paper.cut).toBe(true);
    // It is the sale's paper at the cash desk: the drawer opens with it.
    expect(paper.drawer).toBe(true);

    const [narrow] = danfesOf(door, label);
    expect(danfesOf(door, label)).toHaveLength(1);
    expect(Math.max(...narrow.lines.map((l) => l.length))).toBeLessThanOrEqual(32);
    expect(narrow.qr).toEqual([note.qrCodeUrl]);

    // The queue going on finds nothing more to do: the DANFE was queued once, with the authorisation.
    await drainFiscalQueue(t.deps, { now: () => new Date(Date.now() + 7_200_000) });
    expect(await jobsOf(s.id)).toHaveLength(2);
    expect(desk.printouts.filter((p) => p.text.includes(label))).toHaveLength(1);
  });

  it('with "Imprimir automaticamente" off for the DANFE, queues none and prints the receipt; Reimprimir prints the DANFE', async () => {
    expect((await autoPrint({ nfce_danfe: false })).status).toBe(200);
    try {
      const s = await sale([{ productId: pdv.products.pao.id, quantity: 1 }], 750);
      await settle(s.id, 'authorized');
      const [receipt] = await allPrinted(s.id, 1);
      expect(receipt.kind).toBe('pdv_receipt');
      expect(receipt.printerId).toBe(ids.desk);
      expect(danfesOf(desk, `Venda #${s.number}`)).toHaveLength(0);

      const res = await pdv.owner.client.post(`/api/admin/orders/${s.id}/print`);
      expect(res.status).toBe(201);
      expect(res.body.jobs).toBe(2);
      await allPrinted(s.id, 3);
      const kinds = (await jobsOf(s.id)).map((j) => j.kind).sort();
      expect(kinds).toEqual(['nfce_danfe', 'nfce_danfe', 'pdv_receipt']);
      expect(danfesOf(desk, `Venda #${s.number}`)).toHaveLength(1);
      expect(danfesOf(door, `Venda #${s.number}`)).toHaveLength(1);

      // "Reimprimir" on the printed DANFE prints it again on its printer.
      const [danfe] = (await jobsOf(s.id)).filter((j) => j.kind === 'nfce_danfe' && j.printerId === ids.door);
      expect((await pdv.owner.client.post(`/api/admin/print-jobs/${danfe.id}/retry`)).status).toBe(200);
      await eventually(async () => expect(danfesOf(door, `Venda #${s.number}`)).toHaveLength(2), PRINTS);
    } finally {
      await autoPrint({});
    }
  });

  it('with no printer routed to the DANFE, queues none: the receipt prints at the sale', async () => {
    await routedAs({ desk: { pdvReceipt: true }, door: {} }, async () => {
      let s = { id: '', number: 0 };
      const after = await sentAfterOrderStatement(async () => {
        s = await sale([{ productId: pdv.products.pao.id, quantity: 1 }], 750);
      });
      expect((await jobsOf(s.id)).map((j) => j.kind)).toEqual(['pdv_receipt']);
      // The printers and what prints by itself were read with the cash session, before the restaurant's
      // lock: after the sale's statement, one statement writes the receipt and nothing is read again.
      expectTicketsWrittenWithoutReads(after);
      await settle(s.id, 'authorized');
      await allPrinted(s.id, 1);
      // A reprint reads the sale back from the database and prints the very same receipt.
      expect((await pdv.owner.client.post(`/api/admin/orders/${s.id}/print`)).status).toBe(201);
      const receipts = await allPrinted(s.id, 2);
      expect(receipts.map((j) => j.kind)).toEqual(['pdv_receipt', 'pdv_receipt']);
      expect(receipts[1].content).toBe(receipts[0].content);
    });
  });

  it('gives a sale whose note SEFAZ rejected the receipt its DANFE was to replace, once', async () => {
    const s = await sale([{ productId: pdv.products.cafe.id, quantity: 1 }], 500);
    expect(await jobsOf(s.id)).toEqual([]);
    await settle(s.id, 'rejected');
    const [receipt] = await allPrinted(s.id, 1);
    expect(receipt.kind).toBe('pdv_receipt');
    const paper = desk.printouts.filter((p) => p.big.includes(`VENDA #${s.number}`));
    expect(paper).toHaveLength(1);
    expect(paper[0].text).toContain('Não é documento fiscal');
    expect(paper[0].drawer).toBe(true);
    // Sent again by staff and rejected again: still one receipt.
    expect(
      (await pdv.owner.client.post(`/api/admin/fiscal/notes/${(await noteOfOrder(t, s.id)).id}/reissue`)).status,
    ).toBe(200);
    await settle(s.id, 'rejected');
    expect(await jobsOf(s.id)).toHaveLength(1);
  });

  it('records the authorisation even when its DANFE cannot be queued', async () => {
    // The printing side refuses DANFE rows for a moment.
    await t.db.execute(sql`create function refuse_danfe() returns trigger language plpgsql as $$
      begin raise exception 'impressão indisponível'; end $$`);
    await t.db.execute(
      sql`create trigger refuse_danfe before insert on print_jobs for each row when (new.kind = 'nfce_danfe') execute function refuse_danfe()`,
    );
    try {
      const s = await sale([{ productId: pdv.products.pao.id, quantity: 1 }], 750);
      const note = await settle(s.id, 'authorized');
      expect(note.protocolo).toBeTruthy();
      expect(await jobsOf(s.id)).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_danfe on print_jobs`);
      await t.db.execute(sql`drop function refuse_danfe()`);
    }
  });

  it("keeps a restaurant's DANFE to itself", async () => {
    const [job] = await t.db
      .select()
      .from(printJobs)
      .where(and(eq(printJobs.restaurantId, pdv.rid), eq(printJobs.kind, 'nfce_danfe')))
      .limit(1);
    expect((await other.client.post(`/api/admin/print-jobs/${job.id}/retry`)).status).toBe(404);
    expect((await other.client.post(`/api/admin/orders/${job.orderId}/print`)).status).toBe(404);
    const seen = await other.client.get('/api/admin/printing/status');
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ printers: [], failed: [] });
    const [copy] = await t.db.select().from(printJobs).where(eq(printJobs.id, job.id));
    expect(copy.status).toBe('printed');
  });
});
