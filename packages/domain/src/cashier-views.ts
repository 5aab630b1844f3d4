/** Cashier / PDV API contract, its answers (the routes and requests are in cashier-api.ts). Money in centavos; dates ISO. */
import type { z } from 'zod';
import type { MethodDifference } from './cashier';
import type { pdvItemSchema } from './cashier-api';
import type { ProductTotal, SalesSummary } from './cashier-report';
import type { SourceTotal } from './dashboard';
import type { OrderItemView } from './order-views';
import type { PixKeyType } from './pix';
import type { FlavorPricing } from './pricing';

export type SessionView = {
  id: string;
  status: 'open' | 'closed';
  employeeName: string;
  openingDate: string;
  closingTime: string | null;
  /** Null for a cashier-only user who did not open the session: the float is part of what they count blind. */
  initialAmount: number | null;
  notes: string | null;
  /**
   * Running figures; null for cashier-only users (blind close: they never see what is expected
   * before counting).
   */
  totals: SessionTotals | null;
};

export type SessionTotals = {
  totalSales: number;
  salesCount: number;
  cashSales: number;
  totalSupplies: number;
  totalWithdrawals: number;
  /** initial + cash sales + suprimentos − sangrias. */
  expectedCash: number;
  /** Discounts given in the session's sales, and how many sales had one. */
  totalDiscounts: number;
  discountCount: number;
  /** Payments of table accounts taken in the session (already inside totalSales). */
  tablePayments: number;
  /** Service charge of the table accounts closed in the session: the staff's share, shown apart. */
  serviceCharge: number;
};

export type CashierState = {
  session: SessionView | null;
  /** The user sees only PDV, Fechar Caixa and Sangria, closes blind, and gets 403 elsewhere. */
  cashierOnly: boolean;
  /** The largest discount (% of the subtotal) this user gives without someone else's approval. */
  discountLimitPercent: number;
  /** No session is open and one was closed on the restaurant's today: Fechar Caixa reads "Caixa já foi fechado". */
  closedToday: boolean;
};

export type CloseResult = {
  session: SessionView & { totals: SessionTotals; finalBalance: number };
  blind: boolean;
  /** Per group expected / counted / difference; empty when nothing was counted. */
  differences: MethodDifference[];
  /** Σ counted − expected (negative: money missing); null when nothing was counted. */
  totalDifference: number | null;
  /** The drawer counted from the denominations. */
  countedCash: number | null;
  /** Every sangria and suprimento of the session, oldest first (the closing report lists them). */
  movements: CashMovementView[];
};

export type CashMovementView = {
  id: string;
  kind: 'withdrawal' | 'supply';
  amount: number;
  reason: string;
  employeeName: string;
  createdAt: string;
};

export type PdvOption = { id: string; name: string; price: number; type?: string };

export type PdvProduct = {
  id: string;
  name: string;
  description: string | null;
  price: number;
  imageUrl: string | null;
  categoryId: string | null;
  sku: string | null;
  codigoBarras: string | null;
  controleEstoque: boolean;
  estoque: number;
  /** Sizes (priceModifier in `price`, their own price in `ownPrice`), colours and add-ons a line may choose. */
  variations: PdvSize[];
  colors: PdvOption[];
  addons: PdvOption[];
  /** Multi-flavour pizzas need flavours: the ids/names/prices of the allowed flavour products. */
  maxFlavors: number | null;
  flavors: PdvFlavor[];
  /** How several flavours are charged (decision 042); absent means the spec's average. */
  flavorPricing?: FlavorPricing;
};

/** A size: `price` is what it adds; `ownPrice`, when set, replaces the product's price (decision 042). */
export type PdvSize = PdvOption & { ownPrice?: number | null };

/** A flavour with its own sizes priced per size: a "Grande" flavour counts at its own Grande price. */
export type PdvFlavor = PdvOption & { variations?: { name: string; price: number }[] };

export type PdvPaymentMethod = {
  id: string;
  name: string;
  icon: 'card' | 'money' | 'pix';
  requiresChange: boolean;
  /**
   * Opens the hosted checkout popup after the sale (provider-enabled PIX methods, only when the
   * restaurant has no PIX key of its own; spec 3 §9 offers no other provider methods at the PDV).
   */
  infinitepayEnabled: boolean;
  maxInstallments: number;
  /** Shows the restaurant's own PIX QR: a PIX key is configured and the method is PIX (usesLocalPixQr). */
  pixQr: boolean;
};

export type PixSettingsView = {
  key: string | null;
  keyType: PixKeyType | null;
  merchantName: string | null;
  merchantCity: string | null;
  configured: boolean;
};

export type PdvCatalog = {
  categories: { id: string; name: string }[];
  products: PdvProduct[];
  paymentMethods: PdvPaymentMethod[];
  /** For building the QR locally with pixBrCode(settings, amount, pixTxid(saleKey)); null when not configured. */
  pix: { key: string; keyType: PixKeyType; merchantName: string; merchantCity: string } | null;
  /** How the PDV issues NFC-e (Configurações → Fiscal); null while the restaurant issues none. */
  nfce: { pdvMode: 'automatic' | 'on_request' } | null;
};

export type ReservedSaleView = {
  id: string;
  customerName: string | null;
  items: PdvItemInputStored[];
  subtotal: number;
  discount: number;
  total: number;
  employeeName: string | null;
  createdAt: string;
};
/** A reserved line: the proposal plus the name and prices computed when it was reserved (for display). */
export type PdvItemInputStored = z.output<typeof pdvItemSchema> & {
  name: string;
  unitPrice: number;
  totalPrice: number;
};

export type SalePaymentView = {
  methodId: string;
  methodName: string;
  group: string;
  amount: number;
  installments: number;
  received: number | null;
  change: number;
};

/** A sale's line as an order's: size, colours, flavours and add-ons chosen at the PDV. */
export type SaleItemView = OrderItemView;

export type SaleListItem = {
  /** The order's id, or the table account's for a table's payments. */
  id: string;
  /** A PDV sale, or a table account's payments (`status` is then the account's: occupied, billing, closed). */
  kind: 'pdv' | 'table';
  number: number;
  /** "Mesa 4" / "Comanda 7" for a table; null for a PDV sale ("#number"). */
  label: string | null;
  customerName: string;
  createdAt: string;
  total: number;
  /** The sale's discount in centavos (0 without one). */
  discount: number;
  status: string;
  paymentMethod: string | null;
  paymentStatus: string | null;
  /** A closed table account's service charge (inside `total`); 0 for a PDV sale. */
  serviceCharge: number;
};

/** Who gave a sale's discount, who approved it above the giver's limit, and why. */
export type SaleDiscountView = {
  amount: number;
  givenBy: string;
  approvedBy: string | null;
  reason: string | null;
};

export type SaleDetail = SaleListItem & {
  subtotal: number;
  discount: number;
  /** A table's couvert (inside `total`); 0 for a PDV sale. */
  couvert: number;
  sessionId: string | null;
  employeeName: string | null;
  customerCpf: string | null;
  payments: SalePaymentView[];
  /** Σ change given back. */
  change: number;
  /** The PIX "copia e cola" of the sale's local PIX payment, for the receipt; null without one. */
  pixBrCode: string | null;
  items: SaleItemView[];
  /** Null for a sale without discount. */
  discountInfo: SaleDiscountView | null;
};

export type FinalizedSale = {
  sale: SaleDetail;
  /** Hosted checkout to open in an 800×600 popup (provider-enabled PIX); null otherwise. */
  checkoutUrl: string | null;
  /** "Processe os pagamentos com cartão manualmente no app InfinitePay." when no link could be made. */
  warning: string | null;
  replayed: boolean;
};

export type TodayReport = SalesSummary & { date: string; timezone: string };

export type DailyReport = TodayReport & {
  topProducts: ProductTotal[];
  /** The day's sales of every door (storefront, PDV, tables, ordering apps) by where they came from. */
  sources: SourceTotal[];
  sales: SaleListItem[];
};

export type ConciliationRow = MethodDifference & { salesCount: number };

export type Conciliation = {
  session: SessionView | null;
  /** Per report group: expected from the database; counted/difference from the close count (0 until counted). */
  rows: ConciliationRow[];
  counted: boolean;
  totalDifference: number | null;
  /** Every sangria and suprimento of the session, oldest first. */
  movements: CashMovementView[];
};

export type SessionSummary = {
  id: string;
  status: 'open' | 'closed';
  employeeName: string;
  openingDate: string;
  closingTime: string | null;
  initialAmount: number;
  totalSales: number;
  totalWithdrawals: number;
  totalSupplies: number;
  totalDiscounts: number;
  finalBalance: number | null;
  blind: boolean;
  /** "Quebra de caixa": Σ counted − expected; null when not counted. */
  totalDifference: number | null;
};
