// The load generators' HTTP client: node:http over kept-alive connections. `fetch` (WHATWG streams,
// decompression) cost the load generator about 2.6 ms of CPU per order placed, on the same two cores as
// the deployment it measures; the bodies here are read as bytes and never decompressed.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer; text(): string };

export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: () => body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A response read as it arrives (an SSE stream): `onText` gets each decoded chunk; `close` ends it. */
export function stream(
  url: string,
  headers: Record<string, string>,
  onText: (text: string) => void,
): Promise<{ status: number; headers: IncomingHttpHeaders; close(): void }> {
  return new Promise((resolve, reject) => {
    // Its own connection: a stream never gives its socket back to the pool.
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      res.setEncoding('utf8');
      res.on('data', onText);
      res.on('error', () => {});
      resolve({ status: res.statusCode ?? 0, headers: res.headers, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}
