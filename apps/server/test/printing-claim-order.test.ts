import { printJobs } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Owner, signupOwner, type TestApp } from './helpers';
import { listen } from './print-agent-process';
import { printerBody } from './printing-fixtures';

/*
 * The order an agent gets its jobs in, through its long poll (no agent process: the test is the agent).
 */

let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  http = await listen(t.app);
  owner = await signupOwner(t);
});

afterAll(async () => {
  await http?.close();
  await t?.close();
});

describe('print jobs claimed by an agent', { timeout: 60_000 }, () => {
  it('come in the order they were written, also when one statement wrote them and they failed in another order', async () => {
    const made = await owner.client.post('/api/admin/printers', printerBody('Balcão'));
    expect(made.status).toBe(201);
    const printerId: string = made.body.printer.id;
    const agent = await owner.client.post('/api/admin/print-agents', { name: 'Computador do caixa' });
    expect(agent.status).toBe(201);
    const token: string = agent.body.token;

    // One statement, one moment: an order's copy and its kitchen ticket are written like this.
    const titles = Array.from({ length: 12 }, (_, i) => `Cupom ${i + 1}`);
    const rows = await t.db
      .insert(printJobs)
      .values(
        titles.map((title) => ({
          restaurantId: owner.restaurantId,
          printerId,
          kind: 'test',
          title,
          content: Buffer.from(title).toString('base64'),
        })),
      )
      .returning({ id: printJobs.id, createdAt: printJobs.createdAt });
    expect(new Set(rows.map((r) => r.createdAt.getTime())).size).toBe(1);
    // The printer was off: the failures were reported in another order (the agent's reports race), and
    // every one of them is due again now.
    for (const i of [7, 2, 11, 0, 5, 9, 1, 10, 4, 8, 3, 6]) {
      const { id } = rows[i];
      await t.db
        .update(printJobs)
        .set({ status: 'failed', retryAt: new Date(Date.now() - 1000), lastError: 'Impressora desligada' })
        .where(eq(printJobs.id, id));
    }

    const res = await fetch(`${http.url}/api/print-agent/poll`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ wait: 0 }),
    });
    expect(res.status).toBe(200);
    const { jobs } = (await res.json()) as { jobs: { title: string }[] };
    expect(jobs.map((j) => j.title)).toEqual(titles);
  });
});
