import { type APIRequestContext, type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/** The demo restaurant every run seeds (SEED_DEMO=1), its staff logins and their shared password. */
export const DEMO = 'demo-restaurant';
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_LOGINS = {
  owner: 'dono@demo.com.br',
  admin: 'admin@demo.com.br',
  counter: 'balcao@demo.com.br',
  kitchen: 'cozinha@demo.com.br',
  waiter: 'garcom@demo.com.br',
  cashier: 'caixa@demo.com.br',
  courier: 'entregador@demo.com.br',
  customer: 'cliente@demo.com.br',
} as const;

type ContextOptions = {
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
  password?: string;
  /** The staff area's service worker; blocked unless a journey is about it (playwright.config.ts). */
  serviceWorkers?: 'allow' | 'block';
};
type SignedIn = { context: BrowserContext; page: Page };

/** The `staffPage` fixture, for helpers that open signed-in contexts. */
export type StaffPageOpener = (email: string, options?: ContextOptions) => Promise<SignedIn>;

type Fixtures = {
  /** A value no other test run uses (see `unique` below). */
  unique: () => string;
  /**
   * Opens a browser context signed in through the API as a staff member (a demo login by default
   * password); the context is closed after the test.
   */
  staffPage: StaffPageOpener;
  /** A page signed in as the demo restaurant's owner. */
  ownerPage: Page;
  /** A page signed in as the demo storefront's customer. */
  customerPage: Page;
};

/** Playwright's `test` with the logins and unique data every journey needs. */
export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  unique: async ({}, use) => {
    await use(unique);
  },
  staffPage: async ({ browser, baseURL }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (email, options = {}) => {
      const context = await browser.newContext({
        baseURL,
        viewport: options.viewport ?? { width: 1280, height: 800 },
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        acceptDownloads: options.acceptDownloads,
        serviceWorkers: options.serviceWorkers,
      });
      opened.push(context);
      const res = await context.request.post('/api/auth/login', {
        headers: { origin: baseURL ?? '' },
        data: { email, password: options.password ?? DEMO_PASSWORD },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
      return { context, page: await context.newPage() };
    });
    for (const context of opened) await context.close();
  },
  ownerPage: async ({ staffPage }, use) => {
    await use((await staffPage(DEMO_LOGINS.owner)).page);
  },
  customerPage: async ({ page, baseURL }, use) => {
    const res = await page.request.post(`/api/public/restaurants/${DEMO}/customers/login`, {
      headers: { origin: baseURL ?? '' },
      data: { email: DEMO_LOGINS.customer, password: DEMO_PASSWORD },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    await use(page);
  },
});

export { expect };

/** A value no other test run uses: for e-mails, company names and checkout handles. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs up a restaurant of its own through the API; the request context stays signed in as its owner. */
export async function signUpOwner(
  request: APIRequestContext,
  origin: string,
  who: { name: string; company: string } & ({ emailPrefix: string } | { email: string }),
): Promise<string> {
  const signup = await request.post('/api/auth/signup', {
    headers: { origin },
    data: {
      name: who.name,
      companyName: `${who.company} ${unique()}`,
      email: 'email' in who ? who.email : `${who.emailPrefix}-${unique()}@teste.com.br`,
      password: 'senha-forte-123',
    },
  });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  return (await signup.json()).user.restaurant.slug;
}

/** Posts through the API and expects `status`; answers the response's body. */
export async function postExpecting(api: APIRequestContext, origin: string, path: string, data: unknown, status = 201) {
  const res = await api.post(path, { headers: { origin }, data });
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/** Registers a storefront customer of `slug` (a São Paulo address); the request context stays signed in as them. */
export async function registerCustomer(request: APIRequestContext, origin: string, slug: string, name: string) {
  const res = await request.post(`/api/public/restaurants/${slug}/customers/register`, {
    headers: { origin },
    data: {
      name,
      phone: '11987654321',
      email: `cliente-${unique()}@teste.com.br`,
      password: 'senha123',
      cep: '01310-100',
      address: 'Avenida Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Opening hours of a restaurant that never closes, so a journey's orders are accepted at any hour. */
export async function openAroundTheClock(request: APIRequestContext, origin: string) {
  const hours = Array.from({ length: 7 }, (_, dayOfWeek) => ({
    dayOfWeek,
    isClosed: false,
    openTime: '00:00',
    closeTime: '23:59',
  }));
  const res = await request.put('/api/admin/hours', { headers: { origin }, data: { hours } });
  expect(res.ok(), await res.text()).toBeTruthy();
}
