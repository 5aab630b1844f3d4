import type { DbOrTx } from '@meucardapio/db/client';
import { fiscalNotes } from '@meucardapio/db/schema';
import { inArray } from 'drizzle-orm';
import { tenant } from '../../http/tenant';

/**
 * Where a customer sees an order's NFC-e: SEFAZ's address in the note's QR code (its consulta page when a
 * note has none), for authorised notes only (one being cancelled still is, until SEFAZ says otherwise).
 */
export async function authorisedNoteLinks(
  db: DbOrTx,
  restaurantId: string,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: fiscalNotes.orderId,
      qrCodeUrl: fiscalNotes.qrCodeUrl,
      consultaUrl: fiscalNotes.consultaUrl,
    })
    .from(fiscalNotes)
    .where(
      tenant(
        fiscalNotes,
        restaurantId,
        inArray(fiscalNotes.orderId, [...orderIds]),
        inArray(fiscalNotes.status, ['authorized', 'cancelling']),
      ),
    );
  const links = new Map<string, string>();
  for (const r of rows) {
    const url = r.qrCodeUrl ?? r.consultaUrl;
    if (url && r.orderId) links.set(r.orderId, url);
  }
  return links;
}
