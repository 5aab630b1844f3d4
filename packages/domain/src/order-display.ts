import { z } from 'zod';
import { formatBRL } from './money';
import type { OrderAddressView, OrderItemView } from './order-views';

/**
 * How people name an order and read its cash change and notes, the same on the storefront, the board,
 * the receipt, the delivery screen and the WhatsApp message.
 */

/** An address's parts, as orders and the restaurant's settings keep them. */
export type AddressParts = {
  address: string | null;
  addressNumber: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
};

/** An order's address with nothing in it: pickup, table and counter orders, and the orders of an erased customer. */
export const NO_ORDER_ADDRESS: OrderAddressView = {
  address: null,
  addressNumber: null,
  complement: null,
  neighborhood: null,
  city: null,
  state: null,
  cep: null,
};

/** "Rua X, 123 · Apto 4 · Savassi · Belo Horizonte/MG": an order's destination or the restaurant's own address. */
export function addressLine(a: AddressParts): string {
  const street = [a.address, a.addressNumber].filter(Boolean).join(', ');
  return [street, a.complement, a.neighborhood, [a.city, a.state].filter(Boolean).join('/')]
    .filter((p) => p && String(p).trim() !== '')
    .join(' · ');
}

/** The restaurant's street address as one line, or null until the owner fills the street in. */
export function restaurantAddressLine(r: {
  addressStreet: string | null;
  addressNumber: string | null;
  addressComplement: string | null;
  addressNeighborhood: string | null;
  addressCity: string | null;
  addressState: string | null;
}): string | null {
  if (!r.addressStreet?.trim()) return null;
  return addressLine({
    address: r.addressStreet,
    addressNumber: r.addressNumber,
    complement: r.addressComplement,
    neighborhood: r.addressNeighborhood,
    city: r.addressCity,
    state: r.addressState,
  });
}

/** The per-restaurant number people call out: "Pedido #2". */
export function orderLabel(number: number): string {
  return `Pedido #${number}`;
}

/** What a cash order carries for the courier: the note the customer pays with and the change owed. */
export type CashChange = { paidAmount: number | null; changeAmount: number | null };

/**
 * Reads the cash amounts checkout stores in `payment_data` (`paid_amount`, `change_amount`).
 * Anything that is not a finite number reads as absent.
 */
export function cashChangeOf(paymentData: Record<string, unknown> | null | undefined): CashChange {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return { paidAmount: num(paymentData?.paid_amount), changeAmount: num(paymentData?.change_amount) };
}

/**
 * The two halves of the change text, ["Troco para R$ 100,00", "(levar R$ 42,50)"], so a narrow screen
 * breaks between them and never inside an amount; null when there is no change to bring (not cash, or
 * the customer pays the exact total).
 */
export function cashChangeParts(c: CashChange): [string, string] | null {
  if (c.paidAmount === null || c.changeAmount === null || c.changeAmount <= 0) return null;
  return [`Troco para ${formatBRL(c.paidAmount)}`, `(levar ${formatBRL(c.changeAmount)})`];
}

/** "Troco para R$ 100,00 (levar R$ 42,50)", or null when there is no change to bring. */
export function cashChangeText(c: CashChange): string | null {
  return cashChangeParts(c)?.join(' ') ?? null;
}

/** Longest note on one cart line ("sem cebola"). */
export const ITEM_NOTE_MAX = 140;
/** Longest note on a whole order. */
export const ORDER_NOTE_MAX = 500;

export const ITEM_NOTE_TOO_LONG = `A observação do item deve ter no máximo ${ITEM_NOTE_MAX} caracteres.`;
export const ORDER_NOTE_TOO_LONG = `A observação do pedido deve ter no máximo ${ORDER_NOTE_MAX} caracteres.`;

/** A note as typed: trimmed, empty becomes null. */
const noteSchema = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

/** One cart line's note, checked the same in the product dialog and on the server. */
export const itemNoteSchema = noteSchema(ITEM_NOTE_MAX, ITEM_NOTE_TOO_LONG);
/** The order's note, checked the same in the checkout and on the server. */
export const orderNoteSchema = noteSchema(ORDER_NOTE_MAX, ORDER_NOTE_TOO_LONG);

/**
 * "Grande · Preta · Calabresa / Mussarela · + 2x Borda" — the choices under an item's name on the board,
 * the receipts and the PDV's sale detail, so a half-and-half pizza reads the same everywhere.
 */
export function itemDetails(i: Pick<OrderItemView, 'variation' | 'colors' | 'pizzaFlavors' | 'addons'>): string {
  const parts: string[] = [];
  if (i.variation?.name) parts.push(i.variation.name);
  if (i.colors.length) parts.push(i.colors.map((c) => c.name).join(', '));
  if (i.pizzaFlavors.length) parts.push(i.pizzaFlavors.map((f) => f.name).join(' / '));
  if (i.addons.length)
    parts.push(i.addons.map((a) => `+ ${a.quantity && a.quantity > 1 ? `${a.quantity}x ` : ''}${a.name}`).join(', '));
  return parts.join(' · ');
}
