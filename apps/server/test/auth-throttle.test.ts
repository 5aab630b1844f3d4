import { rateLimits } from '@meucardapio/db/schema';
import { MSG } from '@meucardapio/domain/messages';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, signupOwner, TEST_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const statuses = (list: { status: number }[]) => list.map((r) => r.status);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

describe('sign-in throttling', () => {
  it('counts parallel wrong guesses before checking them: no more than 5 get through', async () => {
    const owner = await signupOwner(t);
    const attacker = t.client();
    const answers = statuses(
      await Promise.all(
        Array.from({ length: 20 }, () => attacker.post('/api/auth/login', { email: owner.email, password: 'chute' })),
      ),
    );
    expect(count(answers, 401)).toBe(5);
    expect(count(answers, 429)).toBe(15);
    const right = await attacker.post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD });
    expect(right.status).toBe(429);
    expect(right.body.error).toMatchObject({ title: 'Muitas tentativas', description: MSG.tooManyAttempts });
  });

  it('a stranger guessing from one address does not lock the owner out on another', async () => {
    const owner = await signupOwner(t);
    const stranger = t.client();
    for (let i = 0; i < 6; i++) await stranger.post('/api/auth/login', { email: owner.email, password: 'chute' });
    expect((await stranger.post('/api/auth/login', { email: owner.email, password: 'chute' })).status).toBe(429);
    const me = await t.client().post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD });
    expect(me.status).toBe(200);
  });

  it('the storefront sign-in is throttled per account and address too', async () => {
    const owner = await signupOwner(t);
    const customer = await registerCustomer(t, owner.slug);
    const path = `/api/public/restaurants/${owner.slug}/customers/login`;
    const attacker = t.client();
    const answers = statuses(
      await Promise.all(
        Array.from({ length: 10 }, () => attacker.post(path, { email: customer.email, password: 'chute' })),
      ),
    );
    expect(count(answers, 401)).toBe(5);
    expect(count(answers, 429)).toBe(5);
    expect((await t.client().post(path, { email: customer.email, password: 'senha123' })).status).toBe(200);
  });

  it('backs off: a key that reached its limit waits twice as long the next time', async () => {
    const owner = await signupOwner(t);
    const attacker = t.client();
    const guess = () => attacker.post('/api/auth/login', { email: owner.email, password: 'chute' });
    for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(429);
    const key = `login:acct-ip:${owner.email}|${attacker.ip}`;
    // The first window ends (moved into the past instead of waiting 15 minutes).
    await t.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateLimits.key, key));
    for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(429);
    const [row] = await t.db
      .select({
        strikes: rateLimits.strikes,
        longWindow: sql<boolean>`${rateLimits.resetAt} > now() + interval '29 minutes'`,
      })
      .from(rateLimits)
      .where(eq(rateLimits.key, key));
    expect(row).toEqual({ strikes: 1, longWindow: true });
    // The owner's success from that address forgets the strikes.
    await t.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateLimits.key, key));
    const ok = await attacker.post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect(await t.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([]);
  });

  it('ignores X-Forwarded-For by default: rotating it does not escape the per-address limit', async () => {
    const attacker = t.client();
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await attacker.post(
        '/api/auth/login',
        { email: `ninguem-${i}@teste.com.br`, password: 'chute' },
        { 'x-forwarded-for': `198.51.100.${i}` },
      );
      answers.push(res.status);
    }
    expect(count(answers, 401)).toBe(30);
    expect(answers[30]).toBe(429);
  });
});

describe('IPv6 clients', () => {
  it('count by their /64: hopping addresses inside it does not escape the limit', async () => {
    const owner = await signupOwner(t);
    const guess = (n: number) =>
      t
        .client(`2001:db8:abcd:12::${n.toString(16)}`)
        .post('/api/auth/login', { email: owner.email, password: 'chute' });
    for (let i = 1; i <= 5; i++) expect((await guess(i)).status).toBe(401);
    expect((await guess(6)).status).toBe(429);
    const otherNetwork = await t
      .client('2001:db8:abcd:13::1')
      .post('/api/auth/login', { email: owner.email, password: 'chute' });
    expect(otherNetwork.status).toBe(401);
  });
});

describe('X-Forwarded-For behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '192.0.2.1' });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('tells clients apart by the address the proxy forwards, and only from that proxy', async () => {
    const owner = await signupOwner(proxied);
    const viaProxy = proxied.client('192.0.2.1');
    const guess = (ip: string) =>
      viaProxy.post('/api/auth/login', { email: owner.email, password: 'chute' }, { 'x-forwarded-for': ip });
    for (let i = 0; i < 5; i++) await guess('203.0.113.50');
    expect((await guess('203.0.113.50')).status).toBe(429);
    expect((await guess('203.0.113.51')).status).toBe(401);
    // Another peer is not the proxy: its X-Forwarded-For is its own claim and is ignored.
    const direct = proxied.client('192.0.2.99');
    for (let i = 0; i < 5; i++) {
      await direct.post(
        '/api/auth/login',
        { email: owner.email, password: 'chute' },
        { 'x-forwarded-for': `10.9.9.${i}` },
      );
    }
    const sixth = await direct.post(
      '/api/auth/login',
      { email: owner.email, password: 'chute' },
      { 'x-forwarded-for': '10.9.9.77' },
    );
    expect(sixth.status).toBe(429);
  });
});

describe('public actions are throttled per address', () => {
  async function until429(send: () => Promise<{ status: number }>, allowed: number) {
    const answers: number[] = [];
    for (let i = 0; i <= allowed; i++) answers.push((await send()).status);
    expect(count(answers.slice(0, allowed), 429)).toBe(0);
    expect(answers[allowed]).toBe(429);
  }

  it('owner sign-up: 10 an hour', async () => {
    const client = t.client();
    let n = 0;
    await until429(
      () =>
        client.post('/api/auth/signup', { name: 'Dona', email: `massa-${++n}@teste.com.br`, password: TEST_PASSWORD }),
      10,
    );
    const res = await client.post('/api/auth/signup', {
      name: 'Dona',
      email: 'mais@teste.com.br',
      password: TEST_PASSWORD,
    });
    expect(res.body.error).toMatchObject({ title: 'Muitas tentativas', description: MSG.tooManyRequests });
  });

  it('owner sign-up: SIGNUPS_PER_HOUR raises the limit', async () => {
    const roomy = await createTestApp({ SIGNUPS_PER_HOUR: '12' });
    try {
      const client = roomy.client();
      let n = 0;
      await until429(
        () =>
          client.post('/api/auth/signup', {
            name: 'Dona',
            email: `roomy-${++n}@teste.com.br`,
            password: TEST_PASSWORD,
          }),
        12,
      );
    } finally {
      await roomy.close();
    }
  });

  it('customer registration: 20 an hour', async () => {
    const owner = await signupOwner(t);
    const client = t.client();
    let n = 0;
    await until429(
      () =>
        client.post(`/api/public/restaurants/${owner.slug}/customers/register`, {
          name: 'Cliente',
          phone: '11987654321',
          email: `massa-${++n}@teste.com.br`,
          password: 'senha123',
          cep: '01310100',
          address: 'Avenida Paulista',
          number: '1000',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
        }),
      20,
    );
  });

  it('password recovery: 10 per quarter hour, staff and storefront alike', async () => {
    const owner = await signupOwner(t);
    const client = t.client();
    await until429(() => client.post('/api/auth/recover', { email: 'alguem@teste.com.br' }), 10);
    const other = t.client();
    await until429(
      () => other.post(`/api/public/restaurants/${owner.slug}/customers/recover`, { email: 'alguem@teste.com.br' }),
      10,
    );
  });

  it('recovery mails to one address stop after 5 an hour, with the same answer', async () => {
    const owner = await signupOwner(t);
    const sent: string[] = [];
    const previous = t.deps.integrations.mail;
    t.deps.integrations.mail = { send: async (mail) => void sent.push(mail.to) };
    try {
      for (let i = 0; i < 7; i++) {
        expect((await t.client().post('/api/auth/recover', { email: owner.email })).status).toBe(200);
      }
    } finally {
      t.deps.integrations.mail = previous;
    }
    expect(sent).toHaveLength(5);
  });

  it('reviews: 10 an hour', async () => {
    const owner = await signupOwner(t);
    const client = t.client();
    await until429(
      () =>
        client.post(`/api/public/restaurants/${owner.slug}/reviews`, {
          customerName: 'Maria',
          customerEmail: 'maria@example.com',
          rating: 5,
          comment: 'Boa',
        }),
      10,
    );
  });

  it('coupon validation: 30 per quarter hour', async () => {
    const owner = await signupOwner(t);
    const customer = await registerCustomer(t, owner.slug);
    let n = 0;
    await until429(
      () =>
        customer.client.post(`/api/public/restaurants/${owner.slug}/coupons/validate`, {
          code: `CHUTE${++n}`,
          subtotal: 5000,
        }),
      30,
    );
  });

  it('shipping quotes: 60 per quarter hour', async () => {
    const owner = await signupOwner(t);
    const client = t.client();
    await until429(
      () =>
        client.post(`/api/public/restaurants/${owner.slug}/shipping/quote`, {
          cep: '20040-020',
          items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
        }),
      60,
    );
  });
});

describe('the counters table stays small', () => {
  it('drops ended windows without strikes, and struck keys after a day', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.db.insert(rateLimits).values([
        { key: 'teste:ended', hits: 3, strikes: 0, resetAt: sql`now() - interval '1 minute'` },
        { key: 'teste:struck', hits: 5, strikes: 2, resetAt: sql`now() - interval '1 hour'` },
        { key: 'teste:forgotten', hits: 5, strikes: 2, resetAt: sql`now() - interval '25 hours'` },
        { key: 'teste:open', hits: 1, strikes: 0, resetAt: sql`now() + interval '1 minute'` },
      ]);
      await fresh.client().post('/api/auth/login', { email: 'x@teste.com.br', password: 'chute' });
      const keys = await fresh.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(like(rateLimits.key, 'teste:%'));
      expect(keys.map((k) => k.key).sort()).toEqual(['teste:open', 'teste:struck']);
    } finally {
      await fresh.close();
    }
  });
});
