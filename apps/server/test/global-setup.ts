import { mkdirSync, writeFileSync } from 'node:fs';
import { openDatabase } from '@meucardapio/db/client';
import { adminQuery, dropFileDatabases, SNAPSHOT_PATH, templateDatabase, withDatabase } from '@meucardapio/db/testing';

/** Migrates once per run; each test file then copies the result instead of migrating again. */
export default async function setup() {
  mkdirSync('.tmp', { recursive: true });
  const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (serverUrl) {
    const template = templateDatabase(serverUrl);
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
    const db = await openDatabase({ url: withDatabase(serverUrl, template) });
    await db.migrate();
    await db.close();
    return async () => {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await dropFileDatabases(serverUrl);
    };
  }
  const db = await openDatabase({});
  await db.migrate();
  const dump = await db.dumpDataDir!();
  writeFileSync(SNAPSHOT_PATH, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}
