import type { CartLine, NotRepeated } from '@meucardapio/domain/cart';
import type { OrderItemView } from '@meucardapio/domain/order-views';
import { unitPrice } from '@meucardapio/domain/pricing';

type MenuOption = { id: string; name: string; priceModifier: number };

/** The part of a public menu product that 'Repetir Pedido' needs. */
export type RepeatMenuProduct = {
  id: string;
  name: string;
  price: number;
  imageUrl: string | null;
  isPizza: boolean;
  allowsMultipleFlavors: boolean;
  variations: MenuOption[];
  addons: { id: string; name: string; price: number; type?: string }[];
  colors: MenuOption[];
  controleEstoque: boolean;
  estoque: number;
  envioCorreios: boolean;
};

export type RepeatLine = Omit<CartLine, 'total'> & { imageUrl: string | null };

/**
 * Rebuilds a past order's items as cart lines from today's menu (today's prices and options). An
 * item is not repeated when its product left the menu, its size, a flavour or every chosen colour of
 * a product that requires one is gone — the same choices the product dialog would insist on.
 */
export function rebuildOrderLines(
  items: readonly OrderItemView[],
  products: readonly RepeatMenuProduct[],
  newId: () => string,
): { lines: RepeatLine[]; notRepeated: NotRepeated[] } {
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines: RepeatLine[] = [];
  const notRepeated: NotRepeated[] = [];
  for (const item of items) {
    const product = item.productId ? byId.get(item.productId) : undefined;
    if (!product) {
      notRepeated.push({ name: item.name, reason: 'Não está mais disponível no cardápio.' });
      continue;
    }
    const variation = item.variation?.id ? (product.variations.find((v) => v.id === item.variation?.id) ?? null) : null;
    if (product.variations.length > 0 && !variation) {
      notRepeated.push({ name: item.name, reason: 'O tamanho escolhido não existe mais.' });
      continue;
    }
    const colors = product.colors.filter((c) => item.colors.some((x) => x.id === c.id));
    if (product.colors.length > 0 && colors.length === 0) {
      notRepeated.push({ name: item.name, reason: 'A cor escolhida não está mais disponível.' });
      continue;
    }
    const multi = product.isPizza && product.allowsMultipleFlavors;
    const flavors = multi ? item.pizzaFlavors.map((f) => (f.id ? byId.get(f.id) : undefined)) : [];
    if (multi && (flavors.length === 0 || flavors.some((f) => !f))) {
      notRepeated.push({ name: item.name, reason: 'Um dos sabores não está mais disponível.' });
      continue;
    }
    const pizzaFlavors = flavors
      .filter((f): f is RepeatMenuProduct => !!f)
      .map((f) => ({ id: f.id, name: f.name, price: f.price }));
    const addons = product.addons.filter((a) => item.addons.some((x) => x.id === a.id));
    lines.push({
      id: newId(),
      productId: product.id,
      name: product.name,
      price: unitPrice({
        basePrice: product.price,
        flavorPrices: pizzaFlavors.map((f) => f.price),
        variation,
        colors,
        addons,
      }),
      quantity: item.quantity,
      variation,
      colors,
      addons,
      pizzaFlavors,
      notes: item.notes,
      estoque: product.estoque,
      controleEstoque: product.controleEstoque,
      envioCorreios: product.envioCorreios,
      imageUrl: product.imageUrl,
    });
  }
  return { lines, notRepeated };
}
