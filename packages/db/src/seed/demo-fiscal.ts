import { createHash, randomUUID } from 'node:crypto';
import { accessKey } from '@meucardapio/domain/fiscal-rules';
import { nfceQrCode } from '@meucardapio/domain/nfce-qr';
import { simulatedNoteId, simulatedNoteXml } from '@meucardapio/domain/nfce-simulated';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { fiscalNoteHistory, fiscalNotes, orders, restaurants } from '../schema';

/**
 * The demo restaurant issues NFC-e in homologação through the simulator (no credentials): its emitter data
 * and Configurações → Fiscal, and an authorised note for every PDV sale of its history, written as the
 * queue leaves a note the simulator authorised (chave with its check digit, protocolo, SEFAZ's QR code, the
 * simulator's document id and XML, so its files download) rather than emitted, so "Notas fiscais" and the
 * sales' DANFE receipts are full on first start.
 */

const CNPJ = '11.222.333/0001-81';
/** São Paulo's IBGE code: the chave's first two digits. */
const SP = 35;
const SERIE = 1;

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

export async function seedDemoFiscal(tx: Tx, restaurantId: string) {
  const sales = await tx
    .select({ id: orders.id, total: orders.total, createdAt: orders.createdAt, paymentData: orders.paymentData })
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.deliveryType, 'pdv'), eq(orders.status, 'delivered')))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  await tx
    .update(restaurants)
    .set({
      cnpj: CNPJ,
      inscricaoEstadual: '110.042.490.114',
      addressCep: '01310-100',
      addressStreet: 'Avenida Paulista',
      addressNumber: '1000',
      addressNeighborhood: 'Bela Vista',
      addressCity: 'São Paulo',
      addressState: 'SP',
      nfceEnabled: true,
      nfceAmbiente: 'homologacao',
      nfceCrt: 1,
      nfceCscId: '1',
      nfceSerie: SERIE,
      nfcePdvMode: 'automatic',
      nfceStorefrontMode: 'on_delivery',
      nfceNumber: sales.length,
    })
    .where(eq(restaurants.id, restaurantId));

  const notes = sales.map((s, i) => {
    const numero = i + 1;
    // Sent a few seconds after the sale, authorised a second later: the queue's usual pace.
    const issuedAt = new Date(s.createdAt.getTime() + 3_000);
    const authorizedAt = new Date(issuedAt.getTime() + 1_200);
    const chave = accessKey({
      cUF: SP,
      issuedAt,
      cnpj: CNPJ,
      modelo: 65,
      serie: SERIE,
      numero,
      tpEmis: 1,
      cNF: (numero * 7_919 + 10_000_019) % 100_000_000,
    });
    const cpf = s.paymentData?.customer_cpf;
    const qr = nfceQrCode(chave, 'homologacao', sha1);
    const simulated = { r: s.id, k: chave, t: issuedAt.getTime(), a: 'homologacao', v: s.total } as const;
    return {
      id: randomUUID(),
      restaurantId,
      orderId: s.id,
      status: 'authorized',
      ambiente: 'homologacao',
      serie: SERIE,
      numero,
      referencia: s.id,
      buyerCpf: typeof cpf === 'string' ? cpf : null,
      total: s.total,
      chave,
      protocolo: `${SP}${String(issuedAt.getTime()).slice(-13)}`,
      ...qr,
      providerId: simulatedNoteId(simulated),
      xml: simulatedNoteXml(simulated, qr),
      sefazCode: 100,
      sefazReason: 'Autorizado o uso da NF-e',
      attempts: 1,
      nextAttemptAt: issuedAt,
      issuedAt,
      authorizedAt,
      createdAt: s.createdAt,
      updatedAt: authorizedAt,
    } satisfies typeof fiscalNotes.$inferInsert;
  });
  const history = notes.flatMap((n) => [
    {
      restaurantId,
      noteId: n.id,
      status: 'queued',
      message: `NFC-e nº ${n.numero} (série ${SERIE}) na fila de emissão`,
      createdAt: n.createdAt,
    },
    {
      restaurantId,
      noteId: n.id,
      status: 'authorized',
      message: `Autorizada: protocolo ${n.protocolo}`,
      createdAt: n.authorizedAt,
    },
  ]);
  for (let i = 0; i < notes.length; i += 400) await tx.insert(fiscalNotes).values(notes.slice(i, i + 400));
  for (let i = 0; i < history.length; i += 400) await tx.insert(fiscalNoteHistory).values(history.slice(i, i + 400));
}
