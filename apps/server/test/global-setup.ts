import { mkdirSync, writeFileSync } from 'node:fs';
import { openDatabase } from '@meucardapio/db/client';
import { adminQuery, SNAPSHOT_PATH, TEMPLATE_DB, withDatabase } from '@meucardapio/db/testing';

/** Migrates once per run; each test file then copies the result instead of migrating again. */
export default async function setup() {
  mkdirSync('.tmp', { recursive: true });
  const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (serverUrl) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await adminQuery(serverUrl, `CREATE DATABASE ${TEMPLATE_DB}`);
    const db = await openDatabase({ url: withDatabase(serverUrl, TEMPLATE_DB) });
    await db.migrate();
    await db.close();
    return;
  }
  const db = await openDatabase({});
  await db.migrate();
  const dump = await db.dumpDataDir!();
  writeFileSync(SNAPSHOT_PATH, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}
