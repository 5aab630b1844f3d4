import { createHash } from 'node:crypto';
import { type DbOrTx, readTogether } from '@meucardapio/db/client';
import { cityCode, listStates } from '@meucardapio/db/geo/geo';
import {
  cashSalePayments,
  type fiscalNotes,
  orderItems,
  orders,
  paymentMethods,
  products,
  type restaurants,
  tableAccountPayments,
  tableAccounts,
} from '@meucardapio/db/schema';
import { isOnlineCheckoutOrder } from '@meucardapio/domain/hosted-checkout';
import {
  buildNfcePayload,
  type NfcePayload,
  type NoteEmitter,
  type NotePayment,
  type NoteSale,
} from '@meucardapio/domain/nfce-payload';
import { cashChangeOf } from '@meucardapio/domain/order-display';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import { tenant } from '../../http/tenant';

type NoteRow = typeof fiscalNotes.$inferSelect;
type RestaurantRow = typeof restaurants.$inferSelect;

/** Card brands as SEFAZ codes them (tBand), from the names payment providers return. */
const T_BAND: Record<string, string> = {
  visa: '01',
  mastercard: '02',
  master: '02',
  amex: '03',
  'american express': '03',
  sorocred: '04',
  diners: '05',
  elo: '06',
  hipercard: '07',
  aura: '08',
  cabal: '09',
};

/** The UTC offset of a moment in a timezone, in minutes (−180 for America/Sao_Paulo). */
export function utcOffsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** The emitting company as the restaurant's settings describe it, or what is missing (pt-BR). */
export function emitterOf(r: RestaurantRow): { emitter: NoteEmitter } | { missing: string[] } {
  const missing: string[] = [];
  const cnpj = (r.cnpj ?? '').replace(/\D/g, '');
  if (cnpj.length !== 14) missing.push('CNPJ');
  if (!r.nomeRazaoSocial) missing.push('razão social');
  if (!r.inscricaoEstadual) missing.push('inscrição estadual');
  const state = listStates().find((s) => s.code === r.addressState);
  const city = r.addressState && r.addressCity ? cityCode(r.addressState, r.addressCity) : null;
  if (!r.addressStreet || !r.addressNumber || !r.addressNeighborhood || !r.addressCep || !state || !city)
    missing.push('endereço completo (rua, número, bairro, cidade, UF e CEP)');
  if (missing.length || !state || !city) return { missing };
  return {
    emitter: {
      cnpj,
      razaoSocial: r.nomeRazaoSocial ?? r.name,
      nomeFantasia: r.name,
      inscricaoEstadual: r.inscricaoEstadual ?? '',
      inscricaoMunicipal: r.inscricaoMunicipal,
      crt: r.nfceCrt,
      street: r.addressStreet ?? '',
      number: r.addressNumber ?? '',
      complement: r.addressComplement,
      neighborhood: r.addressNeighborhood ?? '',
      cityCode: city,
      cityName: r.addressCity ?? '',
      uf: state.code,
      ufCode: state.ibge,
      cep: r.addressCep ?? '',
      phone: r.whatsapp,
    },
  };
}

/**
 * The sale a note stands for, read as the server stored it: its items with their products' fiscal data
 * as they are now (a fixed product is what a re-emission sends), and its payments.
 */
export async function loadNoteSale(db: DbOrTx, note: NoteRow): Promise<NoteSale | null> {
  if (note.tableAccountId) return loadAccountSale(db, note, note.tableAccountId);
  if (!note.orderId) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(tenant(orders, note.restaurantId, eq(orders.id, note.orderId)))
    .limit(1);
  if (!order) return null;
  const [items, pdvPayments, providerMethods] = await readTogether(db, [
    () => saleItems(db, note.restaurantId, eq(orderItems.orderId, order.id)),
    () =>
      db
        .select()
        .from(cashSalePayments)
        .where(tenant(cashSalePayments, note.restaurantId, eq(cashSalePayments.orderId, order.id)))
        .orderBy(asc(cashSalePayments.position)),
    () => providerMethodsOf(db, note.restaurantId),
  ]);
  const data = order.paymentData ?? {};
  // The PDV's own QR (pix_br_code) is the restaurant's key even on a provider-enabled method.
  const localQr = typeof data.pix_br_code === 'string';
  const brand = typeof data.card_brand === 'string' ? T_BAND[data.card_brand.toLowerCase()] : undefined;
  const card = typeof data.aut === 'string' ? { cAut: data.aut, tBand: brand ?? null } : null;
  const payments: NotePayment[] = pdvPayments.length
    ? pdvPayments.map((p) => ({
        methodName: p.methodName,
        amount: p.amount,
        received: p.receivedAmount,
        pixKind: providerMethods.has(p.methodId) && !localQr ? ('provider' as const) : ('static' as const),
        card,
      }))
    : [
        {
          methodName: order.paymentMethod ?? 'Outros',
          amount: order.total,
          received: cashChangeOf(data).paidAmount,
          pixKind: isOnlineCheckoutOrder(order) ? ('provider' as const) : ('static' as const),
          card,
        },
      ];
  return {
    orderId: order.id,
    number: order.number,
    deliveryType: order.deliveryType,
    subtotal: order.subtotal,
    discount: order.discount,
    otherCharges: order.deliveryFee,
    total: order.total,
    items,
    payments,
    buyerCpf: note.buyerCpf,
  };
}

/**
 * A closed table account as one sale: the items still standing in its rounds (and those moved to it),
 * its discount, its service charge and couvert, and the parts it was paid in.
 */
async function loadAccountSale(db: DbOrTx, note: NoteRow, accountId: string): Promise<NoteSale | null> {
  const [account] = await db
    .select()
    .from(tableAccounts)
    .where(tenant(tableAccounts, note.restaurantId, eq(tableAccounts.id, accountId)))
    .limit(1);
  if (!account || account.total === null) return null;
  const [items, parts, providerMethods] = await readTogether(db, [
    () =>
      saleItems(db, note.restaurantId, and(eq(orderItems.tableAccountId, accountId), isNull(orderItems.cancelledAt))),
    () =>
      db
        .select()
        .from(tableAccountPayments)
        .where(tenant(tableAccountPayments, note.restaurantId, eq(tableAccountPayments.accountId, accountId)))
        .orderBy(asc(tableAccountPayments.createdAt), asc(tableAccountPayments.id)),
    () => providerMethodsOf(db, note.restaurantId),
  ]);
  const subtotal = items.reduce((sum, i) => sum + i.totalPrice, 0);
  return {
    orderId: account.id,
    number: account.number,
    deliveryType: 'dine_in',
    subtotal,
    discount: account.discount,
    otherCharges: account.total - (subtotal - account.discount),
    total: account.total,
    items,
    payments: parts.map((p) => ({
      methodName: p.methodName,
      amount: p.amount,
      received: p.receivedAmount,
      pixKind: providerMethods.has(p.methodId) && !p.pixBrCode ? ('provider' as const) : ('static' as const),
      card: null,
    })),
    buyerCpf: note.buyerCpf,
  };
}

async function saleItems(db: DbOrTx, restaurantId: string, where: SQL | undefined): Promise<NoteSale['items']> {
  const rows = await db
    .select({ item: orderItems, product: products })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(tenant(orderItems, restaurantId, where))
    .orderBy(asc(orderItems.id));
  return rows.map(({ item, product }) => ({
    productId: item.productId,
    name: item.name,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    totalPrice: item.totalPrice,
    cfop: product?.cfop ?? null,
    codigoNcm: product?.codigoNcm ?? null,
    codigoCest: product?.codigoCest ?? null,
    csosnIcms: product?.csosnIcms ?? null,
    origemMercadoria: product?.origemMercadoria ?? null,
    unidade: product?.unidade ?? null,
    codigoBarras: product?.codigoBarras ?? null,
    exTipi: product?.exTipi ?? null,
    cstPisCofins: product?.cstPisCofins ?? null,
  }));
}

/** The ids of the methods paid through the provider's checkout (their PIX is the provider's, tpag 17). */
async function providerMethodsOf(db: DbOrTx, restaurantId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(tenant(paymentMethods, restaurantId, eq(paymentMethods.infinitepayEnabled, true)));
  return new Set(rows.map((m) => m.id));
}

/** The sale id a note's `referencia` starts with (its re-emissions add `-<emission>`). */
export const saleIdOf = (note: { orderId: string | null; tableAccountId: string | null }) =>
  (note.orderId ?? note.tableAccountId) as string;

/** The 8 digits of the chave de acesso that are the note's own: fixed per note and emission. */
function codeOf(note: NoteRow): string {
  const n = Number.parseInt(createHash('sha256').update(`${note.id}:${note.emission}`).digest('hex').slice(0, 8), 16);
  return String(n % 100_000_000).padStart(8, '0');
}

/** The `NfePedidoEmissao` for a note, issued now (decision 050: the note's time is its transmission's). */
export function notePayload(
  note: NoteRow,
  sale: NoteSale,
  emitter: NoteEmitter,
  r: RestaurantRow,
  at: Date,
): NfcePayload {
  return buildNfcePayload(sale, emitter, {
    ambiente: note.ambiente as 'homologacao' | 'producao',
    serie: note.serie,
    numero: note.numero,
    issuedAt: at,
    utcOffsetMinutes: utcOffsetMinutes(at, r.timezone),
    cNF: codeOf(note),
    referencia: note.referencia,
  });
}
