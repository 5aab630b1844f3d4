import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { files } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesKept } from '../src/modules/files/file-store';
import { createTestApp, type Owner, signupOwner, type TestApp } from './helpers';
import { fiveMegabyteGif, noisyPng } from './upload-fixtures';

let t: TestApp;
let limited: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  limited = await createTestApp({ UPLOADS_PER_HOUR: '4', FILE_QUOTA_MB: '1' });
});
afterAll(async () => {
  await t?.close();
  await limited?.close();
});

const upload = (owner: Owner, data: Buffer, type: string) =>
  owner.client.request('POST', '/api/admin/files', new Uint8Array(data), { 'content-type': type });

const smallPng = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer();

/** Files kept on disk under the app's DATA_DIR. */
function filesOnDisk(app: TestApp): string[] {
  const root = join(app.deps.config.DATA_DIR, 'files');
  try {
    return readdirSync(root).flatMap((dir) => readdirSync(join(root, dir)));
  } catch {
    return [];
  }
}

describe('animated uploads', () => {
  it('a 5 MB GIF is kept animated as WebP, at most 640 px wide, in a fraction of its bytes', async () => {
    const owner = await signupOwner(t);
    const gif = fiveMegabyteGif();
    expect(gif.length).toBeGreaterThan(4.5 * 1024 * 1024);
    const res = await upload(owner, gif, 'image/gif');
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?widths=320,640$/);
    const served = await t.app.request(`http://localhost${res.body.url.split('?')[0]}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes, { animated: true }).metadata();
    expect(meta.pages).toBe(26);
    expect(meta.width).toBe(640);
    expect(await bytesKept(t.db, owner.restaurantId)).toBeLessThan(gif.length / 4);
  });
});

describe('file bytes out of the database', () => {
  it('an upload keeps its bytes in DATA_DIR/files and only what it is in the database; reads stream with ETag and 304', async () => {
    const owner = await signupOwner(t);
    const before = filesOnDisk(t).length;
    const res = await upload(owner, await noisyPng(800, 600), 'image/png');
    expect(res.status).toBe(201);
    const rows = await t.db.select().from(files).where(eq(files.restaurantId, owner.restaurantId));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.data).toBeNull();
    expect(filesOnDisk(t).length - before).toBe(3);

    const url = res.body.url.split('?')[0];
    const first = await t.app.request(`http://localhost${url}?w=640`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await first.arrayBuffer());
    expect(Number(first.headers.get('content-length'))).toBe(body.length);
    expect((await sharp(body).metadata()).width).toBe(640);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await t.app.request(`http://localhost${url}?w=640`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('a file stored before, with its bytes in its row, is still served', async () => {
    const owner = await signupOwner(t);
    const id = randomUUID();
    const data = Buffer.from('GIF89a legacy');
    await t.db.insert(files).values({
      id,
      restaurantId: owner.restaurantId,
      contentType: 'image/gif',
      size: data.length,
      sha256: 'a'.repeat(64),
      data,
    });
    const res = await t.client().get(`/api/files/${id}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('GIF89a legacy');
    expect(res.headers.get('etag')).toBe(`"${'a'.repeat(64)}"`);
  });

  it("another restaurant's menu is served while a 5 MB GIF is uploaded, and the GIF is kept small", async () => {
    const uploader = await signupOwner(t);
    const other = await signupOwner(t);
    const gif = fiveMegabyteGif();
    const menu = `/api/public/restaurants/${other.slug}/menu`;
    const reader = t.client();
    expect((await reader.get(menu)).status).toBe(200);
    let done = false;
    const sent = upload(uploader, gif, 'image/gif').finally(() => {
      done = true;
    });
    // The upload's image work runs off the request loop: menus keep being answered while it goes on.
    let served = 0;
    while (!done) {
      expect((await reader.get(menu)).status).toBe(200);
      served++;
      await sleep(5);
    }
    expect((await sent).status).toBe(201);
    expect(served).toBeGreaterThan(1);
    expect(await bytesKept(t.db, uploader.restaurantId)).toBeLessThan(gif.length / 2);
  });
});

describe('per-restaurant limits', () => {
  it('a restaurant uploads at most UPLOADS_PER_HOUR images an hour; another restaurant is not held back', async () => {
    const busy = await signupOwner(limited);
    const png = await smallPng();
    for (let i = 0; i < 4; i++) expect((await upload(busy, png, 'image/png')).status).toBe(201);
    const refused = await upload(busy, png, 'image/png');
    expect(refused.status).toBe(429);
    expect(refused.body.error.description).toBe(
      'Muitas imagens enviadas em pouco tempo. Aguarde alguns minutos e tente novamente.',
    );
    const calm = await signupOwner(limited);
    expect((await upload(calm, png, 'image/png')).status).toBe(201);
  });

  it('a restaurant keeps at most FILE_QUOTA_MB, even with uploads at once; refused bytes are not kept', async () => {
    const owner = await signupOwner(limited);
    const photo = await noisyPng(800, 600);
    expect((await upload(owner, photo, 'image/png')).status).toBe(201);
    const onDisk = filesOnDisk(limited).length;
    const results = await Promise.all([1, 2, 3].map(() => upload(owner, photo, 'image/png')));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const refused = results.find((r) => r.status === 409);
    expect(refused?.body.error.title).toBe('Espaço para imagens esgotado');
    expect(refused?.body.error.description).toMatch(/^Sua loja já guarda 0,\d MB de 1 MB em imagens\./);
    expect(await bytesKept(limited.db, owner.restaurantId)).toBeLessThanOrEqual(1024 * 1024);
    expect(filesOnDisk(limited).length - onDisk).toBe(3);
  });
});
