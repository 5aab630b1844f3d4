import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';

/** The repository's print agent, run as a restaurant runs it. */
const AGENT_BIN = join(import.meta.dirname, '..', '..', 'print-agent', 'bin', 'meucardapio-impressora.js');

/** An in-process app listening on a loopback port, for processes that talk HTTP to it. */
export async function listen(app: { fetch: (req: Request, env?: unknown) => Response | Promise<Response> }) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type AgentProcess = {
  child: ChildProcess;
  output: string[];
  journalDir: string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
};

/** Starts the agent (`node bin/meucardapio-impressora.js`) with its own journal folder unless given one. */
export function startAgent(
  server: string,
  token: string,
  options: { journalDir?: string; env?: Record<string, string> } = {},
): AgentProcess {
  const journalDir = options.journalDir ?? mkdtempSync(join(tmpdir(), 'mc-agent-'));
  const child = spawn(process.execPath, [AGENT_BIN, '--servidor', server, '--token', token, '--pasta', journalDir], {
    // The fake printers answer from this test process, whose event loop an embedded database's query
    // can hold for longer than a real printer's second: an answer that late is still an answer here.
    env: { ...process.env, MEUCARDAPIO_VERIFICAR_MS: '200', MEUCARDAPIO_STATUS_MS: '5000', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output,
    journalDir,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
