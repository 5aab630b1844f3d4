import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { limitBody } from '../src/http/body-limit';

const MAX = 16;

/** An app whose only route answers the body it read, behind the limit (413 as its refusal). */
function app() {
  const a = new Hono();
  a.onError((err) => new Response(err.message, { status: 413 }));
  a.use(
    '*',
    limitBody(MAX, () => {
      throw new Error('grande demais');
    }),
  );
  a.post('/', async (c) => c.text(await c.req.text()));
  a.post('/unread', (c) => c.text('ok'));
  return a;
}

/** A body that counts how often it was read from. */
function watchedBody(text: string) {
  const reads = { count: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        reads.count += 1;
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    },
    // Nothing is pulled before someone reads.
    { highWaterMark: 0 },
  );
  return { body, reads };
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  app().request(path, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('the body limit', () => {
  it('judges a body by its stated length and leaves it unread for the handler', async () => {
    const { body, reads } = watchedBody('{"a":1}');
    const res = await post('/unread', body, { 'content-length': '7' });
    expect(res.status).toBe(200);
    expect(reads.count).toBe(0);
    expect(await (await post('/', '{"a":1}', { 'content-length': '7' })).text()).toBe('{"a":1}');
  });

  it('refuses a stated length over the limit before reading anything', async () => {
    const { body, reads } = watchedBody('x'.repeat(MAX + 1));
    const res = await post('/', body, { 'content-length': String(MAX + 1) });
    expect(res.status).toBe(413);
    expect(reads.count).toBe(0);
  });

  it('counts a body without a stated length, or sent in chunks, as it is read', async () => {
    expect((await post('/', 'x'.repeat(MAX + 1))).status).toBe(413);
    expect(await (await post('/', 'x'.repeat(MAX))).text()).toBe('x'.repeat(MAX));
    const chunked = await post('/', watchedBody('x'.repeat(MAX + 1)).body, {
      'content-length': '3',
      'transfer-encoding': 'chunked',
    });
    expect(chunked.status).toBe(413);
  });

  it('leaves the Node adapter to read the body of a write straight from the socket, with no web Request built', async () => {
    // The adapter builds the web Request (and its streams) only when asked for it, and marks it under
    // this symbol when it does.
    const built = (req: object) =>
      Object.getOwnPropertySymbols(req).some(
        (s) => s.description === 'requestCache' && (req as Record<symbol, unknown>)[s] !== undefined,
      );
    const a = app();
    a.post('/built', async (c) => {
      const before = built(c.req.raw);
      return c.json({ before, text: await c.req.text() });
    });
    const server = serve({ fetch: a.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/built`, { method: 'POST', body: '{"a":1}' });
      expect(await res.json()).toEqual({ before: false, text: '{"a":1}' });
      const tooLarge = await fetch(`http://127.0.0.1:${port}/built`, { method: 'POST', body: 'x'.repeat(MAX + 1) });
      expect(tooLarge.status).toBe(413);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
