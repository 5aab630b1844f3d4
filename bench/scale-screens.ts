// The largest restaurant's owner opening their screens one after another, in a thread of its own: the
// load generator's main thread also drives the orders and reads 5,000 event streams, and a screen's
// time measured there would include the wait for that event loop, which an owner's browser never has.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { request } from './http-client';

type Job = { base: string; cookie: string; screens: Record<string, string>; milliseconds: number };
export type ScreenTimes = { times: Record<string, number[]>; errors: string[] };

/** Runs the screens' loop for `milliseconds` in a worker thread; answers each screen's times. */
export function measureScreens(job: Job): Promise<ScreenTimes> {
  return new Promise((resolve, reject) => {
    // The thread loads this file through tsx, as the main thread does (a thread runs no --import).
    const worker = new Worker(
      `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`,
      { eval: true, workerData: job },
    );
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function loop({ base, cookie, screens, milliseconds }: Job): Promise<ScreenTimes> {
  const deadline = performance.now() + milliseconds;
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(screens).map((k) => [k, []]));
  const errors: string[] = [];
  while (performance.now() < deadline) {
    for (const [name, path] of Object.entries(screens)) {
      const started = performance.now();
      try {
        const res = await request(`${base}${path}`, { headers: { cookie, 'accept-encoding': 'gzip' } });
        if (res.status !== 200) errors.push(`${name} ${res.status}`);
        else times[name].push(performance.now() - started);
      } catch (err) {
        errors.push(`${name} ${(err as Error).message}`);
      }
    }
  }
  return { times, errors };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  loop(workerData as Job).then((result) => port.postMessage(result));
}
