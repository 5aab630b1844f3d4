import { z } from 'zod';
import { discountApprovalSchema } from './cashier-discounts';
import { orderProposalSchema } from './checkout';
import type { StaffOrderItemView } from './order-views';
import type { AccountKind, AccountStatus, Bill } from './table-accounts';

/** Requests and answers of the table accounts API, shared by the server and the waiter's app. */

export const openAccountSchema = z.object({
  kind: z.enum(['table', 'tab']).default('table'),
  number: z.number().int().min(1, { message: 'Número inválido' }).max(100000, { message: 'Número inválido' }),
  people: z
    .number()
    .int()
    .min(1, { message: 'Informe quantas pessoas' })
    .max(100, { message: 'No máximo 100 pessoas' }),
});

/** A round: the storefront's cart lines (ids and quantities; the server prices them). */
export const roundSchema = orderProposalSchema.pick({ items: true });

export const cancelItemSchema = z.object({ reason: z.string().max(200).nullish() });

export const transferSchema = z.object({
  /** The items to move (order item ids); absent = the whole account moves to the other table. */
  itemIds: z
    .array(z.string().uuid({ message: 'Item inválido' }))
    .max(200)
    .optional(),
  toNumber: z.number().int().min(1, { message: 'Mesa inválida' }).max(100000, { message: 'Mesa inválida' }),
});

export const joinSchema = z.object({
  /** The other table's number: its account is joined into this one. */
  number: z.number().int().min(1, { message: 'Mesa inválida' }).max(100000, { message: 'Mesa inválida' }),
});

export const serviceChargeSchema = z.object({
  removed: z.boolean(),
  reason: z.string().max(200).nullish(),
  percent: z.number().int().min(0).max(20).optional(),
});

export const accountPaymentSchema = z.object({
  methodId: z.string().min(1, { message: 'Selecione uma forma de pagamento' }).max(100),
  amount: z.number().int().min(1, { message: 'Informe o valor' }).max(100_000_000),
  received: z.number().int().min(0).max(100_000_000).nullish(),
  installments: z.number().int().min(1).max(24).optional(),
});

const SERVICE_PERCENT_MSG = 'Use um percentual inteiro de 0 a 20';
const COUVERT_MSG = 'O couvert vai de R$ 0,00 a R$ 1.000,00 por pessoa';

/** Configurações → Mesas: the service charge percentage and the couvert per person of new accounts. */
export const accountSettingsSchema = z.object({
  servicePercent: z
    .number({ error: SERVICE_PERCENT_MSG })
    .int(SERVICE_PERCENT_MSG)
    .min(0, SERVICE_PERCENT_MSG)
    .max(20, SERVICE_PERCENT_MSG),
  couvertPerPerson: z.number({ error: COUVERT_MSG }).int(COUVERT_MSG).min(0, COUVERT_MSG).max(100_000, COUVERT_MSG),
});

export type AccountSettingsView = z.output<typeof accountSettingsSchema>;

/** A discount on the account (0 removes it); above the giver's limit, an approval and a reason as at the PDV. */
export const accountDiscountSchema = z.object({
  amount: z
    .number({ error: 'Informe o valor do desconto' })
    .int('Informe o valor do desconto')
    .min(0, 'Informe o valor do desconto')
    .max(100_000_000, 'Desconto inválido'),
  reason: z
    .string()
    .trim()
    .max(200, 'Use no máximo 200 caracteres')
    .nullish()
    .transform((v) => v || null),
  approval: discountApprovalSchema.nullish(),
});

/** Fechar conta: the customer's CPF for the table's NFC-e, when the restaurant issues it at closing. */
export const closeAccountSchema = z.object({ buyerCpf: z.string().max(20, 'CPF inválido').nullish() });

export type AccountItemView = StaffOrderItemView;

export type AccountRoundView = {
  orderId: string;
  orderNumber: number;
  /** "Mesa 4 · rodada 2" (the round's own table, also for items transferred in). */
  label: string;
  placedBy: string;
  createdAt: string;
  status: string;
  items: AccountItemView[];
};

export type AccountPaymentView = {
  id: string;
  methodName: string;
  amount: number;
  received: number | null;
  change: number;
  pixBrCode: string | null;
  employeeName: string;
  createdAt: string;
};

export type AccountView = {
  id: string;
  kind: AccountKind;
  number: number;
  label: string;
  status: Exclude<AccountStatus, 'free'>;
  people: number;
  openedAt: string;
  openedByName: string;
  billRequestedAt: string | null;
  closedAt: string | null;
  servicePercent: number;
  serviceRemovedReason: string | null;
  couvertPerPerson: number;
  /** Who gave the account's discount (and approved it above their limit) and why; null without one. */
  discountInfo: { givenBy: string; approvedBy: string | null; reason: string | null } | null;
  rounds: AccountRoundView[];
  bill: Bill;
  paid: number;
  remaining: number;
  payments: AccountPaymentView[];
};

/** One tile of the room: a table (or an open tab) with its open account, if any. */
export type RoomTile = {
  kind: AccountKind;
  number: number;
  status: AccountStatus;
  account: { id: string; people: number; openedAt: string; total: number; remaining: number } | null;
};

export type RoomView = { tiles: RoomTile[]; now: string; servicePercent: number; couvertPerPerson: number };

/** What a phone at the table sees: the account's rounds and bill, no staff names or payments' details. */
export type CustomerAccountView = Pick<
  AccountView,
  'label' | 'status' | 'people' | 'rounds' | 'bill' | 'paid' | 'remaining' | 'servicePercent'
>;

export type AccountPaymentResult = { account: AccountView; payment: AccountPaymentView; replayed: boolean };

export type TurnoverView = {
  date: string;
  accounts: number;
  averageMinutes: number;
  averageTicketPerPerson: number;
  /** Σ of the service charge of the accounts closed that day: the staff's share. */
  serviceCharge: number;
};
