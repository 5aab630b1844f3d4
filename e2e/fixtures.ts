import { type APIRequestContext, expect } from '@playwright/test';

/** A value no other test run uses: for e-mails, company names and checkout handles. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs up a restaurant of its own through the API; the request context stays signed in as its owner. */
export async function signUpOwner(
  request: APIRequestContext,
  origin: string,
  who: { name: string; company: string; emailPrefix: string },
): Promise<string> {
  const signup = await request.post('/api/auth/signup', {
    headers: { origin },
    data: {
      name: who.name,
      companyName: `${who.company} ${unique()}`,
      email: `${who.emailPrefix}-${unique()}@teste.com.br`,
      password: 'senha-forte-123',
    },
  });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  return (await signup.json()).user.restaurant.slug;
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
