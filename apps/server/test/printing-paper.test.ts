import { execFileSync } from 'node:child_process';
import { constants, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printJobs } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEscPos, FakePrinter, type Printout } from './fake-printer';
import { createTestApp, eventually, type Owner, signupOwner, type TestApp } from './helpers';
import { type AgentProcess, listen, startAgent } from './print-agent-process';
import { printerBody } from './printing-fixtures';

/*
 * What the printer says about itself, through the real agent: a network printer out of paper (ESC/POS
 * real-time status, DLE EOT 4) fails its job with "Sem papel" and prints it once the paper is back
 * (decision 080); one that never answers status prints as before; a USB/serial printer is a device path
 * the agent writes to — here a named pipe this test reads.
 */

let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let owner: Owner;
let agent: AgentProcess;
const roll = new FakePrinter();
const mute = new FakePrinter();
const ids = { roll: '', mute: '' };
const PRINTS = 45_000;
const dir = mkdtempSync(join(tmpdir(), 'mc-usb-'));

const printer = (name: string, connection: string) => printerBody(name, {}, { connection });

async function addPrinter(name: string, connection: string) {
  const res = await owner.client.post('/api/admin/printers', printer(name, connection));
  expect(res.status, res.text).toBe(201);
  return res.body.printer.id as string;
}

async function testPage(printerId: string) {
  const res = await owner.client.post(`/api/admin/printers/${printerId}/test`);
  expect(res.status).toBe(201);
  return res.body.job.id as string;
}

const jobOf = async (id: string) => (await t.db.select().from(printJobs).where(eq(printJobs.id, id)))[0];
const status = async () => (await owner.client.get('/api/admin/printing/status')).body;
const stateOf = async (id: string) =>
  (await status()).printers.find((p: { id: string }) => p.id === id) as { state: string; message: string | null };

async function printed(jobId: string) {
  await eventually(async () => expect((await jobOf(jobId)).status).toBe('printed'), PRINTS);
}

/**
 * A USB printer stand-in: a named pipe whose tickets the test reads, one per time the agent opens and
 * closes it. A reader kept open lets the agent open it between two tickets, as it would a device.
 */
function namedPipePrinter(path: string) {
  execFileSync('mkfifo', [path]);
  const printouts: Printout[] = [];
  let stopped = false;
  const keeper = open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const reading = (async () => {
    while (!stopped) {
      const bytes = await readFile(path);
      if (bytes.length > 0) printouts.push(decodeEscPos(bytes));
    }
  })();
  return {
    printouts,
    async stop() {
      stopped = true;
      // Opening it to write wakes the pending read, which sees the end of its loop.
      await (await open(path, constants.O_WRONLY | constants.O_NONBLOCK)).close();
      await reading;
      await (await keeper).close();
    },
  };
}
const usb = namedPipePrinter(join(dir, 'lp0'));

beforeAll(async () => {
  t = await createTestApp();
  http = await listen(t.app);
  owner = await signupOwner(t);
  await Promise.all([roll.start(), mute.start()]);
  mute.silent = true;
  ids.roll = await addPrinter('Balcão', roll.address);
  const token = await owner.client.post('/api/admin/print-agents', { name: 'Computador do caixa' });
  // This folder stands in for /dev: the agent lists the USB and serial printers it finds there.
  mkdirSync(join(dir, 'usb'));
  writeFileSync(join(dir, 'usb', 'lp1'), '');
  writeFileSync(join(dir, 'sda1'), '');
  agent = startAgent(http.url, token.body.token, { env: { MEUCARDAPIO_TESTE_DISPOSITIVOS: dir } });
  await eventually(async () => expect((await stateOf(ids.roll)).state).toBe('online'), PRINTS);
});

afterAll(async () => {
  await agent?.stop();
  await Promise.all([roll.stop(), mute.stop(), usb.stop()]);
  await http?.close();
  await t?.close();
});

describe('printer status and device printers', { timeout: 90_000 }, () => {
  it('fails a job on a printer out of paper with "Sem papel", shows it, and prints it once when the paper is back', async () => {
    roll.paperOut = true;
    await eventually(
      async () => expect(await stateOf(ids.roll)).toMatchObject({ state: 'error', message: 'Sem papel' }),
      PRINTS,
    );
    const before = roll.printouts.length;
    const jobId = await testPage(ids.roll);
    await eventually(async () => {
      const job = await jobOf(jobId);
      expect(job.status).toBe('failed');
      expect(job.lastError).toBe('Sem papel');
      expect(job.retryAt).not.toBeNull();
    }, PRINTS);
    const board = await status();
    expect(board.failed).toContainEqual(
      expect.objectContaining({ id: jobId, printer: 'Balcão', lastError: 'Sem papel' }),
    );
    expect(board.printers.find((p: { id: string }) => p.id === ids.roll)).toMatchObject({
      state: 'error',
      message: 'Sem papel',
    });
    // Known to be out of paper, the printer was sent nothing: nothing of it waits to come out later.
    expect(roll.discarded).toBe(0);
    expect(roll.printouts.length).toBe(before);

    roll.paperOut = false;
    await printed(jobId);
    expect(roll.printouts.length).toBe(before + 1);
    expect(roll.printouts[before].text).toContain('PÁGINA DE TESTE');
    expect(await stateOf(ids.roll)).toMatchObject({ state: 'online', message: null });
    expect((await status()).failed.map((j: { id: string }) => j.id)).not.toContain(jobId);
  });

  it('prints again, once and whole, a ticket during which the roll ran out', async () => {
    roll.runOutOnNextTicket = true;
    const before = roll.printouts.length;
    const jobId = await testPage(ids.roll);
    await eventually(async () => expect((await jobOf(jobId)).lastError).toBe('Sem papel'), PRINTS);
    expect(roll.cutShort).toHaveLength(1);
    expect(roll.printouts.length).toBe(before);
    roll.paperOut = false;
    await printed(jobId);
    expect(roll.printouts.length).toBe(before + 1);
    expect(roll.printouts[before].cut).toBe(true);
  });

  it('prints to a USB printer by its device path, and shows a missing device offline', async () => {
    const usbId = await addPrinter('USB do caixa', join(dir, 'lp0'));
    const jobId = await testPage(usbId);
    await printed(jobId);
    await eventually(async () => expect(usb.printouts).toHaveLength(1), PRINTS);
    expect(usb.printouts[0].text).toContain('Impressora: USB do caixa');
    expect(usb.printouts[0].qr).toEqual(['https://meucardapio.app']);
    expect(usb.printouts[0].cut).toBe(true);

    const goneId = await addPrinter('USB desligada', join(dir, 'lp9'));
    await eventually(
      async () =>
        expect(await stateOf(goneId)).toMatchObject({ state: 'offline', message: 'Dispositivo não encontrado' }),
      PRINTS,
    );
  });

  it('lists the USB and serial devices the agent finds, under its computer, to this restaurant only', async () => {
    await eventually(async () => {
      const { agents } = (await owner.client.get('/api/admin/printing/settings')).body;
      expect(agents.map((a: { devices: string[] }) => a.devices)).toEqual([
        [join(dir, 'lp0'), join(dir, 'usb', 'lp1')],
      ]);
    }, PRINTS);
    const other = await signupOwner(t);
    expect((await other.client.get('/api/admin/printing/settings')).body.agents).toEqual([]);
  });

  it('prints on a printer that never answers status requests', async () => {
    // Added last: each of its status requests waits out the agent's whole timeout, every probe.
    ids.mute = await addPrinter('Cozinha', mute.address);
    const jobId = await testPage(ids.mute);
    await printed(jobId);
    expect(mute.printouts).toHaveLength(1);
    expect(mute.printouts[0].text).toContain('PÁGINA DE TESTE');
    expect((await stateOf(ids.mute)).state).toBe('online');
  });

  it('refuses a failure report for another restaurant’s job, and bad reports with 400', async () => {
    const other = await signupOwner(t);
    const made = await other.client.post('/api/admin/printers', printer('X', '127.0.0.1:9'));
    const test = await other.client.post(`/api/admin/printers/${made.body.printer.id}/test`);
    const token = (await owner.client.post('/api/admin/print-agents', { name: 'Outro' })).body.token;
    const report = (jobId: string, body: object) =>
      fetch(`${http.url}/api/print-agent/jobs/${jobId}/failed`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await report(test.body.job.id, { error: 'Sem papel', status: 'error' })).status).toBe(404);
    expect((await jobOf(test.body.job.id)).status).toBe('queued');
    expect((await report(test.body.job.id, { error: 'Sem papel', status: 'pegando fogo' })).status).toBe(400);
    const devices = await fetch(`${http.url}/api/print-agent/printers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ printers: [], devices: '/dev/usb/lp0' }),
    });
    expect(devices.status).toBe(400);
    expect(await devices.text()).toContain('Dispositivos inválidos');
  });
});
