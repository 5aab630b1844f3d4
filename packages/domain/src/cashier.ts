import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { type CartLine, updateQuantity } from './cart';
import { normalizeText } from './delivery';
import { posInstallmentChoices } from './installments';
import { fail, MSG, type RuleFailure } from './messages';
import { formatBRL } from './money';
import {
  checkPaymentsCover,
  clampDiscount,
  discountPercentLabel,
  isCardProviderMethod,
  type PaymentMethodLike,
  paymentGroupLabel,
  paymentTypeOf,
  remainingToPay,
  validateSplitPayment,
  validateWithdrawal,
} from './payment';

/**
 * Point-of-sale (PDV) rules of spec 3 §5 "Cashier", shared by the PDV screen and the server that
 * finalizes the sale. Money is integer centavos. The payment-list primitives (one payment, coverage,
 * discount clamp, withdrawal) live in payment.ts; this module composes them into the PDV flow.
 */

/** Toasts and labels of the cashier screen, word for word from spec 3 §2, §5 and §8. */
export const CASHIER_MSG = {
  registerClosed: 'Caixa Fechado',
  openRegister: 'Abrir Caixa',
  closeRegister: 'Fechar Caixa',
  alreadyClosed: 'Caixa já foi fechado',
  registerOpened: 'Caixa aberto',
  registerClosedToast: 'Caixa fechado',
  productNotFound: 'Produto não encontrado',
  productOutOfStock: MSG.productOutOfStock,
  itemAdded: 'Item adicionado',
  cartCleared: 'Carrinho limpo',
  saleReserved: 'Venda reservada',
  saleRestored: 'Venda restaurada',
  saleRemoved: 'Venda removida',
  saleFinalized: 'Venda finalizada!',
  withdrawalRecorded: 'Sangria registrada',
  supplyRecorded: 'Suprimento registrado',
  emptyCart: MSG.emptyCart,
  invalidCpf: 'CPF inválido',
  invalidInstallments: 'Parcelamento inválido',
  providerWarning: 'Processe os pagamentos com cartão manualmente no app InfinitePay.',
  loadProductsError: 'Erro ao carregar produtos',
  loadPaymentMethodsError: 'Erro ao carregar métodos de pagamento',
  paymentError: 'Erro ao processar pagamento',
  loadReportsError: 'Erro ao carregar relatórios',
  loadDetailedReportError: 'Erro ao carregar relatório detalhado',
  loadConciliationError: 'Erro ao carregar dados de conciliação',
  loadDetailsError: 'Erro ao carregar detalhes',
  withdrawalError: 'Erro ao registrar sangria',
  withdrawalAboveDrawer: 'Sangria maior que o caixa',
  closeError: 'Erro ao fechar caixa',
  openError: 'Erro ao abrir caixa',
  alreadyOpen: 'Caixa já está aberto',
  alreadyOpenDescription: 'Outro terminal abriu o caixa. Recarregue a página para continuar.',
  noOpenSession: 'Caixa fechado',
  noOpenSessionDescription: 'Abra o caixa antes de registrar vendas ou movimentações.',
} as const;

/** "Nenhum produto encontrado com o código: …" */
export function productNotFoundByCode(code: string): string {
  return `Nenhum produto encontrado com o código: ${code}`;
}

/** "{name} não possui estoque disponível" */
export function outOfStockText(name: string): string {
  return `${name} não possui estoque disponível`;
}

/** The customer name a PDV sale is recorded under when the cashier types none. */
export const WALK_IN_CUSTOMER = 'Cliente Balcão';

/** Last sales listed in Histórico, products in the detailed report, popup size and closed-check period. */
export const PDV_HISTORY_LIMIT = 50;
export const PDV_TOP_PRODUCTS = 5;
export const PDV_CHECKOUT_POPUP = { width: 800, height: 600, closedCheckMs: 1000 } as const;

// ─── Products ────────────────────────────────────────────────────────────────────────────────────

/** What the PDV needs to know about a product to find it and sell it. */
export type PdvProductLike = {
  id: string;
  name: string;
  description?: string | null;
  sku?: string | null;
  codigoBarras?: string | null;
  categoryId?: string | null;
  controleEstoque?: boolean | null;
  estoque?: number | null;
};

/**
 * Enter in the search box: an exact SKU, barcode (a USB scanner types the digits and Enter) or id,
 * compared trimmed and case-insensitively; otherwise "Produto não encontrado".
 */
export function findByCode<P extends PdvProductLike>(
  products: readonly P[],
  code: string,
): { ok: true; product: P } | RuleFailure {
  const wanted = code.trim().toLowerCase();
  const product = wanted
    ? products.find((p) => [p.sku, p.codigoBarras, p.id].some((v) => v?.trim().toLowerCase() === wanted))
    : undefined;
  if (!product) return fail('product_not_found', CASHIER_MSG.productNotFound, productNotFoundByCode(code.trim()));
  return { ok: true, product };
}

/** Text search (name, description or id, accent- and case-insensitive), optionally within a category. */
export function searchProducts<P extends PdvProductLike>(
  products: readonly P[],
  text: string,
  categoryId?: string | null,
): P[] {
  const q = normalizeText(text);
  return products.filter(
    (p) =>
      (!categoryId || p.categoryId === categoryId) &&
      (!q ||
        normalizeText(p.name).includes(q) ||
        normalizeText(p.description ?? '').includes(q) ||
        p.id.toLowerCase().includes(q)),
  );
}

/** A stock-controlled product with stock zero or less cannot be added: "Produto sem estoque". */
export function checkSellable(p: PdvProductLike): { ok: true } | RuleFailure {
  if (p.controleEstoque && (p.estoque ?? 0) <= 0)
    return fail('out_of_stock', CASHIER_MSG.productOutOfStock, outOfStockText(p.name));
  return { ok: true };
}

// ─── Cart ────────────────────────────────────────────────────────────────────────────────────────

/** PDV cart lines are storefront cart lines (price = unit price with size and add-ons). */
export type PdvCartLine = CartLine;

/** A quantity set to zero or less removes the line (the stock rule of cart.ts still applies). */
export function setLineQuantity(lines: readonly PdvCartLine[], lineId: string, quantity: number): PdvCartLine[] {
  return updateQuantity(lines, lineId, quantity);
}

export type PdvTotals = { subtotal: number; discount: number; total: number; discountPercent: string };

/**
 * Subtotal of the lines, the discount clamped to 0..subtotal (so the total never goes below 0), the
 * total, and the discount as a percent with one decimal ('12,5%').
 */
export function pdvTotals(lines: readonly Pick<PdvCartLine, 'total'>[], discount: number): PdvTotals {
  const subtotal = lines.reduce((s, l) => s + l.total, 0);
  const d = clampDiscount(Math.round(discount), subtotal);
  return { subtotal, discount: d, total: subtotal - d, discountPercent: discountPercentLabel(d, subtotal) };
}

/** Finalizar / Reservar with an empty cart: "Carrinho vazio". */
export function checkCartNotEmpty(lines: readonly unknown[]): { ok: true } | RuleFailure {
  return lines.length === 0 ? fail('empty_cart', MSG.emptyCart) : { ok: true };
}

// ─── Payments ────────────────────────────────────────────────────────────────────────────────────

/** A payment of the sale's payments list. `received`/`change` only for methods that give change. */
export type PdvPayment = {
  methodId: string;
  methodName: string;
  amount: number;
  installments: number;
  received: number | null;
  change: number;
};

export type PdvPaymentInput = {
  methodId: string | null | undefined;
  amount: number | null | undefined;
  received?: number | null;
  installments?: number | null;
};

/**
 * Adds one payment in the payment dialog: method required, amount > 0 and ≤ what remains, received ≥
 * amount for methods that give change (change = received − amount), installments among 1..max.
 */
export function addPayment(
  payments: readonly PdvPayment[],
  total: number,
  input: PdvPaymentInput,
  methods: readonly PaymentMethodLike[],
): { ok: true; payments: PdvPayment[]; payment: PdvPayment } | RuleFailure {
  const method = input.methodId ? methods.find((m) => m.id === input.methodId) : undefined;
  const checked = validateSplitPayment({
    methodId: method?.id,
    amount: input.amount,
    remaining: remainingToPay(total, payments),
    requiresChange: method?.requiresChange === true,
    received: input.received,
  });
  if (!checked.ok) return checked;
  const installments = input.installments ?? 1;
  if (!posInstallmentChoices(method?.maxInstallments).includes(installments))
    return fail('invalid_installments', CASHIER_MSG.invalidInstallments);
  const payment: PdvPayment = {
    methodId: method!.id,
    methodName: method!.name,
    amount: input.amount!,
    installments,
    received: method?.requiresChange ? (input.received ?? null) : null,
    change: checked.change,
  };
  return { ok: true, payments: [...payments, payment], payment };
}

/**
 * The whole list as the server re-checks it: every payment valid in order, then at least one payment
 * and nothing left to pay ("Valor total não foi coberto pelos pagamentos").
 */
export function validatePayments(
  total: number,
  inputs: readonly PdvPaymentInput[],
  methods: readonly PaymentMethodLike[],
): { ok: true; payments: PdvPayment[] } | RuleFailure {
  let payments: PdvPayment[] = [];
  for (const input of inputs) {
    const added = addPayment(payments, total, input, methods);
    if (!added.ok) return added;
    payments = added.payments;
  }
  const covered = checkPaymentsCover(total, payments);
  return covered.ok ? { ok: true, payments } : covered;
}

/**
 * Whether a PDV payment with this method shows the restaurant's own PIX QR: a PIX method when a PIX
 * key is configured, whatever its provider flag (the local BR Code has no provider fee).
 */
export function usesLocalPixQr(method: Pick<PaymentMethodLike, 'name' | 'type'>, pixKeyConfigured: boolean): boolean {
  return pixKeyConfigured && (method.type ?? paymentTypeOf(method.name)) === 'pix';
}

/** Whether a PDV payment with this method opens the provider's hosted checkout popup. */
export function usesHostedCheckout(method: PaymentMethodLike, pixKeyConfigured: boolean): boolean {
  return isCardProviderMethod(method) && !usesLocalPixQr(method, pixKeyConfigured);
}

/** Total change given back, and the single method label stored on the order ('PIX + Dinheiro'). */
export function paymentsSummary(payments: readonly PdvPayment[]): { change: number; methodLabel: string } {
  const names = [...new Set(payments.map((p) => p.methodName))];
  return { change: payments.reduce((s, p) => s + p.change, 0), methodLabel: names.join(' + ') };
}

/** Optional customer CPF: blank is fine, otherwise it must be a valid CPF (stored as 11 digits). */
export function checkCustomerCpf(cpf: string | null | undefined): { ok: true; cpf: string | null } | RuleFailure {
  const digits = (cpf ?? '').replace(/\D/g, '');
  if (!cpf?.trim()) return { ok: true, cpf: null };
  if (!isValidCpf(digits)) return fail('invalid_cpf', CASHIER_MSG.invalidCpf, 'Verifique os números do CPF.');
  return { ok: true, cpf: digits };
}

// ─── Cash session ────────────────────────────────────────────────────────────────────────────────

/** Opening: initial amount default 0, minimum 0. */
export function checkOpeningAmount(amount: number | null | undefined): { ok: true; amount: number } | RuleFailure {
  if (amount === null || amount === undefined) return { ok: true, amount: 0 };
  if (!Number.isInteger(amount) || amount < 0) return fail('invalid_amount', MSG.invalidAmount);
  return { ok: true, amount };
}

export type CashMovementKind = 'withdrawal' | 'supply';

/**
 * Sangria (withdrawal) and suprimento (cash added): amount and reason required ("Campos
 * obrigatórios"), amount above 0 ("Valor inválido").
 */
export function checkCashMovement(m: {
  amount: number | null | undefined;
  reason: string | null | undefined;
}): { ok: true } | RuleFailure {
  const checked = validateWithdrawal(m);
  if (!checked.ok) return checked;
  return Number.isInteger(m.amount) ? checked : fail('invalid_amount', MSG.invalidAmount);
}

/**
 * A sangria larger than the cash the drawer should hold (decision 054): a cashier-only user is refused
 * without learning the drawer's figure (blind close); the owner or an administrator is told the amount
 * available and may confirm (the drawer may hold more than the system knows, e.g. change not recorded).
 */
export function checkWithdrawalAgainstDrawer(
  amount: number,
  drawer: number,
  who: { cashierOnly: boolean; confirmed: boolean },
): { ok: true } | RuleFailure {
  if (amount <= drawer) return { ok: true };
  if (who.cashierOnly)
    return fail(
      'withdrawal_above_drawer',
      CASHIER_MSG.withdrawalAboveDrawer,
      'A sangria é maior que o dinheiro em caixa. Confira o valor ou chame o responsável.',
    );
  if (who.confirmed) return { ok: true };
  return fail(
    'withdrawal_above_drawer_confirm',
    CASHIER_MSG.withdrawalAboveDrawer,
    `Há ${formatBRL(Math.max(0, drawer))} em dinheiro no caixa. Confirme para registrar uma sangria de ${formatBRL(amount)}.`,
  );
}

/** What should be in the drawer: initial + cash sales + suprimentos − sangrias. */
export function closingBalance(s: {
  initial: number;
  cashSales: number;
  supplies: number;
  withdrawals: number;
}): number {
  return s.initial + s.cashSales + s.supplies - s.withdrawals;
}

/** Notes and coins counted in a blind close, R$ 200,00 down to R$ 0,05, in centavos. */
export const CASH_DENOMINATIONS = [20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 25, 10, 5] as const;
export type Denomination = (typeof CASH_DENOMINATIONS)[number];
/** Quantity counted per denomination, keyed by the denomination in centavos. */
export type DenominationCount = Partial<Record<`${Denomination}`, number>>;

/** 'R$ 200,00' … 'R$ 0,05' with 'nota' or 'moeda'. */
export function denominationLabel(d: Denomination): string {
  return `${d >= 200 ? 'Nota' : 'Moeda'} de ${formatBRL(d)}`;
}

/** The money counted: Σ denomination × quantity; unknown denominations or bad quantities are refused. */
export function countTotal(counts: Readonly<Record<string, number>>): { ok: true; total: number } | RuleFailure {
  let total = 0;
  for (const [key, qty] of Object.entries(counts)) {
    const d = Number(key);
    if (!(CASH_DENOMINATIONS as readonly number[]).includes(d) || !Number.isInteger(qty) || qty < 0)
      return fail('invalid_count', MSG.invalidAmount, 'Informe quantidades inteiras de notas e moedas.');
    total += d * qty;
  }
  return { ok: true, total };
}

/** The report group counted in the drawer (the others are card machine / bank totals). */
export const CASH_GROUP = 'Dinheiro';

export type MethodDifference = { method: string; expected: number; counted: number; difference: number };

/**
 * Expected per payment group at closing: the drawer (Dinheiro) holds the closing balance, the other
 * groups their sales. Groups are those of the reports (paymentGroupLabel).
 */
export function expectedByGroup(s: {
  initial: number;
  supplies: number;
  withdrawals: number;
  sales: readonly { methodName: string | null; amount: number }[];
}): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of s.sales) {
    const g = paymentGroupLabel(p.methodName);
    out[g] = (out[g] ?? 0) + p.amount;
  }
  out[CASH_GROUP] = closingBalance({
    initial: s.initial,
    cashSales: out[CASH_GROUP] ?? 0,
    supplies: s.supplies,
    withdrawals: s.withdrawals,
  });
  return out;
}

/**
 * Counted minus expected per group ("quebra de caixa": negative is missing money). A group expected but
 * not counted counts as 0; a counted group nothing was expected in is kept with expected 0.
 */
export function closeDifferences(
  expected: Readonly<Record<string, number>>,
  counted: Readonly<Record<string, number>>,
): { methods: MethodDifference[]; totalDifference: number } {
  const groups = [...new Set([...Object.keys(expected), ...Object.keys(counted)])].sort((a, b) =>
    a === CASH_GROUP ? -1 : b === CASH_GROUP ? 1 : a.localeCompare(b, 'pt-BR'),
  );
  const methods = groups.map((method) => {
    const e = expected[method] ?? 0;
    const c = counted[method] ?? 0;
    return { method, expected: e, counted: c, difference: c - e };
  });
  return { methods, totalDifference: methods.reduce((s, m) => s + m.difference, 0) };
}
