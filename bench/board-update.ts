/**
 * What a live event costs the server on each board that shows it: reading the board's whole list again
 * (as the board did) against reading only the order the event names (as it does now), in CPU
 * milliseconds of the server's process per read, one read after another.
 */
import { cpuSeconds } from './cpu-usage';

const READS = 300;

export async function benchBoardUpdate(base: string, serverPid: number) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'dono@demo.com.br', password: 'demo1234' }),
  });
  if (!login.ok) throw new Error(`login ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { cookie, 'accept-encoding': 'gzip' } });
    if (res.status !== 200) throw new Error(`${path} ${res.status}`);
    return res.json() as Promise<{ orders: { id: string }[] }>;
  };
  // As the web app's board asks (orders-api.ts): its 60 newest, or the orders an event named.
  const list = '/api/admin/orders?limit=60';
  const newest = (await get(list)).orders[0].id;
  const reads = { wholeList: list, namedOrder: `/api/admin/orders?limit=100&ids=${newest}` };
  const results: Record<string, { ordersAnswered: number; serverCpuMsPerRead: number; msPerRead: number }> = {};
  for (const [name, path] of Object.entries(reads)) {
    for (let i = 0; i < 20; i++) await get(path);
    const cpuBefore = cpuSeconds({ server: serverPid }).server;
    const started = performance.now();
    let answered = 0;
    for (let i = 0; i < READS; i++) answered = (await get(path)).orders.length;
    const cpu = cpuSeconds({ server: serverPid }).server - cpuBefore;
    results[name] = {
      ordersAnswered: answered,
      serverCpuMsPerRead: Math.round((cpu / READS) * 1000 * 100) / 100,
      msPerRead: Math.round(((performance.now() - started) / READS) * 100) / 100,
    };
  }
  return results;
}
