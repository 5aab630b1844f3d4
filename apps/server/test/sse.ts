import { ORIGIN, type TestClient } from './helpers';

/** Reads Server-Sent Events from a streaming response, for tests. */
export type SseEvent = { id?: string; event: string; data: string; retry?: number };

export function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const received: SseEvent[] = [];
  let ended = false;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  async function pump(deadline: number): Promise<boolean> {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    // A read that outlives one wait is kept for the next, so no chunk is ever dropped.
    pending ??= reader.read();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const chunk = await Promise.race([
      pending,
      new Promise<null>((r) => (timer = setTimeout(() => r(null), remaining))),
    ]);
    clearTimeout(timer);
    if (!chunk) return false;
    pending = undefined;
    if (chunk.done) {
      ended = true;
      return false;
    }
    buffer += decoder.decode(chunk.value, { stream: true });
    let idx = buffer.indexOf('\n\n');
    while (idx >= 0) {
      const block = buffer.slice(0, idx);
      buffer = buffer.slice(idx + 2);
      const ev: SseEvent = { event: 'message', data: '' };
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) ev.id = line.slice(3).trim();
        else if (line.startsWith('retry:')) ev.retry = Number(line.slice(6).trim());
        else if (line.startsWith('event:')) ev.event = line.slice(6).trim();
        else if (line.startsWith('data:')) ev.data += line.slice(5).trim();
      }
      if (block.trim() && !block.startsWith(':')) received.push(ev);
      idx = buffer.indexOf('\n\n');
    }
    return true;
  }

  return {
    received,
    /** Waits until an event matching `predicate` arrives, or returns undefined after `ms`. */
    async waitFor(predicate: (e: SseEvent) => boolean, ms = 3000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (!(await pump(deadline))) return received.find(predicate);
      }
    },
    /** Waits until the server ends the stream; false if it is still open after `ms`. */
    async waitForEnd(ms = 3000) {
      const deadline = Date.now() + ms;
      while (!ended && (await pump(deadline)));
      return ended;
    },
    get ended() {
      return ended;
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}

type Requester = { request: (input: string, init?: RequestInit) => Response | Promise<Response> };

/** The Cookie header a test client would send. */
export const cookieHeader = (client: TestClient) =>
  [...(client as unknown as { cookies: Map<string, string> }).cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Requests an SSE stream on `app` with the cookies of `client` (the response, whatever its status). */
export function requestStream(app: Requester, client: TestClient, path: string, lastEventId?: string) {
  const headers: Record<string, string> = { cookie: cookieHeader(client), origin: ORIGIN };
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  return app.request(`http://localhost${path}`, { headers });
}

/** Opens an SSE stream that must be accepted, and reads it. */
export async function openStream(app: Requester, client: TestClient, path: string, lastEventId?: string) {
  const res = await requestStream(app, client, path, lastEventId);
  if (res.status !== 200 || !res.headers.get('content-type')?.includes('text/event-stream')) {
    throw new Error(`stream refused: ${res.status} ${await res.text()}`);
  }
  return sseReader(res);
}
