import { openDatabase } from '@meucardapio/db/client';
import { seedDemo } from '@meucardapio/db/seed/demo';
import { sql } from 'drizzle-orm';

/**
 * Seeds the demo restaurant (catalogue, accounts and a month of history) into a fresh embedded database,
 * as the first `npm start` does, and prints how long it took: wall clock and this process's CPU time
 * (PGlite runs in-process, so the CPU time is the seed's own work whatever else the machine is doing).
 */
export async function benchDemoSeed(runs = 3) {
  const results = [];
  for (let run = 0; run < runs; run++) {
    const database = await openDatabase({});
    try {
      await database.migrate();
      const cpu = process.cpuUsage();
      const started = performance.now();
      await seedDemo(database.db, { hashPassword: async (p) => `bench:${p}` });
      const wallMs = Math.round(performance.now() - started);
      const used = process.cpuUsage(cpu);
      const [{ orders }] = (
        await database.db.execute<{ orders: number }>(sql`select count(*)::int as orders from orders`)
      ).rows;
      results.push({ run: run + 1, wallMs, cpuMs: Math.round((used.user + used.system) / 1000), orders });
    } finally {
      await database.close();
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('== demo seed on a fresh PGlite (argon2 hash excluded) ==');
  console.log(JSON.stringify(await benchDemoSeed(), null, 2));
}
