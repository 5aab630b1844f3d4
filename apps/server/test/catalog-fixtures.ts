import { expect } from 'vitest';
import { appPerFile, createEmployee, signupOwner, type TestApp, type TestClient } from './helpers';

/**
 * An owner and another restaurant's owner, and the owner's staff the catalogue routes admit or refuse:
 * the default kitchen, waiter and cashier profiles, a menu-only and a stock-only custom profile, a counter
 * profile that may manage products, and an administrator ("Gerente").
 */
export async function catalogStaff(t: TestApp) {
  const owner = await signupOwner(t);
  const other = await signupOwner(t);
  const signedIn = async (options: Parameters<typeof createEmployee>[2]) =>
    (await createEmployee(t, owner, options)).client;
  const kitchen = await signedIn({ profileType: 'kitchen' });
  const waiter = await signedIn({ profileType: 'waiter' });
  const cashier = await signedIn({ profileType: 'cashier' });
  const menuManager = await signedIn({
    profileType: 'custom',
    profileName: 'Cardápio',
    permissions: { manage_menu: true },
  });
  const stockKeeper = await signedIn({
    profileType: 'custom',
    profileName: 'Estoquista',
    permissions: { manage_stock: true },
  });
  const counterWithProducts = await signedIn({
    profileType: 'counter',
    profileName: 'Balcão+produtos',
    permissions: { manage_products: true },
  });
  const adminEmp = await signedIn({ profileType: 'admin', profileName: 'Gerente' });
  return { owner, other, kitchen, waiter, cashier, menuManager, stockKeeper, counterWithProducts, adminEmp };
}

type CatalogStaff = Awaited<ReturnType<typeof catalogStaff>>;

/** A file's app and catalogue staff: made before its tests, handed over to them, and closed after them. */
export function catalogPerFile(ready: (made: CatalogStaff & { t: TestApp }) => void) {
  appPerFile(catalogStaff, ready);
}

export const base = (over: Record<string, unknown> = {}) => ({ name: 'Coca-Cola 2L', price: 1200, ...over });

export async function create(client: TestClient, over: Record<string, unknown> = {}) {
  const res = await client.post('/api/admin/products', base(over));
  expect(res.status, res.text).toBe(201);
  return res.body.product;
}
