import { randomUUID } from 'node:crypto';
import type { Tx } from '../client';
import { type Addon, categories, files, type PriceOption, products, stockHistory } from '../schema';
import { CATEGORIES } from './demo-menu';
import { DEMO_PICTURES, demoPictureFiles } from './demo-pictures';
import { PRODUCTS } from './demo-products';

function options(entries: Array<[string, number]> | undefined): PriceOption[] {
  return (entries ?? []).map(([name, priceModifier]) => ({ id: randomUUID(), name, priceModifier }));
}

function addonList(entries: Array<[string, number]> | undefined): Addon[] {
  return (entries ?? []).map(([name, price]) => ({ id: randomUUID(), name, price }));
}

/** The demo's categories, products with their pictures, and the opening stock of the products it counts. */
export async function insertCatalogue(tx: Tx, restaurantId: string, now: number) {
  const categoryRows = await tx
    .insert(categories)
    .values(CATEGORIES.map((c, i) => ({ restaurantId, name: c.name, sortOrder: i + 1 })))
    .returning({ id: categories.id, name: categories.name });
  const categoryId = new Map(CATEGORIES.map((c) => [c.key, categoryRows.find((r) => r.name === c.name)?.id]));

  // Ids chosen here, so the multi-flavour pizzas can list their flavours and everything goes in one insert.
  const ordered = [...PRODUCTS.filter((p) => p.pizza === 'flavour'), ...PRODUCTS.filter((p) => p.pizza !== 'flavour')];
  const ids = ordered.map(() => randomUUID());
  const flavourIds: Record<'salgadas' | 'doces', string[]> = { salgadas: [], doces: [] };
  for (const [index, p] of ordered.entries())
    if (p.pizza === 'flavour') flavourIds[p.category as 'salgadas' | 'doces'].push(ids[index]);
  // One stored picture per distinct emoji, accent and category (its background), all in one insert.
  const pictures = new Map<string, ReturnType<typeof demoPictureFiles>>();
  const imageUrls = ordered.map((p) => {
    const picture = DEMO_PICTURES.product(p);
    let stored = pictures.get(picture.name);
    if (!stored) {
      stored = demoPictureFiles(restaurantId, picture);
      pictures.set(picture.name, stored);
    }
    return stored.url;
  });
  await tx.insert(files).values([...pictures.values()].flatMap((p) => p.rows));
  await tx.insert(products).values(
    ordered.map((p, index) => {
      const multi = p.pizza && p.pizza !== 'flavour' ? p.pizza : null;
      return {
        id: ids[index],
        restaurantId,
        categoryId: categoryId.get(p.category),
        name: p.name,
        description: p.description,
        price: p.price,
        // The demo shows the struck-through "de" price as an owner would set it: its items above R$ 50 were 20 % dearer.
        compareAtPrice: p.price > 5000 ? Math.round((p.price * 12) / 10) : null,
        imageUrl: imageUrls[index],
        available: true,
        isPizza: p.pizza !== undefined,
        allowsMultipleFlavors: multi !== null,
        maxFlavors: multi ? multi.max : 1,
        pizzaFlavors: multi ? multi.flavours.flatMap((g) => flavourIds[g]) : [],
        variations: options(p.sizes),
        addons: addonList(p.addons),
        colors: options(p.colors),
        controleEstoque: p.stock !== undefined,
        estoque: p.stock?.quantity ?? 0,
        estoqueMinimo: p.stock?.minimum ?? 0,
        precoCusto: p.cost ?? null,
        sku: String(index + 1).padStart(3, '0'),
        codigoNcm: p.ncm,
        origemMercadoria: 0,
        csosnIcms: '102',
        cstPisCofins: '49',
        unidade: p.unidade ?? 'UN',
        height: p.shipping?.height ?? null,
        width: p.shipping?.width ?? null,
        length: p.shipping?.length ?? null,
        weight: p.shipping?.weight ?? null,
        envioCorreios: p.shipping !== undefined,
        // Distinct creation times keep "newest first" listings stable.
        createdAt: new Date(now - (ordered.length - index) * 1000),
      };
    }),
  );
  const stocked = ordered.flatMap((p, index) => (p.stock ? [{ id: ids[index], quantity: p.stock.quantity }] : []));
  await tx.insert(stockHistory).values(
    stocked.map((s) => ({
      restaurantId,
      productId: s.id,
      operationType: 'register',
      quantityBefore: 0,
      quantityAfter: s.quantity,
      quantityChanged: s.quantity,
      employeeName: 'Carlos Almeida',
      notes: 'Estoque inicial',
    })),
  );
}
