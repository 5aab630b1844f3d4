import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../client';
import { freshDatabase } from '../testing';
import { type SeedDemoResult, seedDemo } from './demo';

/**
 * A fresh database with the demo seeded once for the test file. argon2 is slow and lives in the server;
 * a recognisable fake hash stands in, and its calls are counted.
 */
export function seededDemo() {
  const demo = {
    database: undefined as unknown as Database,
    result: null as SeedDemoResult | null,
    hashCalls: 0,
    hashPassword: async (pw: string) => {
      demo.hashCalls++;
      return `fake-hash:${pw}`;
    },
  };
  beforeAll(async () => {
    demo.database = await freshDatabase();
    demo.result = await seedDemo(demo.database.db, { hashPassword: demo.hashPassword });
  }, 60_000);
  afterAll(async () => {
    await demo.database?.close();
  });
  return demo;
}
