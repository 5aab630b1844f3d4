import { printJobs } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePrinter } from './fake-printer';
import { createTestApp, eventually, type Owner, type TestApp } from './helpers';
import { type AgentProcess, listen, startAgent } from './print-agent-process';
import { noOrder, PRINTS, type Printing, printer, startPrinting } from './printing-fixtures';

/*
 * Printing end to end: the real agent process (apps/print-agent) talks HTTP to this app and prints to
 * fake network printers on loopback ports, which decode the ESC/POS they receive.
 */

let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let owner: Owner;
const counter = new FakePrinter();
const oven = new FakePrinter();
const bar = new FakePrinter();
let printerIds: Printing['printerIds'];
let token: string;
let agent: AgentProcess;
const others: AgentProcess[] = [];
let newToken: Printing['newToken'];
let acceptedOrder: Printing['acceptedOrder'];
let jobsOf: Printing['jobsOf'];
let allPrinted: Printing['allPrinted'];
let status: Printing['status'];
let pizza: Printing['pizza'];
let water: Printing['water'];
let drink: Printing['drink'];

beforeAll(async () => {
  t = await createTestApp();
  http = await listen(t.app);
  ({ owner, printerIds, token, agent, newToken, acceptedOrder, jobsOf, allPrinted, status, pizza, water, drink } =
    await startPrinting(t, http.url, { counter, oven, bar }));
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
});
