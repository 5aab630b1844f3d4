import type { DbOrTx } from '@meucardapio/db/client';
import {
  cashSalePayments,
  fiscalNotes,
  orderItems,
  orders,
  restaurants,
  tableAccountPayments,
  tableAccounts,
} from '@meucardapio/db/schema';
import { type DanfeTicket, danfeTicket } from '@meucardapio/domain/danfe-ticket';
import { cashChangeOf, orderLabel, restaurantAddressLine } from '@meucardapio/domain/order-display';
import type { Ticket } from '@meucardapio/domain/printing';
import { type AccountKind, accountLabel } from '@meucardapio/domain/table-accounts';
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { tenant } from '../../http/tenant';

/** A closed table account's DANFE and its job title. */
export type DanfeOfAccount = { ticket: Ticket; title: string };

export type DanfeOfOrder = {
  ticket: Ticket;
  order: { number: number; deliveryType: string; status: string; offline: boolean };
  title: string;
};

/**
 * An order's authorised NFC-e as its DANFE prints it, from the note and the sale as stored (the items and
 * payments the note was built from); null while the order has no authorised note.
 */
export async function danfeOfOrder(db: DbOrTx, restaurantId: string, orderId: string): Promise<DanfeOfOrder | null> {
  const [row] = await db
    .select({ note: fiscalNotes, order: orders, restaurant: restaurants })
    .from(fiscalNotes)
    .innerJoin(orders, eq(orders.id, fiscalNotes.orderId))
    .innerJoin(restaurants, eq(restaurants.id, fiscalNotes.restaurantId))
    .where(tenant(fiscalNotes, restaurantId, eq(fiscalNotes.orderId, orderId), printable))
    .limit(1);
  if (!row?.note.chave) return null;
  const { note, order, restaurant: r } = row;
  const items = await db
    .select()
    .from(orderItems)
    .where(tenant(orderItems, restaurantId, eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.id));
  const pdvPayments = await db
    .select()
    .from(cashSalePayments)
    .where(tenant(cashSalePayments, restaurantId, eq(cashSalePayments.orderId, orderId)))
    .orderBy(asc(cashSalePayments.position));
  const isPdv = order.deliveryType === 'pdv';
  const data: DanfeTicket = {
    emitter: emitterOf(r),
    saleLabel: isPdv ? `Venda #${order.number}` : orderLabel(order.number),
    items: items.map((i) => ({
      name: i.name,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      totalPrice: i.totalPrice,
    })),
    subtotal: order.subtotal,
    discount: order.discount,
    deliveryFee: order.deliveryFee,
    total: order.total,
    payments: pdvPayments.length
      ? pdvPayments.map((p) => ({ method: p.methodName, amount: p.amount + p.changeAmount }))
      : [
          {
            method: order.paymentMethod ?? 'Outros',
            amount: cashChangeOf(order.paymentData).paidAmount ?? order.total,
          },
        ],
    change: pdvPayments.length
      ? pdvPayments.reduce((s, p) => s + p.changeAmount, 0)
      : (cashChangeOf(order.paymentData).changeAmount ?? 0),
    note: noteOf(note),
    timezone: r.timezone,
  };
  return {
    ticket: danfeTicket(data),
    order: {
      number: order.number,
      deliveryType: order.deliveryType,
      status: order.status,
      offline: Boolean(order.paymentData?.offline),
    },
    title: `DANFE NFC-e nº ${note.numero} · ${data.saleLabel}`,
  };
}

// A note being cancelled is still valid until SEFAZ registers the cancellation.
const printable = inArray(fiscalNotes.status, ['authorized', 'cancelling']);

type NoteRow = typeof fiscalNotes.$inferSelect;
type RestaurantRow = typeof restaurants.$inferSelect;

function emitterOf(r: RestaurantRow): DanfeTicket['emitter'] {
  return {
    razaoSocial: r.nomeRazaoSocial ?? r.name,
    cnpj: (r.cnpj ?? '').replace(/\D/g, ''),
    inscricaoEstadual: r.inscricaoEstadual,
    address: restaurantAddressLine(r),
  };
}

function noteOf(note: NoteRow): DanfeTicket['note'] {
  return {
    ambiente: note.ambiente as DanfeTicket['note']['ambiente'],
    numero: note.numero,
    serie: note.serie,
    chave: note.chave!,
    protocolo: note.protocolo,
    issuedAt: note.issuedAt,
    authorizedAt: note.authorizedAt,
    consultaUrl: note.consultaUrl,
    qrCodeUrl: note.qrCodeUrl,
    buyerCpf: note.buyerCpf,
  };
}

/**
 * A closed table account's authorised NFC-e (decision 087) as its DANFE prints it: the items still standing
 * in its rounds, its service charge and couvert, its discount and the parts it was paid in.
 */
export async function danfeOfAccount(
  db: DbOrTx,
  restaurantId: string,
  accountId: string,
): Promise<DanfeOfAccount | null> {
  const [row] = await db
    .select({ note: fiscalNotes, account: tableAccounts, restaurant: restaurants })
    .from(fiscalNotes)
    .innerJoin(tableAccounts, eq(tableAccounts.id, fiscalNotes.tableAccountId))
    .innerJoin(restaurants, eq(restaurants.id, fiscalNotes.restaurantId))
    .where(tenant(fiscalNotes, restaurantId, eq(fiscalNotes.tableAccountId, accountId), printable))
    .limit(1);
  if (!row?.note.chave || row.account.total === null) return null;
  const { note, account, restaurant: r } = row;
  const total = row.account.total;
  const [items, parts] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(tenant(orderItems, restaurantId, eq(orderItems.tableAccountId, accountId), isNull(orderItems.cancelledAt)))
      .orderBy(asc(orderItems.id)),
    db
      .select()
      .from(tableAccountPayments)
      .where(tenant(tableAccountPayments, restaurantId, eq(tableAccountPayments.accountId, accountId)))
      .orderBy(asc(tableAccountPayments.createdAt), asc(tableAccountPayments.id)),
  ]);
  const subtotal = items.reduce((sum, i) => sum + i.totalPrice, 0);
  const service = account.serviceCharge ?? 0;
  const saleLabel = accountLabel(account.kind as AccountKind, account.number);
  const data: DanfeTicket = {
    emitter: emitterOf(r),
    saleLabel,
    items: items.map((i) => ({ name: i.name, quantity: i.quantity, unitPrice: i.unitPrice, totalPrice: i.totalPrice })),
    subtotal,
    discount: account.discount,
    deliveryFee: 0,
    charges: [
      { label: 'Taxa de serviço', amount: service },
      { label: 'Couvert', amount: total - (subtotal - account.discount) - service },
    ],
    total,
    payments: parts.map((p) => ({ method: p.methodName, amount: p.amount + p.changeAmount })),
    change: parts.reduce((sum, p) => sum + p.changeAmount, 0),
    note: noteOf(note),
    timezone: r.timezone,
  };
  return { ticket: danfeTicket(data), title: `DANFE NFC-e nº ${note.numero} · ${saleLabel}` };
}
