import { fail, MSG, type RuleFailure } from './messages';
import { type AddonChoice, lineTotal, type PriceOption, type ProductKind } from './pricing';

/**
 * A cart line. `price` is the unit price in centavos (flavours, size, colours and add-ons already
 * included); `total` is price × quantity. Stock fields are copied from the product when the line is
 * created so the stock rule can run without another lookup.
 */
export type CartLine = {
  /** Client-generated random id; two lines of the same product with different options differ. */
  id: string;
  productId?: string | null;
  name: string;
  price: number;
  quantity: number;
  total: number;
  variation?: PriceOption | null;
  addons?: AddonChoice[];
  colors?: PriceOption[];
  pizzaFlavors?: { id?: string; name: string; price?: number }[];
  notes?: string | null;
  estoque?: number | null;
  controleEstoque?: boolean | null;
  envioCorreios?: boolean | null;
};

/** What the stock rule needs to know about a line being added. */
export type StockCandidate = Pick<CartLine, 'name' | 'quantity' | 'estoque' | 'controleEstoque'>;

function quantityOfName(lines: readonly CartLine[], name: string, exceptId?: string): number {
  return lines.reduce((sum, l) => (l.name === name && l.id !== exceptId ? sum + l.quantity : sum), 0);
}

/**
 * Stock rule on add: with stock control on, the new quantity plus the quantities already in the cart
 * under the same NAME must not exceed the stock (a missing stock counts as 0). Lines are matched by
 * name because the same product with different options becomes separate lines sharing one stock.
 */
export function canAdd(lines: readonly CartLine[], candidate: StockCandidate): boolean {
  if (!Number.isInteger(candidate.quantity) || candidate.quantity < 1) return false;
  if (!candidate.controleEstoque) return true;
  return candidate.quantity + quantityOfName(lines, candidate.name) <= (candidate.estoque ?? 0);
}

/**
 * Stock rule on a quantity change: the new quantity plus the quantities of the OTHER lines with the
 * same name must fit in the stock. Zero or less is always allowed (it removes the line); an unknown
 * line id is refused.
 */
export function canSetQuantity(lines: readonly CartLine[], lineId: string, quantity: number): boolean {
  const line = lines.find((l) => l.id === lineId);
  if (!line) return false;
  if (quantity <= 0) return true;
  if (!Number.isInteger(quantity)) return false;
  if (!line.controleEstoque) return true;
  return quantity + quantityOfName(lines, line.name, lineId) <= (line.estoque ?? 0);
}

/**
 * Adds a line (its total computed from price × quantity). When the stock rule refuses, nothing is
 * added and `added` is false: the storefront then shows 'Erro ao adicionar produto'.
 */
export function addLine(
  lines: readonly CartLine[],
  line: Omit<CartLine, 'total'>,
): { added: boolean; lines: CartLine[] } {
  if (!canAdd(lines, line)) return { added: false, lines: [...lines] };
  return { added: true, lines: [...lines, { ...line, total: lineTotal(line.price, line.quantity) }] };
}

/** Removes a line by id. */
export function removeLine(lines: readonly CartLine[], lineId: string): CartLine[] {
  return lines.filter((l) => l.id !== lineId);
}

/**
 * Sets a line's quantity: zero or less removes it; otherwise the total is recomputed. A change the
 * stock rule refuses is ignored silently (the spec shows no message), returning an unchanged copy.
 */
export function updateQuantity(lines: readonly CartLine[], lineId: string, quantity: number): CartLine[] {
  if (quantity <= 0) return removeLine(lines, lineId);
  if (!canSetQuantity(lines, lineId, quantity)) return [...lines];
  return lines.map((l) => (l.id === lineId ? { ...l, quantity, total: lineTotal(l.price, quantity) } : l));
}

/** A cart with any shipped (envio_correios) product forces delivery: it cannot be picked up. */
export function requiresDelivery(lines: readonly Pick<CartLine, 'envioCorreios'>[]): boolean {
  return lines.some((l) => l.envioCorreios === true);
}

/**
 * Whether a cart has items the restaurant delivers itself (anything not shipped): those pay the
 * neighbourhood fee even when shipped products in the same cart pay freight.
 */
export function hasLocalItems(lines: readonly Pick<CartLine, 'envioCorreios'>[]): boolean {
  return lines.some((l) => l.envioCorreios !== true);
}

/**
 * Lines the stock no longer covers, e.g. after another customer bought the last units: with stock
 * control on, the units of that name in the cart exceed the stock. Answers each such line's id with
 * the units still available for its name (the 'Apenas N unidade(s)…' text).
 */
export function linesOverStock(lines: readonly CartLine[]): Map<string, number> {
  const over = new Map<string, number>();
  for (const l of lines) {
    if (!l.controleEstoque) continue;
    const available = Math.max(0, l.estoque ?? 0);
    if (quantityOfName(lines, l.name) > available) over.set(l.id, available);
  }
  return over;
}

const choiceKey = (list: readonly { id?: string; name: string }[] | undefined) =>
  (list ?? [])
    .map((o) => o.id ?? o.name)
    .sort()
    .join('|');

/**
 * Whether two lines are the same product with the same choices (size, colours, flavours, add-ons,
 * notes): adding the second then raises the first's quantity instead of listing the product twice.
 */
export function sameChoice(a: Omit<CartLine, 'total' | 'id'>, b: Omit<CartLine, 'total' | 'id'>): boolean {
  return (
    a.name === b.name &&
    (a.productId ?? null) === (b.productId ?? null) &&
    a.price === b.price &&
    (a.variation?.id ?? a.variation?.name ?? null) === (b.variation?.id ?? b.variation?.name ?? null) &&
    choiceKey(a.colors) === choiceKey(b.colors) &&
    choiceKey(a.addons) === choiceKey(b.addons) &&
    choiceKey(a.pizzaFlavors) === choiceKey(b.pizzaFlavors) &&
    (a.notes ?? '') === (b.notes ?? '')
  );
}

/** A line of a past order that could not go back into the cart, and why (pt-BR). */
export type NotRepeated = { name: string; reason: string };

/**
 * Puts a past order's lines (rebuilt from today's menu) into the cart through the cart's rules: a
 * line with the same choices as one already there raises its quantity; with stock control, the
 * units of that name already in the cart count, and a line is cut to what is left or, with nothing
 * left, not added. Answers the new cart and what could not be repeated in full.
 */
export function addRepeatedLines<L extends CartLine>(
  cart: readonly L[],
  incoming: readonly Omit<L, 'total'>[],
): { lines: L[]; added: number; notRepeated: NotRepeated[] } {
  let lines = [...cart];
  let added = 0;
  const notRepeated: NotRepeated[] = [];
  for (const line of incoming) {
    let quantity = line.quantity;
    if (line.controleEstoque) {
      const left = Math.max(0, (line.estoque ?? 0) - quantityOfName(lines, line.name));
      if (left < quantity) {
        notRepeated.push({
          name: line.name,
          reason: left === 0 ? 'Sem estoque no momento.' : stockLeftText(left),
        });
        quantity = left;
      }
    }
    if (quantity < 1) continue;
    const twin = lines.find((l) => sameChoice(l, line));
    lines = twin
      ? lines.map((l) =>
          l === twin ? { ...l, quantity: l.quantity + quantity, total: lineTotal(l.price, l.quantity + quantity) } : l,
        )
      : [...lines, { ...line, quantity, total: lineTotal(line.price, quantity) } as L];
    added += 1;
  }
  return { lines, added, notRepeated };
}

/** 'item' or 'itens' for the cart badge. */
export function itemCountLabel(count: number): string {
  return count === 1 ? 'item' : 'itens';
}

/** 'Apenas N unidade(s) disponível(eis) em estoque.' with N the units still available. */
export function stockLeftText(available: number): string {
  return `Apenas ${Math.max(0, available)} unidade(s) disponível(eis) em estoque.`;
}

export type ProductChoice = {
  kind: ProductKind;
  name: string;
  flavorCount: number;
  hasSizes: boolean;
  sizeChosen: boolean;
  hasColors: boolean;
  colorChosen: boolean;
  quantity: number;
  controleEstoque?: boolean | null;
  estoque?: number | null;
};

/**
 * Validates the product dialog (and the direct add from the list) before a line is built, in the
 * order the customer fixes them: flavour, size, colour, then stock (counting same-name units in the cart).
 */
export function validateProductChoice(choice: ProductChoice, cart: readonly CartLine[]): { ok: true } | RuleFailure {
  if (choice.kind === 'multi_flavor_pizza' && choice.flavorCount < 1)
    return fail('flavor_required', MSG.chooseFlavor, MSG.chooseFlavorDescription);
  if (choice.hasSizes && !choice.sizeChosen) return fail('size_required', MSG.chooseSize);
  if (choice.hasColors && !choice.colorChosen) return fail('color_required', MSG.chooseColor);
  const { name, quantity, estoque, controleEstoque } = choice;
  if (!Number.isInteger(quantity) || quantity < 1) return fail('invalid_quantity', MSG.invalidQuantity);
  if (!canAdd(cart, { name, quantity, estoque, controleEstoque })) {
    const available = (estoque ?? 0) - quantityOfName(cart, name);
    return fail('insufficient_stock', MSG.insufficientStock, stockLeftText(available));
  }
  return { ok: true };
}

/**
 * Quantity stepper bounds in the product dialog: at least 1, and with stock control at most the stock
 * (0 when nothing is left, which keeps the add button refused).
 */
export function quantityBounds(p: { controleEstoque?: boolean | null; estoque?: number | null }): {
  min: number;
  max: number | null;
} {
  return { min: 1, max: p.controleEstoque ? Math.max(0, p.estoque ?? 0) : null };
}

/** Text of the product dialog's add button. */
export function addButtonLabel(state: { isOpen: boolean; kind: ProductKind; flavorCount: number }): string {
  if (!state.isOpen) return MSG.restaurantClosedButton;
  if (state.kind === 'multi_flavor_pizza' && state.flavorCount < 1) return MSG.selectAtLeastOneFlavor;
  return MSG.addToCart;
}
