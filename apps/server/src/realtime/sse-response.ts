import type { Context } from 'hono';

/** One Server-Sent Events message. */
export type SseMessage = { event: string; data: string; id?: string; retry?: number };

/** What an open stream can do: send a message or a comment, and end. */
export type SseSink = {
  /** False once the stream is over (ended, cancelled by the client, or cut off for not reading). */
  send(message: SseMessage): boolean;
  /** A comment line (`: ping`): keeps proxies from dropping a quiet stream. */
  comment(text: string): boolean;
  /** Ends the stream once what was sent has gone out. */
  close(): void;
};

/**
 * Messages a client may leave unread before it is cut off: more than a replayed page of missed events,
 * far fewer than a stuck screen would pile up over a dinner service. It reconnects with its
 * `Last-Event-ID` and resumes from the log, so nothing is lost.
 */
const MAX_UNREAD = 1000;

const encoder = new TextEncoder();

/** The message as the format writes it; each line of the data gets its own `data:`. */
export function sseFrame({ event, data, id, retry }: SseMessage): string {
  const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}`);
  return [`event: ${event}`, ...lines, id !== undefined && `id: ${id}`, retry !== undefined && `retry: ${retry}`]
    .filter(Boolean)
    .join('\n')
    .concat('\n\n');
}

/**
 * An SSE response whose messages are queued on the response body as they are sent: no promise per
 * message and no transform stream between the sender and the socket, which is what lets one instance
 * feed thousands of screens (a message to a stream costs a few microseconds and an open stream a few
 * kilobytes). `open` starts the stream and returns what to do when it ends, however it ends.
 */
export function sseResponse(c: Context, open: (sink: SseSink) => () => void): Response {
  let ended: (() => void) | undefined;
  let over = false;
  const finish = () => {
    if (over) return false;
    over = true;
    ended?.();
    return true;
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const push = (text: string) => {
        if (over) return false;
        if ((controller.desiredSize ?? 0) < -MAX_UNREAD) {
          // Dropping the queue closes the connection: the client reconnects and resumes from the log.
          if (finish()) controller.error(new Error('client stopped reading its event stream'));
          return false;
        }
        controller.enqueue(encoder.encode(text));
        return true;
      };
      const sink: SseSink = {
        send: (message) => push(sseFrame(message)),
        comment: (text) => push(`: ${text}\n\n`),
        close: () => {
          if (finish()) controller.close();
        },
      };
      const cleanup = open(sink);
      // A stream that ended while it was opening still cleans up.
      if (over) cleanup();
      else ended = cleanup;
    },
    cancel: () => {
      finish();
    },
  });
  c.header('Transfer-Encoding', 'chunked');
  c.header('Content-Type', 'text/event-stream');
  c.header('Cache-Control', 'no-cache');
  c.header('Connection', 'keep-alive');
  return c.newResponse(body);
}
