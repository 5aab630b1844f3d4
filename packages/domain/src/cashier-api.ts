/**
 * Cashier / PDV API contract: request schemas (zod, shared by the PDV forms and the server routes);
 * the answer shapes are in cashier-views.ts. Money is integer centavos everywhere; dates are ISO strings.
 *
 * Permission: every route needs manage_cashier. "PDV" routes are also open to cashier-only users
 * (isCashierOnly in permissions.ts); "manager" routes answer 403 to them. All paths under /api.
 *
 *   GET    /admin/cashier/session                  PDV      CashierState (open session or null)
 *   POST   /admin/cashier/session/open             PDV      OpenSessionInput → 201 SessionView; 409 if one is open
 *   POST   /admin/cashier/session/close            PDV      CloseSessionInput → CloseResult (none open: creates a closed one, or answers the one closed today; decision 072)
 *   POST   /admin/cashier/withdrawals              PDV      CashMovementInput → 201 CashMovementView (sangria)
 *   POST   /admin/cashier/supplies                 manager  CashMovementInput → 201 CashMovementView (suprimento)
 *   GET    /admin/cashier/catalog                  PDV      PdvCatalog (categories, products, POS payment methods, PIX settings)
 *   GET    /admin/cashier/products/lookup?code=    PDV      PdvProduct; 404 "Produto não encontrado"
 *   GET    /admin/cashier/reserved-sales           PDV      ReservedSaleView[]
 *   POST   /admin/cashier/reserved-sales           PDV      ReserveSaleInput → 201 ReservedSaleView
 *   POST   /admin/cashier/reserved-sales/:id/restore PDV    ReservedSaleView (removed from the list, atomically)
 *   DELETE /admin/cashier/reserved-sales/:id       PDV      204
 *   POST   /admin/cashier/sales                    PDV      FinalizeSaleInput + header Idempotency-Key → 201 FinalizedSale (200 on replay)
 *   GET    /admin/cashier/reports/today            manager  TodayReport (restaurant's timezone)
 *   GET    /admin/cashier/reports/daily?date=      manager  DailyReport (top 5 products); date YYYY-MM-DD, default today
 *   GET    /admin/cashier/reports/daily.csv?date=  manager  text/csv (UTF-8 BOM, ';')
 *   GET    /admin/cashier/conciliation?sessionId=  manager  Conciliation (default: open session, else the last one)
 *   GET    /admin/cashier/sessions                 manager  SessionSummary[] (last 30, with "quebra de caixa")
 *   GET    /admin/cashier/history                  manager  SaleListItem[] (last 50 PDV sales)
 *   GET    /admin/cashier/sales/:id                manager  SaleDetail
 *   GET    /admin/cashier/pix-settings             manager  PixSettingsView
 *   PUT    /admin/cashier/pix-settings             manager + manage_settings  PixSettingsInput → PixSettingsView
 *
 * Realtime: a finalized sale appends 'cashier.sale' (and the usual 'order.created'); session changes
 * append 'cashier.session'; reserving, resuming or deleting a reserved sale appends 'cashier.reserved'.
 * All need manage_cashier, so every terminal and report refreshes.
 */
import { z } from 'zod';
import { discountApprovalSchema } from './cashier-discounts';
import { proposedLineChoices } from './checkout';
import { MSG } from './messages';

const MAX_CENTS = 100_000_000;
const money = (message: string) => z.number({ error: message }).int(message).max(MAX_CENTS, message);
/** An optional trimmed text of at most `max` characters; empty reads as null. */
export const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MSG.tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

// ─── Requests ────────────────────────────────────────────────────────────────────────────────────

export const openSessionSchema = z.object({
  initialAmount: money(MSG.invalidAmount).min(0, MSG.invalidAmount).default(0),
  notes: optText(500),
});
export type OpenSessionInput = z.input<typeof openSessionSchema>;

/** Blind count: quantity per note/coin (keys are centavos: '20000' … '5') and totals of the other groups. */
export const closeCountSchema = z.object({
  denominations: z.record(z.string().regex(/^\d{1,5}$/), z.number().int().min(0).max(100_000)).default({}),
  /** Counted totals per report group other than Dinheiro, e.g. { PIX: 1500, Crédito: 3000 }. */
  methods: z.record(z.string().trim().min(1).max(60), money(MSG.invalidAmount).min(0, MSG.invalidAmount)).default({}),
});

export const closeSessionSchema = z.object({
  notes: optText(500),
  /** Required from cashier-only users (blind close); optional for owner and administrators. */
  count: closeCountSchema.nullish(),
});
export type CloseSessionInput = z.input<typeof closeSessionSchema>;

/** Sangria and suprimento: amount and reason required ("Campos obrigatórios"), amount > 0 ("Valor inválido"). */
export const cashMovementSchema = z.object({
  amount: z
    .number({ error: MSG.requiredFieldsShort })
    .int(MSG.invalidAmount)
    .gt(0, MSG.invalidAmount)
    .max(MAX_CENTS, MSG.invalidAmount),
  reason: z.string({ error: MSG.requiredFieldsShort }).trim().min(1, MSG.requiredFieldsShort).max(300, MSG.tooLong),
  /** The owner or an administrator confirmed a sangria above the drawer's expected cash (decision 054). */
  confirmAboveDrawer: z.boolean().optional(),
});
export type CashMovementInput = z.input<typeof cashMovementSchema>;

/** A cart line as a PROPOSAL (ids and quantities; the server prices it), the storefront's line shape. */
export const pdvItemSchema = z.object({
  ...proposedLineChoices,
  quantity: z.number().int(MSG.invalidQuantity).min(1, MSG.invalidQuantity).max(9999, MSG.invalidQuantity),
  notes: optText(500),
});
export type PdvItemInput = z.input<typeof pdvItemSchema>;

/** Empty is refused by the service with the spec's own title ("Carrinho vazio"), not as malformed input. */
const itemsSchema = z.array(pdvItemSchema, { error: MSG.emptyCart }).max(200);

export const reserveSaleSchema = z.object({
  /** Given by a terminal that reserved without a connection: sending it again keeps one reservation. */
  id: z.uuid({ message: 'Identificador inválido' }).optional(),
  items: itemsSchema,
  discount: money(MSG.invalidAmount).min(0, MSG.invalidAmount).default(0),
  customerName: optText(120),
});
export type ReserveSaleInput = z.input<typeof reserveSaleSchema>;

/** Amounts of zero or less and an empty list are refused by the payment rules with the spec's texts. */
export const salePaymentSchema = z.object({
  methodId: z.string({ error: MSG.selectPaymentMethod }).trim().max(100),
  amount: z.number({ error: MSG.amountMustBePositive }).int(MSG.amountMustBePositive).max(MAX_CENTS),
  /** Cash handed over, for methods that give change. */
  received: z.number().int().min(0).max(MAX_CENTS).nullish(),
  installments: z.number().int().min(1).max(12).nullish(),
});
export type SalePaymentInput = z.input<typeof salePaymentSchema>;

/**
 * Finalizar Venda. Send the header Idempotency-Key (8–100 of A-Z a-z 0-9 . _ : -), one per sale
 * attempt, reused on retries: a retry answers the first sale. The server recomputes every price and
 * refuses payments that do not cover its total.
 */
export const finalizeSaleSchema = z.object({
  items: itemsSchema,
  discount: money(MSG.invalidAmount).min(0, MSG.invalidAmount).default(0),
  payments: z.array(salePaymentSchema, { error: MSG.addOnePayment }).max(10),
  customerName: optText(120),
  customerCpf: optText(20),
  /** "Emitir NFC-e" ticked at the PDV, for a restaurant that issues notes only on request. */
  issueNote: z.boolean().optional(),
  /** Required with an approval: why the discount is above the giver's limit. */
  discountReason: optText(200),
  /** A discount above the giver's limit: the e-mail and password of someone whose limit covers it. */
  discountApproval: discountApprovalSchema.nullish(),
  /** The reserved sale this cart was resumed from; removed in the same transaction. */
  reservedSaleId: z.uuid().nullish(),
});
export type FinalizeSaleInput = z.input<typeof finalizeSaleSchema>;

export const reportDateQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida')
    // A real calendar day: 2026-02-30 does not survive the round trip.
    .refine((d) => {
      const time = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(d);
    }, 'Data inválida')
    .optional(),
});

export const conciliationQuery = z.object({ sessionId: z.uuid({ message: 'Identificador inválido' }).optional() });

export const productLookupQuery = z.object({
  code: z.string({ error: 'Informe o código' }).trim().min(1, 'Informe o código').max(100),
});

export const pixSettingsSchema = z.object({
  key: z.string({ error: 'Informe a chave PIX' }).trim().min(1, 'Informe a chave PIX').max(120),
  keyType: z.enum(['cpf', 'cnpj', 'email', 'phone', 'random'], { message: 'Tipo de chave inválido' }),
  merchantName: z
    .string({ error: 'Informe o nome do recebedor' })
    .trim()
    .min(1, 'Informe o nome do recebedor')
    .max(25, 'Use até 25 caracteres'),
  merchantCity: z
    .string({ error: 'Informe a cidade' })
    .trim()
    .min(1, 'Informe a cidade')
    .max(15, 'Use até 15 caracteres'),
  /** The editor's own password: needed when someone other than the owner changes the key (decision 048). */
  currentPassword: z.string().max(200).nullish(),
});
export type PixSettingsInput = z.input<typeof pixSettingsSchema>;
