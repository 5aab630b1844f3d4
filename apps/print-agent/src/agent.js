import { setTimeout as sleep } from 'node:timers/promises';
import { Journal } from './journal.js';
import { deliver, describe, listDevices, PrinterError, probe } from './printer.js';

/**
 * The print agent: a long poll to the server for jobs, each handed to its printer, journaled, then
 * acknowledged; the printers are checked every few seconds and their state reported. Everything goes
 * out from this computer: no port is opened on the restaurant's network.
 */

/** Exit code when the server refuses the token: restarting would not help. */
export const EXIT_REFUSED = 2;
const POLL_WAIT_S = 20;

export class Refused extends Error {}

/**
 * @param {{ server: string; token: string; journalDir: string; probeMs?: number;
 *   log?: (line: string) => void; crashAfterDelivery?: boolean; devicesRoot?: string }} options
 */
export async function runAgent(options) {
  const log = options.log ?? ((line) => console.log(`[${new Date().toLocaleTimeString('pt-BR')}] ${line}`));
  const base = options.server.replace(/\/+$/, '');
  const journal = new Journal(options.journalDir);
  /** @type {Map<string, { connection: string; name: string }>} */
  let printers = new Map();
  /** @type {Map<string, string>} printer id → last reported status + message */
  const reported = new Map();
  let stopping = false;

  async function call(path, body, timeoutMs = 15_000) {
    const res = await fetch(`${base}/api/print-agent${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status === 401) throw new Refused((await res.json().catch(() => null))?.error?.title ?? 'Token recusado');
    if (!res.ok) throw new Error(`O servidor respondeu ${res.status}`);
    return res.json();
  }

  async function acknowledge(id) {
    await call(`/jobs/${id}/printed`);
    journal.markAcknowledged(id);
  }

  /** Jobs printed before a crash, acknowledged without printing them again. */
  async function flushJournal() {
    for (const id of [...journal.pending]) await acknowledge(id);
  }

  async function printJob(job) {
    if (journal.delivered(job.id)) {
      // Already on paper: the server only missed the acknowledgement.
      await acknowledge(job.id);
      return;
    }
    try {
      await deliver(job.connection, Buffer.from(job.content, 'base64'));
    } catch (err) {
      const error = describe(err);
      const status = err instanceof PrinterError ? err.status : 'offline';
      log(`Falha ao imprimir ${job.title}: ${error}`);
      await call(`/jobs/${job.id}/failed`, { error, status });
      reported.set(job.printerId, `${status}:${error}`);
      return;
    }
    journal.markDelivered(job.id);
    if (options.crashAfterDelivery) {
      // Test hook: the process dies with the ticket on paper and the server not told.
      process.kill(process.pid, 'SIGKILL');
    }
    await acknowledge(job.id);
    log(`Impresso: ${job.title}`);
  }

  /** The USB and serial devices last reported, so the list is sent when it changes. */
  let reportedDevices = null;
  const keyOf = (state) => `${state.status}:${state.message ?? ''}`;

  /** Checks every printer and this computer's devices; reports what changed since the last report. */
  async function checkPrinters() {
    const states = [];
    for (const [id, p] of printers) states.push({ id, ...(await probe(p.connection)) });
    const changed = states.filter((state) => reported.get(state.id) !== keyOf(state));
    const devices = await listDevices(options.devicesRoot);
    if (changed.length === 0 && devices.join('\n') === reportedDevices) return;
    await call('/printers', { printers: changed, devices });
    for (const state of changed) reported.set(state.id, keyOf(state));
    reportedDevices = devices.join('\n');
  }

  async function probeLoop() {
    while (!stopping) {
      try {
        await checkPrinters();
      } catch (err) {
        if (err instanceof Refused) return;
      }
      await sleep(options.probeMs ?? 5_000);
    }
  }

  let announced = false;
  /** Sent with each poll: the server answers at once when the printers changed since. */
  let printersVersion;
  let backoff = 1_000;
  let probing = null;
  try {
    await flushJournal();
    while (!stopping) {
      let answer;
      try {
        // The first poll answers at once: the agent says it is connected and starts checking its printers.
        answer = await call('/poll', { wait: announced ? POLL_WAIT_S : 0, printersVersion }, (POLL_WAIT_S + 15) * 1000);
        backoff = 1_000;
      } catch (err) {
        if (err instanceof Refused) throw err;
        log(`Sem conexão com o servidor (${describe(err)}); tentando de novo em ${backoff / 1000} s`);
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 15_000);
        continue;
      }
      printers = new Map(answer.printers.map((p) => [p.id, p]));
      printersVersion = answer.printersVersion;
      if (!announced) {
        announced = true;
        log(
          `Conectado como "${answer.agent.name}". Impressoras: ${answer.printers.map((p) => p.name).join(', ') || 'nenhuma'}`,
        );
        probing = probeLoop();
      }
      try {
        for (const job of answer.jobs) await printJob(job);
      } catch (err) {
        if (err instanceof Refused) throw err;
        // An acknowledgement lost on the way: the journal has the job, the next poll hands it back.
        log(`Sem conexão com o servidor (${describe(err)})`);
        await sleep(1_000);
      }
    }
  } catch (err) {
    if (err instanceof Refused) {
      log(`${err.message}. Crie um novo token em Configurações → Impressoras.`);
      process.exitCode = EXIT_REFUSED;
      return;
    }
    throw err;
  } finally {
    stopping = true;
    await probing;
    journal.close();
  }
}
