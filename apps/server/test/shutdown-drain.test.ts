import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, TEST_PASSWORD } from './helpers';
import {
  killGroup as cleanUp,
  SERVER_ENTRY,
  type Started,
  serverWorkspace,
  startServer,
  type Workspace,
} from './server-process';
import { sseReader } from './sse';

// Real server processes, stopped by signals: what `npm start` and an orchestrator do.
let space: Workspace;
beforeAll(async () => {
  space = await serverWorkspace('mc-shutdown-');
});
afterAll(() => space?.close());

const start = (args: string[]) => startServer(args, space.env);

async function signUp(base: string) {
  const email = `dono-${Date.now()}@teste.com.br`;
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name: 'Dona Teste',
      companyName: `Restaurante ${Date.now()}`,
      email,
      password: TEST_PASSWORD,
    }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, cookie };
}

describe('graceful shutdown', () => {
  it('answers the request in flight and ends event streams before closing the database, then exits 0', async () => {
    let server: Started | undefined;
    try {
      server = await start(SERVER_ENTRY);
      const { base } = server;
      const owner = await signUp(base);
      const streamRes = await fetch(`${base}/api/events/staff`, { headers: { cookie: owner.cookie } });
      expect(streamRes.status).toBe(200);
      const stream = sseReader(streamRes);
      await stream.waitFor((e) => e.event === 'ready');

      // A login whose body is still on its way when the signal arrives. `Expect: 100-continue`
      // makes the server say it has the request before any of the body is sent.
      const body = JSON.stringify({ email: owner.email, password: TEST_PASSWORD });
      const url = new URL('/api/auth/login', base);
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          url,
          {
            method: 'POST',
            agent: new Agent({ keepAlive: false }),
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              origin: base,
              expect: '100-continue',
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.once('continue', () => {
          server!.proc.kill('SIGTERM');
          // The stream hears of the shutdown first; only then does the body arrive.
          stream
            .waitFor((e) => e.event === 'reconnect', 8000)
            .then(() => req.end(body))
            .catch(reject);
        });
        req.flushHeaders();
      });

      const reply = await answer;
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text).user.email).toBe(owner.email);
      const reconnect = stream.received.find((e) => e.event === 'reconnect');
      expect(reconnect?.retry).toBeGreaterThan(0);
      expect(await stream.waitForEnd(8000)).toBe(true);
      expect(await server.exit).toEqual({ code: 0, signal: null });
    } finally {
      cleanUp(server);
    }
  }, 120_000);

  it("keeps an idle connection past Node's 5 s default, as a proxy reusing it expects, and still stops at once", async () => {
    let server: Started | undefined;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const health = (base: string) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = request(new URL('/api/health', base), { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      server = await start(SERVER_ENTRY);
      expect(await health(server.base)).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 6000));
      // Closed by the server at 5 s, the agent would have dropped the socket and opened another.
      expect(await health(server.base)).toEqual({ status: 200, reused: true });
      // The idle connection does not hold the shutdown: it is closed with the listener.
      server.proc.kill('SIGTERM');
      expect(await server.exit).toEqual({ code: 0, signal: null });
    } finally {
      agent.destroy();
      cleanUp(server);
    }
  }, 120_000);

  it('`npm start` passes SIGTERM to the server and exits with its code', async () => {
    let started: Started | undefined;
    try {
      started = await start(['scripts/start.mjs']);
      // Only the launcher is signalled, as a supervisor does.
      started.proc.kill('SIGTERM');
      expect(await started.exit).toEqual({ code: 0, signal: null });
      const base = started.base;
      await eventually(async () => {
        await expect(fetch(`${base}/api/health`)).rejects.toThrow();
      }, 10_000);
    } finally {
      cleanUp(started);
    }
  }, 120_000);
});
