import { orderItems, printJobs, products } from '@meucardapio/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePrinter } from './fake-printer';
import { createEmployee, createTestApp, eventually, type Owner, signupOwner, type TestApp } from './helpers';
import { insertOrder } from './ops-fixtures';
import { type AgentProcess, listen, startAgent } from './print-agent-process';
import { type PrinterRoutes, printerBody } from './printing-fixtures';

/*
 * Printing end to end: the real agent process (apps/print-agent) talks HTTP to this app and prints to
 * fake network printers on loopback ports, which decode the ESC/POS they receive.
 */

let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let owner: Owner;
let other: Owner;
const counter = new FakePrinter();
const oven = new FakePrinter();
const bar = new FakePrinter();
const printerIds: Record<'counter' | 'oven' | 'bar', string> = { counter: '', oven: '', bar: '' };
let pizzaId: string;
let ovenStation: string;
let drinkId: string;
let token: string;
let agent: AgentProcess;
const others: AgentProcess[] = [];

const PRINTS = 45_000;
const noOrder = { delivery: 0, pickup: 0, dine_in: 0 };

const printer = (name: string, address: string, columns: 32 | 48, routes: Partial<PrinterRoutes>) =>
  printerBody(name, routes, { connection: address, columns });

async function newToken(name: string) {
  const res = await owner.client.post('/api/admin/print-agents', { name });
  expect(res.status).toBe(201);
  return res.body as { agent: { id: string }; token: string };
}

/** A pending order with the given products, accepted on the board (pending → preparing). */
async function acceptedOrder(
  lines: { productId: string | null; name: string }[],
  overrides: Record<string, unknown> = {},
) {
  const order = await insertOrder(t, owner.restaurantId, overrides, {
    items: lines.map((l) => ({ name: l.name, quantity: 1, unitPrice: 3000 })),
  });
  for (const l of lines.filter((l) => l.productId)) {
    await t.db
      .update(orderItems)
      .set({ productId: l.productId })
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.name, l.name)));
  }
  const res = await owner.client.patch(`/api/admin/orders/${order.id}/status`, { status: 'preparing' });
  expect(res.status).toBe(200);
  return order;
}

const jobsOf = (orderId: string) => t.db.select().from(printJobs).where(eq(printJobs.orderId, orderId));

async function allPrinted(orderIds: string[], count: number) {
  await eventually(async () => {
    const rows = await t.db.select().from(printJobs).where(inArray(printJobs.orderId, orderIds));
    expect(rows).toHaveLength(count);
    expect(rows.every((r) => r.status === 'printed')).toBe(true);
  }, PRINTS);
}

const status = async () => (await owner.client.get('/api/admin/printing/status')).body;
const pizza = () => ({ productId: pizzaId, name: 'Pizza Calabresa' });
/** A product no kitchen station prepares: only the counter copy prints. */
const water = () => ({ productId: null, name: 'Água sem gás' });
const drink = () => ({ productId: drinkId, name: 'Guaraná Antártica' });

beforeAll(async () => {
  t = await createTestApp();
  http = await listen(t.app);
  owner = await signupOwner(t);
  other = await signupOwner(t);
  await Promise.all([counter.start(), oven.start(), bar.start()]);
  const pizzas = (await owner.client.post('/api/admin/kitchen/stations', { name: 'Forno' })).body.station.id;
  ovenStation = pizzas;
  const bebidas = (await owner.client.post('/api/admin/kitchen/stations', { name: 'Bar' })).body.station.id;
  const rows = await t.db
    .insert(products)
    .values([
      { restaurantId: owner.restaurantId, name: 'Pizza Calabresa', price: 3000, stationId: pizzas },
      { restaurantId: owner.restaurantId, name: 'Guaraná Antártica', price: 3000, stationId: bebidas },
    ])
    .returning({ id: products.id });
  [pizzaId, drinkId] = rows.map((r) => r.id);
  const made = await Promise.all([
    owner.client.post(
      '/api/admin/printers',
      printer('Balcão', counter.address, 48, {
        order: { delivery: 2, pickup: 1, dine_in: 1 },
        stations: [],
        pdvReceipt: true,
        cashClosing: true,
      }),
    ),
    owner.client.post(
      '/api/admin/printers',
      printer('Forno', oven.address, 32, {
        order: noOrder,
        stations: [pizzas],
        pdvReceipt: false,
        cashClosing: false,
      }),
    ),
    owner.client.post(
      '/api/admin/printers',
      printer('Bar', bar.address, 48, {
        order: noOrder,
        stations: [bebidas],
        pdvReceipt: false,
        cashClosing: false,
      }),
    ),
  ]);
  for (const res of made) expect(res.status).toBe(201);
  [printerIds.counter, printerIds.oven, printerIds.bar] = made.map((r) => r.body.printer.id);
  token = (await newToken('Computador do caixa')).token;
  agent = startAgent(http.url, token);
});

afterAll(async () => {
  await Promise.all([agent?.stop(), ...others.map((a) => a.stop())]);
  await Promise.all([counter.stop(), oven.stop(), bar.stop()]);
  await http?.close();
  await t?.close();
});

describe('print agent', { timeout: 90_000 }, () => {
  it('prints an accepted order: two counter copies for delivery, and each station its own items', async () => {
    const order = await acceptedOrder([pizza(), drink()], {
      customerName: 'Conceição Araújo',
      note: 'Sem cebola, é sério',
    });
    await allPrinted([order.id], 4);
    const big = `PEDIDO #${order.number}`;
    const copies = counter.find(big);
    expect(copies).toHaveLength(2);
    const [copy] = copies;
    expect(copy.text).toContain('Cliente: Conceição Araújo');
    expect(copy.text).toContain('Observação: Sem cebola, é sério');
    expect(copy.text).toContain('1x Pizza Calabresa');
    expect(copy.text).toContain('1x Guaraná Antártica');
    expect(copy.cut).toBe(true);
    expect(copy.drawer).toBe(false);

    const [ovenTicket] = oven.find(big);
    expect(ovenTicket.text).toContain('1x Pizza Calabresa');
    expect(ovenTicket.text).not.toContain('Guaraná');
    // 58 mm paper: no line wider than 32 columns.
    expect(Math.max(...ovenTicket.lines.map((l) => l.length))).toBeLessThanOrEqual(32);
    const [barTicket] = bar.find(big);
    expect(barTicket.text).toContain('1x Guaraná Antártica');
    expect(barTicket.text).not.toContain('Pizza');
    expect(oven.find(big)).toHaveLength(1);
    expect(bar.find(big)).toHaveLength(1);
  });

  it('shows each printer online on the board, and prints a test page from the settings', async () => {
    await eventually(async () => {
      const body = await status();
      expect(body.printers.map((p: { state: string }) => p.state)).toEqual(['online', 'online', 'online']);
    }, PRINTS);
    const before = counter.printouts.length;
    const res = await owner.client.post(`/api/admin/printers/${printerIds.counter}/test`);
    expect(res.status).toBe(201);
    await eventually(async () => expect(counter.printouts.length).toBe(before + 1), PRINTS);
    const page = counter.printouts[before];
    expect(page.text).toContain('PÁGINA DE TESTE');
    expect(page.text).toContain('Acentos: ç ã õ á é í ó ú â ê ô à Ç Ã É');
    expect(page.qr).toEqual(['https://meucardapio.app']);
    expect(page.cut).toBe(true);
    await eventually(async () => {
      const [job] = await t.db.select().from(printJobs).where(eq(printJobs.id, res.body.job.id));
      expect(job.status).toBe('printed');
    }, PRINTS);
  });

  it('prints once when the agent is killed after the printer took the bytes but before acknowledging', async () => {
    await agent.stop();
    const crashing = startAgent(http.url, token, { env: { MEUCARDAPIO_TESTE_FALHAR_APOS_ENTREGA: '1' } });
    const order = await acceptedOrder([drink()], { deliveryType: 'pickup' });
    const big = `PEDIDO #${order.number}`;
    await crashing.exited;
    expect(crashing.child.signalCode).toBe('SIGKILL');
    // On paper once, and the server not told: the job is still "sent".
    const onPaper = () => counter.find(big).length + bar.find(big).length;
    expect(onPaper()).toBe(1);
    expect((await jobsOf(order.id)).map((j) => j.status)).toEqual(['sent', 'sent']);

    agent = startAgent(http.url, token, { journalDir: crashing.journalDir });
    await allPrinted([order.id], 2);
    expect(counter.find(big)).toHaveLength(1);
    expect(bar.find(big)).toHaveLength(1);
  });

  it('waits while the printer is off, shows it offline with the failed job, and prints once when it is back', async () => {
    await counter.stop();
    await eventually(async () => {
      const body = await status();
      expect(body.printers.find((p: { id: string }) => p.id === printerIds.counter).state).toBe('offline');
    }, PRINTS);
    const order = await acceptedOrder([water()], { deliveryType: 'pickup' });
    await eventually(async () => {
      const body = await status();
      expect(body.failed.map((j: { title: string }) => j.title)).toContain(`Pedido #${order.number}`);
    }, PRINTS);
    await counter.start();
    await allPrinted([order.id], 1);
    expect(counter.find(`PEDIDO #${order.number}`)).toHaveLength(1);
    const body = await status();
    expect(body.failed.map((j: { title: string }) => j.title)).not.toContain(`Pedido #${order.number}`);
    expect(body.printers.find((p: { id: string }) => p.id === printerIds.counter).state).toBe('online');
  });

  it('never prints a job twice with two agents serving the same printers', async () => {
    const second = await newToken('Computador da cozinha');
    others.push(startAgent(http.url, second.token));
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await acceptedOrder([pizza(), drink()], { deliveryType: 'pickup' }));
    await allPrinted(
      orders.map((o) => o.id),
      12,
    );
    for (const o of orders) {
      const big = `PEDIDO #${o.number}`;
      expect([counter.find(big).length, oven.find(big).length, bar.find(big).length]).toEqual([1, 1, 1]);
    }
  });

  it('refuses a revoked token: the running agent stops and the API answers 401', async () => {
    const revoked = await newToken('Notebook antigo');
    const running = startAgent(http.url, revoked.token);
    others.push(running);
    await eventually(async () => expect(running.output.join('')).toContain('Conectado como "Notebook antigo"'), PRINTS);
    expect((await owner.client.delete(`/api/admin/print-agents/${revoked.agent.id}`)).status).toBe(204);
    expect(await running.exited).toBe(2);
    const res = await fetch(`${http.url}/api/print-agent/poll`, {
      method: 'POST',
      headers: { authorization: `Bearer ${revoked.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error.title).toBe('Token de impressão inválido ou revogado');
  });

  it("answers a waiting agent's long poll as soon as a printer is added, with the new printer", async () => {
    const { token: waiting, agent: kitchen } = await newToken('Notebook da cozinha');
    const poll = (wait: number, printersVersion?: string) =>
      fetch(`${http.url}/api/print-agent/poll`, {
        method: 'POST',
        headers: { authorization: `Bearer ${waiting}`, 'content-type': 'application/json' },
        body: JSON.stringify({ wait, printersVersion }),
      });
    const first = await (await poll(0)).json();
    const before = first.printers.length;
    const started = Date.now();
    // The agent sends back the version of the printers it was given.
    const answer = poll(20, first.printersVersion);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const added = await owner.client.post(
      '/api/admin/printers',
      printer('Copa', bar.address, 48, {
        order: noOrder,
        stations: [],
        pdvReceipt: false,
        cashClosing: false,
      }),
    );
    expect(added.status).toBe(201);
    const body = await (await answer).json();
    // Well before the 20 s the agent asked to wait.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(body.printers).toHaveLength(before + 1);
    expect(body.printers.map((p: { name: string }) => p.name)).toContain('Copa');
    expect((await owner.client.delete(`/api/admin/printers/${added.body.printer.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/admin/print-agents/${kitchen.id}`)).status).toBe(204);
  });

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
