import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Owner, signupOwner, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
});
afterAll(async () => {
  await t.close();
});

const cookieOf = (client: TestClient) =>
  [...(client as unknown as { cookies: Map<string, string> }).cookies].map(([k, v]) => `${k}=${v}`).join('; ');

const upload = (body: Buffer, contentType: string) =>
  t.app.request('http://localhost/api/admin/files', {
    method: 'POST',
    headers: {
      origin: 'http://localhost',
      host: 'localhost',
      cookie: cookieOf(owner.client),
      'content-type': contentType,
    },
    body: new Uint8Array(body),
  });

async function served(url: string) {
  const res = await t.app.request(`http://localhost${url}`);
  expect(res.status).toBe(200);
  const data = Buffer.from(await res.arrayBuffer());
  return { type: res.headers.get('content-type'), bytes: data.length, ...(await sharp(data).metadata()) };
}

/** A phone photo: 4000 × 3000 of noise (so it does not compress to nothing), held sideways by EXIF. */
async function phonePhoto() {
  const { data, info } = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c62828' } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) data[i] = (data[i] + ((i * 2654435761) >>> 24)) & 0xff;
  return sharp(data, { raw: info })
    .resize(4000, 3000, { kernel: 'nearest' })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('uploaded photos', () => {
  it('are kept upright as WebP in the standard widths, never as the camera sent them', async () => {
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(1_000_000);
    const res = await upload(photo, 'image/jpeg');
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?widths=320,640,1280$/);

    // Orientation 6 turns it a quarter: 3000 wide upright, so 1280 × 1707.
    const largest = await served(url);
    expect(largest).toMatchObject({ type: 'image/webp', width: 1280, height: 1707 });
    expect(largest.bytes).toBeLessThan(photo.length / 3);
    const base = url.split('?')[0];
    expect(await served(`${base}?w=640`)).toMatchObject({ type: 'image/webp', width: 640 });
    expect(await served(`${base}?w=320`)).toMatchObject({ type: 'image/webp', width: 320 });
    // A width it was not kept in answers the file itself.
    expect(await served(`${base}?w=999`)).toMatchObject({ width: 1280 });
  });

  it('are never enlarged', async () => {
    const small = await sharp({ create: { width: 500, height: 250, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await upload(small, 'image/png');
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/\?widths=320,500$/);
    expect(await served(url)).toMatchObject({ width: 500, height: 250 });
  });

  it('refuses a file with an image header but an unreadable body', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const res = await upload(broken, 'image/jpeg');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { title: string } }).error.title).toBe('Imagem inválida');
  });
});
