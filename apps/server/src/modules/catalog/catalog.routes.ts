import { MSG } from '@meucardapio/domain/messages';
import { hasAnyPermission, type PermissionKey, ROUTE_PERMISSIONS } from '@meucardapio/domain/permissions';
import { type Context, Hono } from 'hono';
import type { AppEnv, StaffCtx } from '../../http/context';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { requireStaff, staffCtx } from '../../http/guard';
import { idParam, parseBody, parseParams } from '../../http/validate';
import { categoryInput, menuImportInput, productInput, stockAdjustmentInput, stockEntryInput } from './catalog.schemas';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.service';
import { importMenu, previewMenuImport } from './menu-import.service';
import {
  cloneProduct,
  createProduct,
  deleteProduct,
  getProduct,
  listPizzaFlavors,
  listProducts,
  productStockHistory,
  updateProduct,
} from './products.service';
import { listStockProducts, recentStockEntries, registerStockAdjustment, registerStockEntry } from './stock.service';

export const catalogRoutes = new Hono<AppEnv>();

const { products: PRODUCTS, categories: CATEGORIES, pizzaFlavors: PIZZA_FLAVORS, stock: STOCK } = ROUTE_PERMISSIONS;

const DENY_PRODUCTS = 'Você não tem permissão para criar/editar/excluir produtos';
const DENY_CATEGORIES = 'Você não tem permissão para criar/editar/excluir categorias';
const DENY_STOCK = 'Você não tem permissão para gerenciar estoque.';

/** A staff context holding one of `keys`, refused with the catalogue's own denial text (spec 2 §6). */
function ctxWith(c: Context<AppEnv>, keys: readonly PermissionKey[], denial: string): StaffCtx {
  const actor = requireStaff(c);
  if (!hasAnyPermission(actor.rules, keys)) throw forbidden(denial);
  return staffCtx(c);
}

const id = (c: Context<AppEnv>) => parseParams(c, idParam).id;

// ---- Products ----
catalogRoutes.get('/admin/products', async (c) =>
  c.json({ products: await listProducts(ctxWith(c, PRODUCTS, DENY_PRODUCTS)) }),
);

catalogRoutes.get('/admin/products/:id', async (c) =>
  c.json({ product: await getProduct(ctxWith(c, PRODUCTS, DENY_PRODUCTS), id(c)) }),
);

catalogRoutes.post('/admin/products', async (c) => {
  const ctx = ctxWith(c, PRODUCTS, DENY_PRODUCTS);
  const input = await parseBody(c, productInput);
  return c.json({ product: await createProduct(ctx, input) }, 201);
});

catalogRoutes.put('/admin/products/:id', async (c) => {
  const ctx = ctxWith(c, PRODUCTS, DENY_PRODUCTS);
  const productId = id(c);
  const input = await parseBody(c, productInput);
  return c.json({ product: await updateProduct(ctx, productId, input) });
});

catalogRoutes.post('/admin/products/:id/clone', async (c) => {
  const ctx = ctxWith(c, PRODUCTS, DENY_PRODUCTS);
  return c.json({ product: await cloneProduct(ctx, id(c)) }, 201);
});

catalogRoutes.delete('/admin/products/:id', async (c) => {
  const ctx = ctxWith(c, PRODUCTS, DENY_PRODUCTS);
  await deleteProduct(ctx, id(c));
  return c.json({ ok: true });
});

catalogRoutes.get('/admin/products/:id/stock-history', async (c) => {
  const ctx = ctxWith(c, [...PRODUCTS, ...STOCK], MSG.noPermission);
  return c.json({ history: await productStockHistory(ctx, id(c)) });
});

// ---- Pizza flavours ----
catalogRoutes.get('/admin/pizza-flavors', async (c) =>
  c.json({
    flavors: await listPizzaFlavors(ctxWith(c, PIZZA_FLAVORS, 'Você não tem permissão para gerenciar produtos')),
  }),
);

// ---- Categories ----
// The product form needs the category list too, so reading it is open to product managers.
catalogRoutes.get('/admin/categories', async (c) =>
  c.json({ categories: await listCategories(ctxWith(c, [...CATEGORIES, 'manage_products'], DENY_CATEGORIES)) }),
);

catalogRoutes.post('/admin/categories', async (c) => {
  const ctx = ctxWith(c, CATEGORIES, DENY_CATEGORIES);
  const input = await parseBody(c, categoryInput);
  return c.json({ category: await createCategory(ctx, input) }, 201);
});

catalogRoutes.put('/admin/categories/:id', async (c) => {
  const ctx = ctxWith(c, CATEGORIES, DENY_CATEGORIES);
  const categoryId = id(c);
  const input = await parseBody(c, categoryInput);
  return c.json({ category: await updateCategory(ctx, categoryId, input) });
});

catalogRoutes.delete('/admin/categories/:id', async (c) => {
  const ctx = ctxWith(c, CATEGORIES, DENY_CATEGORIES);
  await deleteCategory(ctx, id(c));
  return c.json({ ok: true });
});

// ---- Stock ----
catalogRoutes.get('/admin/stock/products', async (c) =>
  c.json({ products: await listStockProducts(ctxWith(c, STOCK, DENY_STOCK)) }),
);

catalogRoutes.get('/admin/stock/entries', async (c) =>
  c.json({ entries: await recentStockEntries(ctxWith(c, STOCK, DENY_STOCK)) }),
);

catalogRoutes.post('/admin/stock/entries', async (c) => {
  const ctx = ctxWith(c, STOCK, DENY_STOCK);
  const input = await parseBody(c, stockEntryInput).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 400) {
      throw badRequest(
        MSG.incompleteData,
        'Escolha um produto e informe uma quantidade maior que zero.',
        'incomplete_data',
      );
    }
    throw err;
  });
  return c.json(await registerStockEntry(ctx, input), 201);
});

catalogRoutes.post('/admin/stock/adjustments', async (c) => {
  const ctx = ctxWith(c, STOCK, DENY_STOCK);
  return c.json(await registerStockAdjustment(ctx, await parseBody(c, stockAdjustmentInput)), 201);
});

// ---- Menu import from a spreadsheet: a preview that writes nothing, then the import itself ----
catalogRoutes.post('/admin/products/import/preview', async (c) => {
  const ctx = ctxWith(c, PRODUCTS, DENY_PRODUCTS);
  return c.json(await previewMenuImport(ctx, await parseBody(c, menuImportInput)));
});

catalogRoutes.post('/admin/products/import', async (c) => {
  const ctx = ctxWith(c, PRODUCTS, DENY_PRODUCTS);
  return c.json(await importMenu(ctx, await parseBody(c, menuImportInput)), 201);
});
