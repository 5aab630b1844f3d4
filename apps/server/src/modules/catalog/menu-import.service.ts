import { randomUUID } from 'node:crypto';
import { categories, products } from '@meucardapio/db/schema';
import { normalizeText } from '@meucardapio/domain/delivery';
import { MENU_IMPORT_MAX_BYTES, type MenuImportLine, parseCsv, readMenuRows } from '@meucardapio/domain/menu-import';
import { nextSku } from '@meucardapio/domain/sku';
import { readSheet } from 'read-excel-file/node';
import type { StaffCtx } from '../../http/context';
import { badRequest } from '../../http/errors';
import { tenant } from '../../http/tenant';
import type { MenuImportInput } from './catalog.schemas';
import { existingSkus, lockRestaurant } from './products.service';

export type MenuImportPreview = {
  lines: MenuImportLine[];
  /** The file's categories, and which of them the import would create. */
  categories: { name: string; isNew: boolean }[];
  /** Lines that can be imported as they are. */
  valid: number;
  invalid: number;
};

const fileError = (description: string) => badRequest('Arquivo inválido', description, 'invalid_import_file');

/** The first sheet of an XLSX, or the rows of a CSV (UTF-8, or Windows-1252 as older Excel saves it). */
async function sheetRows(file: MenuImportInput) {
  const bytes = Buffer.from(file.content, 'base64');
  if (bytes.length === 0) throw fileError('O arquivo está vazio.');
  if (bytes.length > MENU_IMPORT_MAX_BYTES) throw fileError('O arquivo passa de 1 MB: divida-o em arquivos menores.');
  const isZip = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (isZip || /\.xlsx$/i.test(file.fileName)) {
    try {
      return await readSheet(bytes);
    } catch {
      throw fileError('Não foi possível ler a planilha. Salve-a como .xlsx ou .csv e tente de novo.');
    }
  }
  if (/\.xls$/i.test(file.fileName)) throw fileError('Arquivos .xls antigos não são lidos: salve como .xlsx ou .csv.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return parseCsv(text);
}

/**
 * Reads the file and checks every line against the restaurant's menu as it is now: a product whose
 * name is already on the menu is refused (importing twice would duplicate it); categories are matched
 * by name, ignoring accents and case, and the missing ones listed as new.
 */
async function check(ctx: StaffCtx, file: MenuImportInput): Promise<MenuImportPreview> {
  const sheet = readMenuRows(await sheetRows(file));
  if (sheet.fileError) throw fileError(sheet.fileError);
  const [cats, names] = await Promise.all([
    ctx.db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(tenant(categories, ctx.restaurantId)),
    ctx.db.select({ name: products.name }).from(products).where(tenant(products, ctx.restaurantId)),
  ]);
  const onMenu = new Set(names.map((p) => normalizeText(p.name)));
  const known = new Set(cats.map((c) => normalizeText(c.name)));
  const lines = sheet.lines.map((l) =>
    l.name && onMenu.has(normalizeText(l.name))
      ? { ...l, errors: [...l.errors, `Já existe um produto chamado ${l.name} no cardápio.`] }
      : l,
  );
  // A category is written as it first appears in the file.
  const fileCategories = new Map<string, string>();
  for (const l of lines) {
    const key = l.category && normalizeText(l.category);
    if (key && !fileCategories.has(key)) fileCategories.set(key, l.category as string);
  }
  const invalid = lines.filter((l) => l.errors.length > 0).length;
  return {
    lines,
    categories: [...fileCategories].map(([key, name]) => ({ name, isNew: !known.has(key) })),
    valid: lines.length - invalid,
    invalid,
  };
}

/** What importing the file would do, line by line; nothing is written. */
export function previewMenuImport(ctx: StaffCtx, file: MenuImportInput): Promise<MenuImportPreview> {
  return check(ctx, file);
}

/**
 * Imports the file in one transaction, only when every line is valid: the missing categories after
 * the existing ones, then the products (available, with the next SKUs and their sizes). The file is
 * checked again inside the transaction, so the menu cannot have changed since the preview.
 */
export async function importMenu(ctx: StaffCtx, file: MenuImportInput) {
  return ctx.db.transaction(async (tx) => {
    await lockRestaurant(tx, ctx.restaurantId);
    const txCtx = { ...ctx, db: tx };
    const preview = await check(txCtx, file);
    if (preview.invalid > 0) {
      throw badRequest(
        'Planilha com erros',
        `Corrija ${preview.invalid === 1 ? 'a linha com erro' : `as ${preview.invalid} linhas com erro`} e envie de novo: nada foi importado.`,
        'import_has_errors',
      );
    }
    const existing = await tx
      .select({ id: categories.id, name: categories.name, sortOrder: categories.sortOrder })
      .from(categories)
      .where(tenant(categories, ctx.restaurantId));
    const categoryId = new Map(existing.map((c) => [normalizeText(c.name), c.id]));
    let order = existing.reduce((max, c) => Math.max(max, c.sortOrder), -1);
    const fresh = preview.categories.filter((c) => c.isNew);
    if (fresh.length > 0) {
      const created = await tx
        .insert(categories)
        .values(fresh.map((c) => ({ restaurantId: ctx.restaurantId, name: c.name, sortOrder: ++order })))
        .returning({ id: categories.id, name: categories.name });
      for (const c of created) categoryId.set(normalizeText(c.name), c.id);
    }
    const skus = await existingSkus(tx, ctx.restaurantId);
    const rows = preview.lines.map((l) => {
      const sku = nextSku(skus);
      skus.push(sku);
      return {
        restaurantId: ctx.restaurantId,
        name: l.name,
        description: l.description,
        price: l.price as number,
        categoryId: l.category ? (categoryId.get(normalizeText(l.category)) ?? null) : null,
        variations: l.sizes.map((s) => ({ id: randomUUID(), name: s.name, priceModifier: s.priceModifier })),
        sku,
      };
    });
    await tx.insert(products).values(rows);
    return { products: rows.length, categories: fresh.length };
  });
}
