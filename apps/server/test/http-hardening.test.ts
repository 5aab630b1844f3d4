import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { createTestApp, keepTestFile, registerCustomer, signupOwner, TEST_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const newOwner = (n: number) => ({
  name: 'Dona',
  email: `dona-${n}-${Date.now()}@teste.com.br`,
  password: TEST_PASSWORD,
});

describe('cross-site requests without a session cookie', () => {
  it('a foreign Origin is refused on public actions too', async () => {
    const res = await t.client().post('/api/auth/signup', newOwner(1), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.error.title).toBe('Requisição bloqueada');
  });

  it('a browser fetch marked cross-site without Origin is refused; a non-browser client is not', async () => {
    const res = await t.client().post('/api/auth/signup', newOwner(2), { origin: '', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    const cli = await t.client().post('/api/auth/signup', newOwner(3), { origin: '' });
    expect(cli.status).toBe(200);
  });
});

describe('request bodies are JSON only with Content-Type: application/json', () => {
  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
  ])('refuses %s with 415 and a pt-BR text', async (_label, type) => {
    const body = JSON.stringify({ email: 'a@teste.com.br', password: 'x' });
    const res = await t.client().post('/api/auth/login', body, { 'content-type': type });
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({
      title: 'Formato não suportado',
      description: 'Envie os dados como application/json.',
    });
  });

  it('accepts application/json with a charset, and bodiless POSTs', async () => {
    const owner = await signupOwner(t);
    const ok = await t
      .client()
      .post('/api/auth/login', JSON.stringify({ email: owner.email, password: TEST_PASSWORD }), {
        'content-type': 'application/json; charset=utf-8',
      });
    expect(ok.status).toBe(200);
    expect((await owner.client.post('/api/auth/logout')).status).toBe(200);
  });

  it('the upload route takes an image or a multipart form, not JSON', async () => {
    const owner = await signupOwner(t);
    const res = await owner.client.post('/api/admin/files', { file: 'x' });
    expect(res.status).toBe(415);
    expect(res.body.error.description).toBe('Envie uma imagem (multipart/form-data ou image/*).');
  });
});

describe('proxies are trusted only when configured', () => {
  const secureCookie = (res: { headers: Headers }) =>
    res.headers.getSetCookie().some((c) => c.startsWith('mc_session=') && /;\s*secure/i.test(c));

  it('without TRUST_PROXY, X-Forwarded-Proto cannot make or unmake a Secure cookie, nor X-Forwarded-Host an origin', async () => {
    const owner = await signupOwner(t);
    const res = await t
      .client()
      .post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD }, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(secureCookie(res)).toBe(false);
    const forged = await owner.client.post('/api/auth/logout', undefined, {
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(forged.status).toBe(403);
  });

  it('behind a trusted proxy, https there gives a Secure cookie and its X-Forwarded-Host names the origin', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const owner = await signupOwner(proxied);
      const viaProxy = proxied.client('127.0.0.1');
      const headers = {
        origin: 'https://loja.example',
        'x-forwarded-host': 'loja.example',
        'x-forwarded-proto': 'https',
      };
      const res = await viaProxy.post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD }, headers);
      expect(res.status).toBe(200);
      expect(secureCookie(res)).toBe(true);
      // The same headers from a peer that is not the proxy are not believed.
      const direct = await proxied
        .client('192.0.2.10')
        .post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD }, headers);
      expect(direct.status).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('an https PUBLIC_URL always gives a Secure cookie', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://loja.example' });
    try {
      const owner = await signupOwner(https);
      const res = await https.client().post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD });
      expect(secureCookie(res)).toBe(true);
    } finally {
      await https.close();
    }
  });
});

describe('security headers', () => {
  it('an uploaded file keeps its own sandboxed policy; pages keep theirs', async () => {
    const owner = await signupOwner(t);
    const url = await keepTestFile(
      t,
      owner.restaurantId,
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    const file = await t.client().get(url);
    expect(file.status).toBe(200);
    const csp = file.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    const page = await t.client().get('/api/health');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('sign-up', () => {
  it.each(['Admin', 'Landing', 'Payment Callback', 'API'])(
    'never gives a storefront a reserved path ("%s")',
    async (name) => {
      const owner = await signupOwner(t, { companyName: name });
      const reserved = name.toLowerCase().replace(' ', '-');
      expect(owner.slug).not.toBe(reserved);
      expect(owner.slug.startsWith(`${reserved}-`)).toBe(true);
    },
  );
});

describe('account enumeration', () => {
  it('sign-in answers an unknown e-mail exactly like a wrong password', async () => {
    const owner = await signupOwner(t);
    const wrong = await t.client().post('/api/auth/login', { email: owner.email, password: 'errada-123' });
    const unknown = await t.client().post('/api/auth/login', { email: 'ninguem@teste.com.br', password: 'errada-123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('storefront recovery answers an unknown e-mail like a known one, and mails only the known', async () => {
    const owner = await signupOwner(t);
    const customer = await registerCustomer(t, owner.slug);
    const sent: string[] = [];
    const previous = t.deps.integrations.mail;
    t.deps.integrations.mail = { send: async (mail) => void sent.push(mail.to) };
    try {
      const path = `/api/public/restaurants/${owner.slug}/customers/recover`;
      const known = await t.client().post(path, { email: customer.email });
      const unknown = await t.client().post(path, { email: 'ninguem@teste.com.br' });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
    } finally {
      t.deps.integrations.mail = previous;
    }
    expect(sent).toEqual([customer.email]);
  });
});

describe('logs', () => {
  it('print no phone, e-mail, token or query parameters', () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    log.info(
      { phone: '11987654321', customer: { email: 'ana@teste.com.br', name: 'Ana' }, to: 'ana@teste.com.br' },
      'x',
    );
    const err = new Error(
      'Failed query: select * from customers where email = $1\nparams: ana@teste.com.br,11987654321',
    );
    log.error({ err }, 'falhou');
    const out = lines.join('');
    expect(out).not.toContain('11987654321');
    expect(out).not.toContain('ana@teste.com.br');
    expect(out).toContain('Ana');
    expect(out).toContain('select * from customers');
  });
});
