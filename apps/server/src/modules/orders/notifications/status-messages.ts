import type { DbOrTx } from '@meucardapio/db/client';
import { restaurants } from '@meucardapio/db/schema';
import { toWhatsAppNumber } from '@meucardapio/domain/phone';
import {
  isStatusMessageStatus,
  noteMessageLine,
  renderStatusMessage,
  resolveStatusMessages,
  statusMessageKind,
} from '@meucardapio/domain/status-messages';
import { eq, sql } from 'drizzle-orm';
import { authorisedNoteLinks } from '../../fiscal/note-links';
import { enqueueNewOrderNotifications } from './new-order-message';
import { queueOutboxRow } from './outbox-queue';

type StatusMessageOrder = {
  id: string;
  restaurantId: string;
  number: number;
  customerName: string;
  customerPhone: string | null;
  deliveryType: string;
};

/**
 * Queues the customer's WhatsApp message for the status an order just reached (accepted, out for
 * delivery, delivered), when the restaurant has it on. Call it inside the transaction that changes the
 * status: the outbox's unique (restaurant, order, kind) key keeps it to one message per status however
 * many times or concurrently the status is set, and the outbox worker sends it after the commit (the
 * row's NOTIFY wakes it). Returns whether a row was queued.
 */
export async function queueStatusMessage(
  tx: DbOrTx,
  publicUrl: string,
  order: StatusMessageOrder,
  status: string,
): Promise<boolean> {
  if (!isStatusMessageStatus(status) || order.deliveryType === 'pdv') return false;
  const phone = toWhatsAppNumber(order.customerPhone ?? '');
  if (!phone) return false;
  const [restaurant] = await tx
    .select({ name: restaurants.name, settings: restaurants.whatsappStatusMessages })
    .from(restaurants)
    .where(eq(restaurants.id, order.restaurantId))
    .limit(1);
  if (!restaurant) return false;
  const setting = resolveStatusMessages(restaurant.settings)[status];
  if (!setting.enabled) return false;
  // "Recebemos seu pedido" goes first: queued now if it was not queued with the order or its payment.
  await enqueueNewOrderNotifications(tx, order.restaurantId, order.id);
  const text = renderStatusMessage(setting.template, {
    customerName: order.customerName,
    number: order.number,
    status,
    link: `${publicUrl.replace(/\/$/, '')}/customer`,
    restaurantName: restaurant.name,
  });
  // A delivered order whose NFC-e is already authorised (issued on payment) carries SEFAZ's link to it.
  const noteUrl =
    status === 'delivered' ? (await authorisedNoteLinks(tx, order.restaurantId, [order.id])).get(order.id) : undefined;
  const body = noteUrl ? `${text}\n${noteMessageLine(noteUrl)}` : text;
  return queueOutboxRow(tx, {
    restaurantId: order.restaurantId,
    orderId: order.id,
    kind: statusMessageKind(status),
    phone,
    body,
    // The statement's clock, not the transaction's start: after a new-order row queued just above.
    createdAt: sql`clock_timestamp()`,
  });
}
