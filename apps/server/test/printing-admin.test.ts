import { printJobs } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePrinter } from './fake-printer';
import { createEmployee, createTestApp, eventually, type Owner, type TestApp } from './helpers';
import { insertOrder } from './ops-fixtures';
import { type AgentProcess, listen } from './print-agent-process';
import { noOrder, PRINTS, type Printing, printer, startPrinting } from './printing-fixtures';

/*
 * Printing end to end, what the staff do around the agent: reprints and who may ask for them, the cash
 * closing report, each restaurant's printing kept to itself, and bad input.
 */

let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let owner: Owner;
let other: Owner;
const counter = new FakePrinter();
const oven = new FakePrinter();
const bar = new FakePrinter();
let printerIds: Printing['printerIds'];
let ovenStation: string;
let token: string;
let agent: AgentProcess;
let acceptedOrder: Printing['acceptedOrder'];
let jobsOf: Printing['jobsOf'];
let allPrinted: Printing['allPrinted'];
let water: Printing['water'];

beforeAll(async () => {
  t = await createTestApp();
  http = await listen(t.app);
  ({ owner, other, printerIds, ovenStation, token, agent, acceptedOrder, jobsOf, allPrinted, water } =
    await startPrinting(t, http.url, { counter, oven, bar }));
});

afterAll(async () => {
  await agent?.stop();
  await Promise.all([counter.stop(), oven.stop(), bar.stop()]);
  await http?.close();
  await t?.close();
});

describe('print agent', { timeout: 90_000 }, () => {
  it('reprints an order from its card, and again a printed job with "Reimprimir"', async () => {
    const order = await acceptedOrder([water()], { deliveryType: 'pickup' });
    await allPrinted([order.id], 1);
    const big = `PEDIDO #${order.number}`;
    expect((await owner.client.post(`/api/admin/orders/${order.id}/print`)).status).toBe(201);
    await eventually(async () => expect(counter.find(big)).toHaveLength(2), PRINTS);
    // Both acknowledged: "Reimprimir" copies a printed job (one still being acknowledged is left alone).
    await allPrinted([order.id], 2);
    const [job] = await jobsOf(order.id);
    expect((await owner.client.post(`/api/admin/print-jobs/${job.id}/retry`)).status).toBe(200);
    await eventually(async () => expect(counter.find(big)).toHaveLength(3), PRINTS);
  });

  it('reprints only an order the person reaches on the board', async () => {
    const rider = await createEmployee(t, owner, {
      profileType: 'counter',
      profileName: 'Entregador',
      permissions: { manage_orders: true },
    });
    const cashier = await createEmployee(t, owner, {
      profileType: 'cashier',
      permissions: { manage_cashier: true, manage_orders: true },
    });
    const sale = await insertOrder(t, owner.restaurantId, { deliveryType: 'pdv', status: 'delivered' });
    const theirs = await insertOrder(t, owner.restaurantId, { deliveryEmployeeId: rider.employeeId });
    const someoneElses = await insertOrder(t, owner.restaurantId);
    const reprint = (who: { client: Owner['client'] }, orderId: string) =>
      who.client.post(`/api/admin/orders/${orderId}/print`);

    const refused = await reprint(cashier, sale.id);
    expect(refused.status).toBe(404);
    expect(refused.text).toContain('Pedido não encontrado');
    expect((await reprint(rider, someoneElses.id)).status).toBe(404);
    expect(await jobsOf(sale.id)).toEqual([]);
    expect(await jobsOf(someoneElses.id)).toEqual([]);

    // Nor does a failed ticket of a PDV sale reach a cashier-only profile's strip or "Reimprimir".
    const [failedSale] = await t.db
      .insert(printJobs)
      .values({
        restaurantId: owner.restaurantId,
        printerId: printerIds.counter,
        kind: 'pdv_receipt',
        orderId: sale.id,
        title: `Venda #${sale.number}`,
        content: Buffer.from('venda').toString('base64'),
        status: 'failed',
        lastError: 'Sem papel',
      })
      .returning();
    const strip = async (who: { client: Owner['client'] }) =>
      (await who.client.get('/api/admin/printing/status')).body.failed.map((j: { id: string }) => j.id);
    expect(await strip(owner)).toContain(failedSale.id);
    expect(await strip(cashier)).not.toContain(failedSale.id);
    expect((await cashier.client.post(`/api/admin/print-jobs/${failedSale.id}/retry`)).status).toBe(404);
    expect((await rider.client.post(`/api/admin/print-jobs/${failedSale.id}/retry`)).status).toBe(404);
    const [still] = await t.db.select().from(printJobs).where(eq(printJobs.id, failedSale.id));
    expect(still.status).toBe('failed');
    await t.db.delete(printJobs).where(eq(printJobs.id, failedSale.id));

    expect((await reprint(rider, theirs.id)).status).toBe(201);
    expect((await reprint(cashier, someoneElses.id)).status).toBe(201);
    expect(await jobsOf(theirs.id)).toHaveLength(1);
    expect(await jobsOf(someoneElses.id)).toHaveLength(1);
    await allPrinted([theirs.id, someoneElses.id], 2);
  });

  it('prints the cash session closing report on the printer that takes it', async () => {
    const before = counter.printouts.length;
    expect((await owner.client.post('/api/admin/cashier/session/close', {})).status).toBe(200);
    await eventually(async () => {
      expect(counter.printouts.slice(before).some((p) => p.big.includes('FECHAMENTO DE CAIXA'))).toBe(true);
    }, PRINTS);
  });

  it("keeps each restaurant's printers, agents and jobs to itself", async () => {
    const [job] = await t.db.select().from(printJobs).where(eq(printJobs.restaurantId, owner.restaurantId)).limit(1);
    const order = job.orderId!;
    const settings = await other.client.get('/api/admin/printing/settings');
    expect(settings.status).toBe(200);
    expect(settings.body.printers).toEqual([]);
    expect(settings.body.agents).toEqual([]);
    expect((await other.client.get('/api/admin/printing/status')).body.printers).toEqual([]);
    const body = printer('X', '10.0.0.9:9100', 48, {
      order: noOrder,
      stations: [],
      pdvReceipt: false,
      cashClosing: false,
    });
    expect((await other.client.put(`/api/admin/printers/${printerIds.counter}`, body)).status).toBe(404);
    expect((await other.client.delete(`/api/admin/printers/${printerIds.counter}`)).status).toBe(404);
    expect((await other.client.post(`/api/admin/printers/${printerIds.counter}/test`)).status).toBe(404);
    expect((await other.client.post(`/api/admin/print-jobs/${job.id}/retry`)).status).toBe(404);
    expect((await other.client.post(`/api/admin/orders/${order}/print`)).status).toBe(404);
    const [agentA] = (await owner.client.get('/api/admin/printing/settings')).body.agents;
    expect((await other.client.delete(`/api/admin/print-agents/${agentA.id}`)).status).toBe(404);
    // Another restaurant's stations cannot be routed to its printer.
    const stolen = { ...body, routes: { ...body.routes, stations: [ovenStation] } };
    expect((await other.client.post('/api/admin/printers', stolen)).status).toBe(400);

    // An agent of restaurant A cannot acknowledge restaurant B's job.
    const made = await other.client.post('/api/admin/printers', body);
    const test = await other.client.post(`/api/admin/printers/${made.body.printer.id}/test`);
    const ack = await fetch(`${http.url}/api/print-agent/jobs/${test.body.job.id}/printed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(ack.status).toBe(404);
    const [bJob] = await t.db.select().from(printJobs).where(eq(printJobs.id, test.body.job.id));
    expect(bJob.status).toBe('queued');
  });

  it('answers bad input with 400 and a message in Portuguese', async () => {
    const bad = await owner.client.post('/api/admin/printers', {
      ...printer('Balcão 2', '127.0.0.1:9100', 48, {
        order: noOrder,
        stations: [],
        pdvReceipt: false,
        cashClosing: false,
      }),
      columns: 40,
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Largura do papel: 58 mm ou 80 mm');
    expect((await owner.client.post('/api/admin/print-agents', { name: '' })).status).toBe(400);
    const noToken = await fetch(`${http.url}/api/print-agent/poll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noToken.status).toBe(401);
  });
});
