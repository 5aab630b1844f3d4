import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { restaurantSecrets } from '@meucardapio/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionForTools } from '../src/ops/backup';
import { sealStoredSecrets } from '../src/ops/secrets-key';
import { createTestApp, type Owner, signupOwner, type TestApp } from './helpers';
import { killGroup, SERVER_ENTRY, type Started, serverWorkspace, startServer, type Workspace } from './server-process';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('the server process keeps its files to itself', () => {
  let space: Workspace;
  let server: Started | undefined;
  beforeAll(async () => {
    space = await serverWorkspace('mc-files-');
  });
  afterAll(async () => {
    killGroup(server);
    await space?.close();
  });

  it('DATA_DIR and every folder in it are 0700 and the secrets key 0600, whatever the umask it started with', async () => {
    const dataDir = join(space.work, 'data');
    server = await startServer(SERVER_ENTRY, { ...space.env, DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'secrets.key'))).toBe(0o600);
    // PGlite sets its files' modes itself; no other user can reach them through these folders.
    const folders = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((f) => f.isDirectory());
    if (!space.database) expect(folders.length).toBeGreaterThan(3);
    for (const f of folders) expect(mode(join(f.parentPath, f.name)), f.name).toBe(0o700);
    server.proc.kill('SIGTERM');
    await server.exit;
  }, 120_000);
});

describe('restaurant secrets at rest', () => {
  let t: TestApp;
  let owner: Owner;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signupOwner(t);
  });
  afterAll(() => t?.close());

  const raw = async (restaurantId: string) =>
    (
      await t.db.execute<{ token: string | null; key: string | null }>(
        sql`select nuvemfiscal_api_token as token, whatsapp_api_key as key from restaurant_secrets where restaurant_id = ${restaurantId}`,
      )
    ).rows[0];

  it('are stored sealed and read back in the clear by the server', async () => {
    const saved = await owner.client.put('/api/admin/settings/fiscal', {
      nomeRazaoSocial: 'Cantina Segura LTDA',
      nuvemfiscalApiToken: 'tok-SEGREDO-fiscal-123',
    });
    expect(saved.status).toBe(200);
    const stored = await raw(owner.restaurantId);
    expect(stored.token).toMatch(/^v1:/);
    expect(stored.token).not.toContain('SEGREDO');
    const [read] = await t.db
      .select({ token: restaurantSecrets.nuvemfiscalApiToken })
      .from(restaurantSecrets)
      .where(eq(restaurantSecrets.restaurantId, owner.restaurantId));
    expect(read.token).toBe('tok-SEGREDO-fiscal-123');
  });

  it('stored in the clear before sealing existed are sealed at start', async () => {
    const other = await signupOwner(t);
    await t.db.execute(
      sql`insert into restaurant_secrets (restaurant_id, whatsapp_api_key) values (${other.restaurantId}, 'chave-antiga-whatsapp')`,
    );
    expect((await raw(other.restaurantId)).key).toBe('chave-antiga-whatsapp');
    expect(await sealStoredSecrets(t.db)).toBeGreaterThanOrEqual(1);
    expect((await raw(other.restaurantId)).key).toMatch(/^v1:/);
    const [read] = await t.db
      .select({ key: restaurantSecrets.whatsappApiKey })
      .from(restaurantSecrets)
      .where(eq(restaurantSecrets.restaurantId, other.restaurantId));
    expect(read.key).toBe('chave-antiga-whatsapp');
    expect(await sealStoredSecrets(t.db)).toBe(0);
  });
});

describe('backups', () => {
  it('pg_dump and pg_restore get the password in their environment, never on the command line', () => {
    const { url, env } = connectionForTools('postgres://app:s%40nh%40-forte@db.interno:5432/meucardapio');
    expect(url).toBe('postgres://app@db.interno:5432/meucardapio');
    expect(url).not.toContain('forte');
    expect(env.PGPASSWORD).toBe('s@nh@-forte');
    expect(connectionForTools('postgres://app@db/meucardapio').env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });
});
