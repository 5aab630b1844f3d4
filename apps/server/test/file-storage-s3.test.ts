import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { files } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Owner, signupOwner, type TestApp } from './helpers';
import { noisyPng } from './upload-fixtures';

const BUCKET = 'cardapio-arquivos';
let s3: S3rver;
let s3Dir: string;
let bucket: S3Client;
let t: TestApp;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'mc-s3rver-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    FILE_STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: '1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    FILE_QUOTA_MB: '1',
  });
  bucket = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const upload = (owner: Owner, data: Buffer, type: string) =>
  owner.client.request('POST', '/api/admin/files', new Uint8Array(data), { 'content-type': type });

async function keysInBucket() {
  const out = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'files/' }));
  return (out.Contents ?? []).map((o) => o.Key?.slice('files/'.length));
}

describe('FILE_STORAGE=s3', () => {
  let owner: Owner;

  it('keeps the bytes in the bucket and what they are in the database; reads stream with ETag and 304', async () => {
    owner = await signupOwner(t);
    const res = await upload(owner, await noisyPng(800, 600), 'image/png');
    expect(res.status).toBe(201);
    const rows = await t.db.select().from(files).where(eq(files.restaurantId, owner.restaurantId));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.data).toBeNull();
    expect((await keysInBucket()).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(readdirSync(t.deps.config.DATA_DIR)).not.toContain('files');

    const url = res.body.url.split('?')[0];
    const served = await t.app.request(`http://localhost${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(800);
    const etag = served.headers.get('etag') ?? '';
    const again = await t.app.request(`http://localhost${url}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('an upload refused by the quota leaves nothing in the bucket', async () => {
    const photo = await noisyPng(800, 600);
    expect((await upload(owner, photo, 'image/png')).status).toBe(201);
    const refused = await upload(owner, photo, 'image/png');
    expect(refused.status).toBe(409);
    expect(refused.body.error.title).toBe('Espaço para imagens esgotado');
    const rows = await t.db.select({ id: files.id }).from(files).where(eq(files.restaurantId, owner.restaurantId));
    expect(rows).toHaveLength(6);
    expect((await keysInBucket()).sort()).toEqual(rows.map((r) => r.id).sort());
  });
});
