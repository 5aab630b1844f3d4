import { fail, MSG, type RuleFailure } from './messages';

export type StockLevel = 'red' | 'yellow' | 'green';

/**
 * The colour of a product's stock on the stock grid.
 *
 * Spec 2 §9: "red when stock is at or below estoque_minimo (if above 0); yellow when at or below half
 * of the minimum rounded up". Read literally the yellow band (≤ ceil(min/2)) lies inside the red one
 * (≤ min), so the stronger alarm wins: red is checked first. Yellow therefore only shows when no
 * minimum is set (min 0 → ceil(0/2) = 0): a product that ran out without a configured minimum is a
 * warning, not an alarm. Everything else is green.
 */
export function stockLevel(estoque: number, estoqueMinimo: number | null | undefined): StockLevel {
  const min = Math.max(0, estoqueMinimo ?? 0);
  if (min > 0 && estoque <= min) return 'red';
  if (estoque <= Math.ceil(min / 2)) return 'yellow';
  return 'green';
}

export const STOCK_OPERATIONS = ['register', 'sale', 'adjustment'] as const;
export type StockOperation = (typeof STOCK_OPERATIONS)[number];

export const INITIAL_STOCK_NOTE = 'Cadastro inicial do produto';
/** Who a stock change is recorded under when no staff member is known. */
export const SYSTEM_EMPLOYEE_NAME = 'Sistema';
/** Who an online order's stock deduction is recorded under when the customer has no name. */
export const ONLINE_CUSTOMER_NAME = 'Cliente Online';

export type StockHistoryEntry = {
  operationType: StockOperation;
  quantityBefore: number;
  quantityAfter: number;
  quantityChanged: number;
  notes: string;
};

/** 'Entrada de estoque: +n' for an increase, 'Ajuste de estoque: -n' for a decrease. */
export function stockChangeNote(delta: number): string {
  return delta >= 0 ? `Entrada de estoque: +${delta}` : `Ajuste de estoque: -${Math.abs(delta)}`;
}

/**
 * The history row of a stock change made from the product form or the stock screen: an increase is
 * a 'register' entry, a decrease an 'adjustment'; null when nothing changed.
 */
export function stockChangeEntry(before: number, after: number): StockHistoryEntry | null {
  const delta = after - before;
  if (delta === 0) return null;
  return {
    operationType: delta > 0 ? 'register' : 'adjustment',
    quantityBefore: before,
    quantityAfter: after,
    quantityChanged: Math.abs(delta),
    notes: stockChangeNote(delta),
  };
}

/** The history row of a product created with stock: register 0 → n, 'Cadastro inicial do produto'; null for no stock. */
export function initialStockEntry(estoque: number): StockHistoryEntry | null {
  if (!(estoque > 0)) return null;
  return {
    operationType: 'register',
    quantityBefore: 0,
    quantityAfter: estoque,
    quantityChanged: estoque,
    notes: INITIAL_STOCK_NOTE,
  };
}

/**
 * The history row of a sale (online order or POS) taking `quantity` units, except its before and after:
 * those are the stock as the sale's conditional UPDATE found and left it (after = before − quantity).
 */
export function saleMovement(
  quantity: number,
  note: string,
): Pick<StockHistoryEntry, 'operationType' | 'quantityChanged' | 'notes'> {
  return { operationType: 'sale', quantityChanged: quantity, notes: note };
}

/**
 * The history row of units given back by a cancelled order (or one cancelled item of it): an entry
 * ('register'), as any increase of stock is, noted with the order it came from.
 */
export function returnStockEntry(
  before: number,
  quantity: number,
  orderNumber: number,
  what: 'order' | 'item' = 'order',
): StockHistoryEntry {
  return {
    operationType: 'register',
    quantityBefore: before,
    quantityAfter: before + quantity,
    quantityChanged: quantity,
    notes:
      what === 'order'
        ? `Devolução do pedido cancelado #${orderNumber}`
        : `Devolução de item cancelado do pedido #${orderNumber}`,
  };
}

export const STOCK_ADJUSTMENT_REASON_REQUIRED = 'Informe o motivo do ajuste (perda, quebra, contagem...).';

/** The history note of a stock change with the staff's words after it: 'Ajuste de estoque: -2 - Quebra'. */
export function stockNoteWith(note: string, staffNote: string | null | undefined): string {
  return staffNote ? `${note} - ${staffNote}` : note;
}

/** The stock-entry form: a product and a quantity above zero, else 'Dados incompletos'. */
export function validateStockEntry(entry: {
  productId: string | null | undefined;
  quantity: number | null | undefined;
}): { ok: true } | RuleFailure {
  if (!entry.productId || entry.quantity === null || entry.quantity === undefined || !(entry.quantity > 0))
    return fail('incomplete_data', MSG.incompleteData);
  return { ok: true };
}

/**
 * Whether the POS may add a product: a stock-controlled product with nothing left cannot be sold
 * ('Produto sem estoque' / '{name} não possui estoque disponível').
 */
export function checkPosStock(p: {
  name: string;
  controleEstoque?: boolean | null;
  estoque?: number | null;
}): { ok: true } | RuleFailure {
  if (p.controleEstoque && (p.estoque ?? 0) <= 0)
    return fail('out_of_stock', MSG.productOutOfStock, `${p.name} não possui estoque disponível`);
  return { ok: true };
}
