import { outboundMessages, restaurantSecrets, restaurants } from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Messenger, OutgoingMessage } from '../src/integrations/messaging/messenger';
import { createEmployee, createTestApp, type Owner, signupOwner, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let owner: Owner;
let other: Owner;
let kitchen: TestClient;
let waiter: TestClient;
let cashier: TestClient;
let reviewer: TestClient;

const SECRETS = {
  nuvemfiscalApiToken: 'tok-SEGREDO-fiscal-123',
  nuvemfiscalClientId: 'cid-SEGREDO-456',
  nuvemfiscalClientSecret: 'csec-SEGREDO-789',
};
const WA_KEY = 'wa-SEGREDO-key-000';
const secretValues = [...Object.values(SECRETS), WA_KEY];

const general = (over: Record<string, unknown> = {}) => ({
  name: 'Pizzaria Bella',
  slug: `bella-${Date.now().toString(36)}`,
  description: 'A melhor pizza do bairro',
  logoUrl: null,
  bannerUrl: 'https://exemplo.com/banner.png',
  primaryColor: '#DC2626',
  secondaryColor: '#fef3c7',
  buttonColor: '#16a34a',
  timezone: 'America/Sao_Paulo',
  businessSegment: 'restaurant',
  appClientReferrer: 'pizzariabella',
  originPostalCode: '01310100',
  whatsapp: '(11) 98765-4321',
  cnpj: '11222333000181',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  other = await signupOwner(t);
  kitchen = (await createEmployee(t, owner, { profileType: 'kitchen' })).client;
  waiter = (await createEmployee(t, owner, { profileType: 'waiter' })).client;
  cashier = (await createEmployee(t, owner, { profileType: 'cashier' })).client;
  reviewer = (
    await createEmployee(t, owner, {
      profileType: 'custom',
      profileName: 'Avaliações',
      permissions: { manage_reviews: true },
    })
  ).client;
});
afterAll(async () => {
  await t?.close();
});

describe('general settings', () => {
  it('saves and reads back every field, normalised', async () => {
    const body = general();
    const res = await owner.client.put('/api/admin/settings/general', body);
    expect(res.status, res.text).toBe(200);
    expect(res.body.general).toMatchObject({
      name: 'Pizzaria Bella',
      slug: body.slug,
      primaryColor: '#dc2626',
      originPostalCode: '01310-100',
      whatsapp: '11987654321',
      cnpj: '11.222.333/0001-81',
      appClientReferrer: 'pizzariabella',
    });
    expect(res.body.tabs).toEqual([
      'general',
      'hours',
      'tables',
      'reviews',
      'fiscal',
      'whatsapp',
      'printers',
      'integrations',
    ]);
    // The public menu answers at the new slug.
    const menu = await t.client().get(`/api/public/restaurants/${body.slug}/menu`);
    expect(menu.status).toBe(200);
  });

  it("keeps the restaurant's point on the map as pasted; refuses what is not one; another restaurant's stays", async () => {
    const res = await owner.client.put(
      '/api/admin/settings/general',
      general({ coordinates: '-23,561414; -46,655881' }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.general.coordinates).toBe('-23.561414, -46.655881');
    const bad = await owner.client.put('/api/admin/settings/general', general({ coordinates: '0, 0' }));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Localização inválida');
    const kept = await owner.client.get('/api/admin/settings');
    expect(kept.body.general.coordinates).toBe('-23.561414, -46.655881');
    expect((await other.client.get('/api/admin/settings')).body.general.coordinates).toBeNull();
    // Emptied: the apps are no longer given a point.
    const cleared = await owner.client.put('/api/admin/settings/general', general({ coordinates: '' }));
    expect(cleared.body.general.coordinates).toBeNull();
  });

  it('keeps an uploaded logo and banner with their widths; refuses other addresses', async () => {
    const logoUrl = '/api/files/0b5f6c1e-7a7e-4c5d-9a51-1f0d3c2b4a99?widths=320,640,1280';
    const bannerUrl = '/api/files/0b5f6c1e-7a7e-4c5d-9a51-1f0d3c2b4a98?widths=320,500';
    const res = await owner.client.put('/api/admin/settings/general', general({ logoUrl, bannerUrl }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.general).toMatchObject({ logoUrl, bannerUrl });
    const bad = await owner.client.put('/api/admin/settings/general', general({ logoUrl: 'javascript:alert(1)' }));
    expect(bad.status).toBe(400);
  });

  it('refuses a blank name, bad slugs, a taken slug, bad colours and time zones', async () => {
    const blank = await owner.client.put('/api/admin/settings/general', general({ name: '  ' }));
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatchObject({
      title: 'Nome obrigatório',
      description: 'O nome do restaurante é obrigatório.',
    });
    for (const slug of [
      'admin',
      'auth',
      'landing',
      'customer',
      'api',
      'review',
      'payment-callback',
      'customer-dashboard',
    ]) {
      const res = await owner.client.put('/api/admin/settings/general', general({ slug }));
      expect(res.status, slug).toBe(400);
      expect(res.body.error.description).toMatch(/reservado/);
    }
    for (const slug of ['com espaço', 'ação', 'a/b', '-x', '']) {
      const res = await owner.client.put('/api/admin/settings/general', general({ slug }));
      expect(res.status, slug).toBe(400);
    }
    const taken = await owner.client.put('/api/admin/settings/general', general({ slug: other.slug }));
    expect(taken.status).toBe(409);
    expect(taken.body.error.title).toBe('Endereço em uso');
    for (const over of [
      { primaryColor: 'red' },
      { timezone: 'Mars/Base' },
      { cnpj: '123' },
      { originPostalCode: '1' },
      { logoUrl: 'javascript:x' },
    ]) {
      const res = await owner.client.put('/api/admin/settings/general', general(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.error.title).toBe('Dados inválidos');
    }
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants.id, other.restaurantId));
    expect(row.slug).toBe(other.slug);
  });
});

describe('reviews settings', () => {
  it('saves with manage_reviews; rating 1–5 step 0.1; count ≥ 0; URL', async () => {
    const ok = await reviewer.put('/api/admin/settings/reviews', {
      showReviewsOnMenu: false,
      requireReviewApproval: true,
      googleRating: 4.7,
      googleReviewsCount: 321,
      googleMyBusinessUrl: 'https://g.page/bella',
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.tabs).toEqual(['reviews']);
    expect(ok.body.reviews).toEqual({
      showReviewsOnMenu: false,
      requireReviewApproval: true,
      googleRating: 4.7,
      googleReviewsCount: 321,
      googleMyBusinessUrl: 'https://g.page/bella',
    });
    expect(ok.body).not.toHaveProperty('general');
    expect(ok.body).not.toHaveProperty('fiscal');
    const base = { showReviewsOnMenu: true, requireReviewApproval: false };
    for (const over of [
      { googleRating: 0.5 },
      { googleRating: 5.1 },
      { googleRating: 4.55 },
      { googleReviewsCount: -1 },
      { googleMyBusinessUrl: 'ftp://x' },
    ]) {
      const res = await owner.client.put('/api/admin/settings/reviews', { ...base, ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
    }
    // A reviews manager cannot touch the general tab.
    const denied = await reviewer.put('/api/admin/settings/general', general());
    expect(denied.status).toBe(403);
  });
});

describe('secrets are write-only', () => {
  it('fiscal secrets are saved, never returned, and blank keeps them', async () => {
    const res = await owner.client.put('/api/admin/settings/fiscal', {
      nomeRazaoSocial: 'Bella Pizzas LTDA',
      inscricaoMunicipal: '123',
      inscricaoEstadual: '456',
      ...SECRETS,
    });
    expect(res.status).toBe(200);
    expect(res.body.fiscal).toMatchObject({
      nomeRazaoSocial: 'Bella Pizzas LTDA',
      configured: { nuvemfiscalApiToken: true, nuvemfiscalClientId: true, nuvemfiscalClientSecret: true },
    });
    const keep = await owner.client.put('/api/admin/settings/fiscal', {
      nomeRazaoSocial: 'Bella Pizzas LTDA',
      nuvemfiscalApiToken: '',
      nuvemfiscalClientId: null,
    });
    expect(keep.status).toBe(200);
    const [s] = await t.db
      .select()
      .from(restaurantSecrets)
      .where(eq(restaurantSecrets.restaurantId, owner.restaurantId));
    expect(s).toMatchObject(SECRETS);
    expect(keep.body.fiscal.inscricaoMunicipal).toBeNull();
  });

  it('the WhatsApp key is required, saved and never returned', async () => {
    const missing = await owner.client.put('/api/admin/settings/whatsapp', { apiKey: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.title).toBe('API Key obrigatória');
    const res = await owner.client.put('/api/admin/settings/whatsapp', { apiKey: WA_KEY });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, configured: { apiKey: true } });
    const s = await owner.client.get('/api/admin/settings');
    expect(s.body.whatsapp.configured.apiKey).toBe(true);
  });

  it('no settings or catalogue response contains a secret', async () => {
    // Every readable endpoint of these screens, as the owner and as employees.
    const paths = [
      '/api/admin/settings',
      '/api/admin/products',
      '/api/admin/categories',
      '/api/admin/pizza-flavors',
      '/api/admin/stock/products',
      '/api/admin/stock/entries',
      '/api/admin/employees',
      '/api/admin/profiles',
      '/api/auth/me',
      `/api/public/restaurants/${(await owner.client.get('/api/auth/me')).body.user.restaurant.slug}/menu`,
    ];
    const texts: string[] = [];
    for (const client of [owner.client, reviewer, cashier]) {
      for (const p of paths) texts.push((await client.get(p)).text);
    }
    texts.push((await owner.client.put('/api/admin/settings/fiscal', { nomeRazaoSocial: 'X', ...SECRETS })).text);
    texts.push((await owner.client.put('/api/admin/settings/whatsapp', { apiKey: WA_KEY })).text);
    texts.push((await owner.client.put('/api/admin/settings/general', general())).text);
    texts.push((await owner.client.post('/api/admin/settings/whatsapp/test', { phone: '11987654321' })).text);
    for (const text of texts) for (const secret of secretValues) expect(text).not.toContain(secret);
  });
});

describe('WhatsApp test message', () => {
  it('sends through the messaging interface and records it', async () => {
    const sent: OutgoingMessage[] = [];
    const original = t.deps.integrations.messaging;
    const counting: Messenger = { kind: 'simulator', send: async (m) => void sent.push(m) };
    t.deps.integrations.messaging = counting;
    try {
      await owner.client.put('/api/admin/settings/whatsapp', { apiKey: WA_KEY });
      const res = await owner.client.post('/api/admin/settings/whatsapp/test', {
        phone: '(11) 98765-4321',
        message: 'Olá!',
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(sent).toEqual([
        { restaurantId: owner.restaurantId, phone: '5511987654321', body: 'Olá!', apiKey: WA_KEY },
      ]);
      const rows = await t.db
        .select()
        .from(outboundMessages)
        .where(and(eq(outboundMessages.restaurantId, owner.restaurantId), eq(outboundMessages.kind, 'test')));
      expect(rows.some((r) => r.status === 'sent' && r.body === 'Olá!')).toBe(true);
    } finally {
      t.deps.integrations.messaging = original;
    }
  });

  it("requires a number ('Número obrigatório') and maps provider failures to 'Erro no teste'", async () => {
    const missing = await owner.client.post('/api/admin/settings/whatsapp/test', { phone: ' ', message: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.title).toBe('Número obrigatório');
    const short = await owner.client.post('/api/admin/settings/whatsapp/test', { phone: '1234' });
    expect(short.status).toBe(400);

    const original = t.deps.integrations.messaging;
    try {
      t.deps.integrations.messaging = {
        kind: 'http',
        send: async () => {
          throw new Error('WhatsApp API respondeu 401: unauthorized');
        },
      };
      const bad = await owner.client.post('/api/admin/settings/whatsapp/test', { phone: '5511987654321' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.title).toBe('Erro no teste');
      expect(bad.body.error.description).toMatch(/^API key inválida/);

      t.deps.integrations.messaging = {
        kind: 'http',
        send: async () => {
          throw new Error('Número sem WhatsApp');
        },
      };
      const other = await owner.client.post('/api/admin/settings/whatsapp/test', { phone: '5511987654321' });
      expect(other.body.error).toMatchObject({ title: 'Erro no teste', description: 'Número sem WhatsApp' });
    } finally {
      t.deps.integrations.messaging = original;
    }
  });
});

describe('permissions and tenant', () => {
  it('tabs by permission; no tab → empty; every write refused without its permission', async () => {
    for (const client of [kitchen, waiter, cashier]) {
      const s = await client.get('/api/admin/settings');
      expect(s.status).toBe(200);
      expect(s.body.tabs).toEqual([]);
      expect(s.body).not.toHaveProperty('general');
      for (const res of [
        await client.put('/api/admin/settings/general', general()),
        await client.put('/api/admin/settings/reviews', { showReviewsOnMenu: true, requireReviewApproval: false }),
        await client.put('/api/admin/settings/fiscal', { nomeRazaoSocial: 'X', ...SECRETS }),
        await client.put('/api/admin/settings/whatsapp', { apiKey: 'outra' }),
        await client.post('/api/admin/settings/whatsapp/test', { phone: '5511987654321' }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.error.description).toBe('Você não tem permissão para acessar as configurações.');
      }
    }
    expect((await t.client().get('/api/admin/settings')).status).toBe(401);
    const [s] = await t.db
      .select()
      .from(restaurantSecrets)
      .where(eq(restaurantSecrets.restaurantId, owner.restaurantId));
    expect(s.whatsappApiKey).toBe(WA_KEY);
  });

  it("a restaurant's settings writes only touch its own restaurant", async () => {
    const before = (await t.db.select().from(restaurants).where(eq(restaurants.id, owner.restaurantId)))[0];
    const res = await other.client.put('/api/admin/settings/general', general({ name: 'Outro nome' }));
    expect(res.status).toBe(200);
    const after = (await t.db.select().from(restaurants).where(eq(restaurants.id, owner.restaurantId)))[0];
    expect(after.name).toBe(before.name);
    expect(after.slug).toBe(before.slug);
    const otherSettings = await other.client.get('/api/admin/settings');
    expect(otherSettings.body.fiscal.configured.nuvemfiscalApiToken).toBe(false);
  });
});
