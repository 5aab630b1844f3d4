import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { type SseSink, sseFrame, sseResponse } from '../src/realtime/sse-response';
import { sseReader } from './sse';

/** An app with one stream; the test holds its sink and sees when its end ran. */
function oneStream() {
  const state: { sink: SseSink | null; ended: number } = { sink: null, ended: 0 };
  const app = new Hono();
  app.get('/s', (c) =>
    sseResponse(c, (sink) => {
      state.sink = sink;
      return () => {
        state.ended++;
      };
    }),
  );
  return { app, state };
}

describe('sseFrame', () => {
  it('writes the event, one data line per line, the id and the retry, and ends with a blank line', () => {
    expect(sseFrame({ event: 'order.created', data: '{"a":1}', id: '7' })).toBe(
      'event: order.created\ndata: {"a":1}\nid: 7\n\n',
    );
    expect(sseFrame({ event: 'ready', data: 'um\ndois\r\ntrês', retry: 3000 })).toBe(
      'event: ready\ndata: um\ndata: dois\ndata: três\nretry: 3000\n\n',
    );
  });
});

describe('sseResponse', () => {
  it('answers an event stream, delivers messages in order and runs its end once when it closes', async () => {
    const { app, state } = oneStream();
    const res = await app.request('/s');
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const stream = sseReader(res);
    state.sink!.send({ event: 'ready', data: '{}' });
    state.sink!.comment('ping');
    state.sink!.send({ event: 'order.created', data: '{"n":1}', id: '1' });
    state.sink!.close();
    expect(await stream.waitForEnd()).toBe(true);
    expect(stream.received.map((e) => [e.event, e.data])).toEqual([
      ['ready', '{}'],
      ['order.created', '{"n":1}'],
    ]);
    expect(state.ended).toBe(1);
    expect(state.sink!.send({ event: 'late', data: '{}' })).toBe(false);
    state.sink!.close();
    expect(state.ended).toBe(1);
  });

  it('runs its end when the client goes away', async () => {
    const { app, state } = oneStream();
    const res = await app.request('/s');
    await res.body!.cancel();
    expect(state.ended).toBe(1);
    expect(state.sink!.send({ event: 'x', data: '{}' })).toBe(false);
  });

  it('cuts off a client that stopped reading instead of queueing for it without end', async () => {
    const { app, state } = oneStream();
    const res = await app.request('/s');
    let accepted = 0;
    while (state.sink!.send({ event: 'order.updated', data: '{}', id: String(accepted) })) accepted++;
    expect(accepted).toBeGreaterThan(500);
    expect(accepted).toBeLessThan(2000);
    expect(state.ended).toBe(1);
    await expect(res.body!.getReader().read()).rejects.toThrow('stopped reading');
  });
});
