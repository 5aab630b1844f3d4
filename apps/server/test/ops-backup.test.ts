import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@meucardapio/db/client';
import { orderItems, orders } from '@meucardapio/db/schema';
import { freshDatabase, migratedSnapshot } from '@meucardapio/db/testing';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDataDir } from '../src/ops/backup';
import { createTestApp, signupOwner } from './helpers';
import { insertOrder } from './ops-fixtures';
import { ROOT } from './server-process';

const onServer = process.env.TEST_DB === 'postgres';
let work: string;
let dataDir: string;
let serverDb: Database | undefined;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'mc-backup-'));
  dataDir = join(work, 'data');
});
afterAll(async () => {
  await serverDb?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The database under test: a PostgreSQL database of its own, or an embedded one in DATA_DIR. */
async function open(): Promise<Database> {
  if (onServer) {
    serverDb ??= await freshDatabase();
    // The test's handle stays open (closing it drops the database); a second one works beside it.
    return openDatabase({ url: serverDb.url! });
  }
  return openDatabase({ dataDir: join(dataDir, 'db'), loadDataDir: migratedSnapshot() });
}
const reopen = () =>
  onServer ? openDatabase({ url: serverDb!.url! }) : openDatabase({ dataDir: join(dataDir, 'db') });

function cli(command: string, file: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  if (onServer) env.DATABASE_URL = serverDb!.url!;
  else delete env.DATABASE_URL;
  const args = ['--import', 'tsx', 'apps/server/src/ops/backup-cli.ts', command, file];
  return spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8' });
}

async function snapshot(db: Database) {
  const rows = await db.db.select().from(orders).orderBy(asc(orders.number));
  const items = await db.db.select().from(orderItems).orderBy(asc(orderItems.id));
  return { orders: rows, items };
}

describe(`db:backup / db:restore (${onServer ? 'pg_dump' : 'embedded'})`, () => {
  it('a backup restores to the same orders, undoing what came after it', async () => {
    let db = await open();
    const t = await createTestApp({}, db);
    const owner = await signupOwner(t);
    for (let i = 0; i < 3; i++) await insertOrder(t, owner.restaurantId, {}, { event: true });
    const before = await snapshot(db);
    expect(before.orders).toHaveLength(3);
    await t.close();

    const file = join(work, onServer ? 'copia.dump' : 'copia.tar.gz');
    const backup = cli('backup', file);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('Backup salvo');
    // Readable by the server's user only: a backup holds every customer's data.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(work).mode & 0o777).toBe(0o700);

    // Life goes on after the backup: one more order, one cancelled.
    db = await reopen();
    const later = await createTestApp({}, db);
    await insertOrder(later, owner.restaurantId);
    await db.db.update(orders).set({ status: 'cancelled' });
    await later.close();

    const restore = cli('restore', file);
    expect(restore.status, restore.stderr).toBe(0);
    db = await reopen();
    try {
      expect(await snapshot(db)).toEqual(before);
    } finally {
      await db.close();
    }
  }, 120_000);

  it.skipIf(onServer)('refuses while a server is using the embedded database', async () => {
    const release = claimDataDir(dataDir);
    try {
      const refused = cli('backup', join(work, 'outra.tar.gz'));
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('pare-o antes do backup');
    } finally {
      release();
    }
  });
});
