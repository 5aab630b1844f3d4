import { createHash } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { mailOutbox, passwordResetTokens } from '@meucardapio/db/schema';
import { ensureDefaultProfileTypes } from '@meucardapio/db/seed/default-profile-types';
import { freshDatabase } from '@meucardapio/db/testing';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { boot } from '../src/server';
import { eventually, signupOwner, type TestApp, TestClient } from './helpers';

/** The app with its log captured, as `main.ts` would run it with these variables. */
async function bootWithLog(env: Record<string, string>) {
  const lines: string[] = [];
  const database = await freshDatabase();
  const config = loadConfig({ LOG_LEVEL: 'info', SEED_DEMO: '0', ...env } as NodeJS.ProcessEnv);
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const booted = await boot(config, { database, migrate: false, log });
  await ensureDefaultProfileTypes(database.db);
  const app = { ...booted, db: database.db, client: (ip?: string) => new TestClient(booted.app, ip) };
  return { app: app as unknown as TestApp, log: () => lines.join('') };
}

type Received = { from: string; to: string[]; data: string };

/** A minimal SMTP server: enough of RFC 5321 for one client to hand over messages. */
async function smtpServer() {
  const messages: Received[] = [];
  const waiting: ((m: Received) => void)[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    socket.write('220 teste.local ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            waiting.shift()?.(current);
            socket.write('250 2.0.0 Ok: queued\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-teste.local\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current = { from: line, to: [], data: '' };
          socket.write('250 2.1.0 Ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 2.1.5 Ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 2.0.0 Bye\r\n');
        else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 2.0.0 Ok\r\n');
        else socket.write('502 5.5.2 Command not recognized\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next: () => new Promise<Received>((resolve) => waiting.push(resolve)),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The reset token inside plain text (a log line). */
const tokenIn = (text: string) => /token=([\w-]{20,})/.exec(text)?.[1];
/**
 * The reset token inside a quoted-printable mail body. Only mail is decoded: in plain text a token
 * starting with two hex digits ("token=4F…") would read as an escape and be lost.
 */
const tokenInMail = (data: string) =>
  tokenIn(
    data
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
  );
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

describe('reset links', () => {
  it('are sent through SMTP_URL in a real SMTP conversation, and work', async () => {
    const smtp = await smtpServer();
    cleanups.push(smtp.close);
    // This test server offers no STARTTLS: plain text is allowed explicitly, as for a local relay.
    const { app, log } = await bootWithLog({
      SMTP_URL: smtp.url,
      SMTP_ALLOW_INSECURE: '1',
      MAIL_FROM: 'Loja <nao-responda@teste.local>',
    });
    cleanups.push(() => app.close());
    const owner = await signupOwner(app);

    const arriving = smtp.next();
    expect((await app.client().post('/api/auth/recover', { email: owner.email })).status).toBe(200);
    const mail = await arriving;
    expect(mail.from).toContain('nao-responda@teste.local');
    expect(mail.to.join()).toContain(owner.email);
    expect(mail.data).toMatch(/Subject: .*Redefini/);
    const token = tokenInMail(mail.data);
    expect(token).toBeTruthy();

    // Stored: the token's hash, and a copy of the mail without it; logged: neither.
    const rows = await app.db.select().from(passwordResetTokens);
    expect(rows.map((r) => r.tokenHash)).toContain(sha256(token as string));
    const [copy] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    expect(copy.body).not.toContain(token);
    expect(copy.body).toContain('[removido]');
    expect(log()).not.toContain(token);

    const reset = await app.client().post('/api/auth/reset', { token, password: 'nova-senha-9' });
    expect(reset.status).toBe(200);
    const login = await app.client().post('/api/auth/login', { email: owner.email, password: 'nova-senha-9' });
    expect(login.status).toBe(200);
  });

  it('are never handed to an smtp:// server that offers no TLS, unless plain text is explicitly allowed', async () => {
    const smtp = await smtpServer();
    cleanups.push(smtp.close);
    const { app } = await bootWithLog({ SMTP_URL: smtp.url });
    cleanups.push(() => app.close());
    const owner = await signupOwner(app);
    expect((await app.client().post('/api/auth/recover', { email: owner.email })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.messages).toHaveLength(0);
  });

  it('only the newest link works: asking for another voids the one in the older e-mail', async () => {
    const { app, log } = await bootWithLog({ NODE_ENV: 'development' });
    cleanups.push(() => app.close());
    const owner = await signupOwner(app);
    const linkAfter = async (seen: number) => {
      expect((await app.client().post('/api/auth/recover', { email: owner.email })).status).toBe(200);
      return eventually(async () => {
        const tokens = [...log().matchAll(/token=([\w-]{20,})/g)].map((m) => m[1]);
        expect(tokens.length).toBeGreaterThan(seen);
        return tokens[tokens.length - 1];
      });
    };
    const older = await linkAfter(0);
    const newer = await linkAfter(1);
    expect(newer).not.toBe(older);
    const stale = await app.client().post('/api/auth/reset', { token: older, password: 'nova-senha-9' });
    expect(stale.status).toBe(400);
    const fresh = await app.client().post('/api/auth/reset', { token: newer, password: 'nova-senha-9' });
    expect(fresh.status).toBe(200);
  });

  it('without SMTP in development: the outbox keeps no token, the log shows the link to the developer', async () => {
    const { app, log } = await bootWithLog({ NODE_ENV: 'development' });
    cleanups.push(() => app.close());
    const owner = await signupOwner(app);
    expect((await app.client().post('/api/auth/recover', { email: owner.email })).status).toBe(200);
    const token = tokenIn(log().replace(/\\n/g, '\n'));
    expect(token).toBeTruthy();
    const [copy] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    expect(copy.body).not.toContain(token);
    const [row] = await app.db.select().from(passwordResetTokens);
    expect(row.tokenHash).toBe(sha256(token as string));
    expect((await app.client().post('/api/auth/reset', { token, password: 'nova-senha-9' })).status).toBe(200);
  });

  it('without SMTP in production: neither the log nor the database holds the link or the address', async () => {
    const { app, log } = await bootWithLog({ NODE_ENV: 'production' });
    cleanups.push(() => app.close());
    const owner = await signupOwner(app);
    expect((await app.client().post('/api/auth/recover', { email: owner.email })).status).toBe(200);
    expect(log()).toContain('SMTP_URL');
    expect(log()).not.toContain('token=');
    expect(log()).not.toContain(owner.email);
    const [copy] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    expect(copy.body).toContain('token=[removido]');
  });
});
