import type { DbOrTx } from '@meucardapio/db/client';
import { fiscalNoteHistory, fiscalNotes, orders, tableAccounts } from '@meucardapio/db/schema';
import type { FiscalNoteView, NoteStatus } from '@meucardapio/domain/fiscal-note';
import { checkBuyerDocument } from '@meucardapio/domain/fiscal-rules';
import { type AccountKind, accountLabel } from '@meucardapio/domain/table-accounts';
import { and, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { inTransaction, type ServiceCtx, type StaffCtx } from '../../http/context';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { loadAccount } from './fiscal-worker';
import { saleIdOf } from './note-source';
import { queueAccountNote, queueOrderNote } from './queue-note';

/** The "Notas fiscais" screen's use cases: list, one note with its history, re-emit, cancel, files. */

/** SEFAZ accepts the cancellation of an NFC-e only this soon after its authorisation (most states). */
export const CANCEL_WINDOW_MS = 30 * 60_000;
export const MIN_JUSTIFICATIVA = 15;

const NOTE_MSG = {
  notFound: 'Nota fiscal não encontrada',
  justificativa: `Informe uma justificativa de pelo menos ${MIN_JUSTIFICATIVA} caracteres.`,
  notAuthorized: 'Só uma nota autorizada pode ser cancelada.',
  windowClosed:
    'O prazo para cancelar esta NFC-e terminou (30 minutos após a autorização). Para corrigir, emita uma nota de devolução com seu contador.',
  notRejected: 'Só uma nota rejeitada ou com erro pode ser reemitida.',
  noXml: 'A nota ainda não tem XML: aguarde a autorização.',
};

export type NoteFilter = {
  status?: 'pending' | 'authorized' | 'rejected' | 'cancelled' | 'all';
  q?: string;
  limit: number;
};

type NoteRow = typeof fiscalNotes.$inferSelect;

/** Which statuses each filter shows; "pending" is everything still in the queue. */
const FILTERS: Record<string, NoteRow['status'][]> = {
  pending: ['queued', 'processing', 'cancelling'],
  authorized: ['authorized'],
  rejected: ['rejected', 'denied'],
  cancelled: ['cancelled'],
};

/** The sale as the note's screens name it. */
type SaleOf = { orderNumber: number | null; account: { kind: string; number: number } | null };

export function noteView(n: NoteRow, sale: SaleOf, now = Date.now()): FiscalNoteView {
  return {
    id: n.id,
    orderId: n.orderId,
    orderNumber: sale.orderNumber,
    tableAccountId: n.tableAccountId,
    accountLabel: sale.account ? accountLabel(sale.account.kind as AccountKind, sale.account.number) : null,
    status: n.status as NoteStatus,
    ambiente: n.ambiente as FiscalNoteView['ambiente'],
    serie: n.serie,
    numero: n.numero,
    total: n.total,
    buyerCpf: n.buyerCpf,
    chave: n.chave,
    protocolo: n.protocolo,
    qrCodeUrl: n.qrCodeUrl,
    consultaUrl: n.consultaUrl,
    sefazCode: n.sefazCode,
    sefazReason: n.sefazReason,
    lastError: n.lastError,
    attempts: n.attempts,
    hasXml: n.xml !== null,
    cancellable:
      n.status === 'authorized' && n.authorizedAt !== null && now - n.authorizedAt.getTime() < CANCEL_WINDOW_MS,
    createdAt: n.createdAt.toISOString(),
    issuedAt: n.issuedAt?.toISOString() ?? null,
    authorizedAt: n.authorizedAt?.toISOString() ?? null,
    cancelledAt: n.cancelledAt?.toISOString() ?? null,
  };
}

export async function listNotes(ctx: StaffCtx, filter: NoteFilter) {
  const conditions: SQL[] = [];
  const statuses = filter.status && filter.status !== 'all' ? FILTERS[filter.status] : null;
  if (statuses) conditions.push(inArray(fiscalNotes.status, statuses));
  const q = filter.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    const byNumber = /^#?\d{1,9}$/.test(q) ? eq(orders.number, Number(q.replace('#', ''))) : undefined;
    const byAccount = /^(mesa|comanda)\s*\d{1,9}$/i.test(q)
      ? and(
          eq(tableAccounts.kind, /^mesa/i.test(q) ? 'table' : 'tab'),
          eq(tableAccounts.number, Number(q.replace(/\D/g, ''))),
        )
      : undefined;
    const byDigits =
      digits.length >= 4
        ? or(ilike(fiscalNotes.chave, `%${digits}%`), ilike(fiscalNotes.buyerCpf, `%${digits}%`))
        : undefined;
    const any = [byNumber, byAccount, byDigits].filter((c): c is SQL => Boolean(c));
    conditions.push(any.length ? (or(...any) as SQL) : sql`false`);
  }
  const rows = await withSale(ctx.db)
    .where(tenant(fiscalNotes, ctx.restaurantId, ...conditions))
    .orderBy(desc(fiscalNotes.createdAt))
    .limit(filter.limit);
  return { notes: rows.map(({ n, ...sale }) => noteView(n, sale)), counts: await noteCounts(ctx) };
}

/** Notes with their sale: the order's number or the table account's kind and number (same restaurant). */
function withSale(db: DbOrTx) {
  return db
    .select({
      n: fiscalNotes,
      orderNumber: orders.number,
      account: { kind: tableAccounts.kind, number: tableAccounts.number },
    })
    .from(fiscalNotes)
    .leftJoin(orders, and(eq(orders.id, fiscalNotes.orderId), eq(orders.restaurantId, fiscalNotes.restaurantId)))
    .leftJoin(
      tableAccounts,
      and(eq(tableAccounts.id, fiscalNotes.tableAccountId), eq(tableAccounts.restaurantId, fiscalNotes.restaurantId)),
    );
}

/** How many notes wait (in the queue) and how many need staff (rejected): the sidebar's and dashboard's badge. */
export async function noteCounts(ctx: ServiceCtx) {
  const rows = await ctx.db
    .select({ status: fiscalNotes.status, n: count() })
    .from(fiscalNotes)
    .where(
      tenant(fiscalNotes, ctx.restaurantId, inArray(fiscalNotes.status, [...FILTERS.pending, ...FILTERS.rejected])),
    )
    .groupBy(fiscalNotes.status);
  const sum = (list: string[]) => rows.filter((r) => list.includes(r.status)).reduce((s, r) => s + Number(r.n), 0);
  return { pending: sum(FILTERS.pending), rejected: sum(FILTERS.rejected) };
}

async function noteRow(ctx: ServiceCtx, id: string): Promise<NoteRow> {
  const [n] = await ctx.db
    .select()
    .from(fiscalNotes)
    .where(tenant(fiscalNotes, ctx.restaurantId, eq(fiscalNotes.id, id)))
    .limit(1);
  if (!n) throw notFound(NOTE_MSG.notFound);
  return n;
}

/** The note, locked until the caller's transaction ends. */
async function lockedNote(ctx: ServiceCtx, id: string): Promise<NoteRow> {
  const [n] = await ctx.db
    .select()
    .from(fiscalNotes)
    .where(tenant(fiscalNotes, ctx.restaurantId, eq(fiscalNotes.id, id)))
    .for('update');
  if (!n) throw notFound(NOTE_MSG.notFound);
  return n;
}

export async function getNote(ctx: StaffCtx, id: string) {
  const [row] = await withSale(ctx.db)
    .where(tenant(fiscalNotes, ctx.restaurantId, eq(fiscalNotes.id, id)))
    .limit(1);
  if (!row) throw notFound(NOTE_MSG.notFound);
  const { n, ...sale } = row;
  const history = await ctx.db
    .select()
    .from(fiscalNoteHistory)
    .where(tenant(fiscalNoteHistory, ctx.restaurantId, eq(fiscalNoteHistory.noteId, id)))
    .orderBy(fiscalNoteHistory.createdAt);
  return {
    ...noteView(n, sale),
    history: history.map((h) => ({
      status: h.status,
      message: h.message,
      actorName: h.actorName,
      createdAt: h.createdAt.toISOString(),
    })),
  };
}

/** A sale, as the cashier's screens name it: a PDV sale or storefront order, or a closed table account. */
export type SaleRef = { kind: 'order' | 'account'; id: string };

/** The note of a sale, for the PDV's receipt (null while the sale has none). */
export async function noteOfSale(ctx: ServiceCtx, sale: SaleRef) {
  const [row] = await withSale(ctx.db)
    .where(
      tenant(
        fiscalNotes,
        ctx.restaurantId,
        sale.kind === 'order' ? eq(fiscalNotes.orderId, sale.id) : eq(fiscalNotes.tableAccountId, sale.id),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { n, ...rest } = row;
  return noteView(n, rest);
}

/** "Emitir NFC-e" for a sale that has none (restaurants that issue on request, or a storefront order). */
export async function issueNoteForSale(ctx: StaffCtx, sale: SaleRef, buyerCpf: string | null) {
  const buyer = checkBuyerDocument(buyerCpf);
  if (!buyer.ok) throw badRequest(buyer.message, buyer.message, 'invalid_buyer');
  let id: string | null;
  if (sale.kind === 'order') {
    const [order] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, sale.id)))
      .limit(1);
    if (!order) throw notFound('Pedido não encontrado');
    id = await queueOrderNote(ctx, sale.id, { buyerCpf: buyer.cpf });
  } else {
    const [account] = await ctx.db
      .select({ status: tableAccounts.status, total: tableAccounts.total })
      .from(tableAccounts)
      .where(tenant(tableAccounts, ctx.restaurantId, eq(tableAccounts.id, sale.id)))
      .limit(1);
    if (!account) throw notFound('Conta não encontrada');
    if (account.status !== 'closed' || account.total === null)
      throw conflict('Conta aberta', 'A NFC-e de uma mesa é emitida quando a conta é fechada.');
    id = await queueAccountNote(ctx, sale.id, account.total, { buyerCpf: buyer.cpf });
  }
  if (!id) throw badRequest('NFC-e desligada', 'Ligue a emissão de NFC-e em Configurações → Fiscal.', 'nfce_disabled');
  return noteOfSale(ctx, sale);
}

async function addHistory(ctx: StaffCtx, noteId: string, status: string, message: string) {
  await ctx.db
    .insert(fiscalNoteHistory)
    .values({ restaurantId: ctx.restaurantId, noteId, status, message, actorName: ctx.actor.name });
}

/**
 * "Reemitir": a rejected note goes back to the queue as a new emission of the same number (SEFAZ did not
 * use it), with the products' fiscal data as they are now; a note waiting on an error is tried now.
 */
export async function reissueNote(ctx: StaffCtx, id: string) {
  await inTransaction(ctx, async (tx) => {
    const n = await lockedNote(tx, id);
    if (n.status !== 'rejected' && !(n.status === 'queued' && n.lastError))
      throw new AppError(409, 'not_rejected', 'Nota não pode ser reemitida', NOTE_MSG.notRejected);
    await requeue(tx, n);
    await addHistory(tx, id, 'queued', 'Reemissão pedida');
  });
  return getNote(ctx, id);
}

async function requeue(ctx: StaffCtx, n: NoteRow) {
  const rejected = n.status === 'rejected';
  await ctx.db
    .update(fiscalNotes)
    .set({
      status: 'queued',
      nextAttemptAt: new Date(),
      polls: 0,
      ...(rejected
        ? {
            emission: n.emission + 1,
            referencia: `${saleIdOf(n)}-${n.emission + 1}`,
            providerId: null,
            sefazCode: null,
            sefazReason: null,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(tenant(fiscalNotes, ctx.restaurantId, eq(fiscalNotes.id, n.id)));
}

/** "Reenviar todas": every rejected note and every one waiting after an error goes out again now. */
export async function retryAllNotes(ctx: StaffCtx) {
  return inTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .select()
      .from(fiscalNotes)
      .where(
        tenant(
          fiscalNotes,
          ctx.restaurantId,
          or(
            eq(fiscalNotes.status, 'rejected'),
            and(eq(fiscalNotes.status, 'queued'), isNotNull(fiscalNotes.lastError)),
          ),
        ),
      )
      .limit(500)
      .for('update', { skipLocked: true });
    for (const n of rows) {
      await requeue(tx, n);
      await addHistory(tx, n.id, 'queued', 'Reenvio pedido (Reenviar todas)');
    }
    return { requeued: rows.length };
  });
}

/**
 * Cancellation: an authorised note, within SEFAZ's window, with a justificativa of 15+ characters. The
 * request is recorded here and sent by the queue's worker, like an emission.
 */
export async function requestCancellation(ctx: StaffCtx, id: string, justificativa: string, now = new Date()) {
  const text = justificativa.trim();
  if (text.length < MIN_JUSTIFICATIVA)
    throw badRequest('Justificativa curta', NOTE_MSG.justificativa, 'justificativa_short');
  await inTransaction(ctx, async (tx) => {
    const n = await lockedNote(tx, id);
    if (n.status !== 'authorized')
      throw new AppError(409, 'not_authorized', 'Nota não pode ser cancelada', NOTE_MSG.notAuthorized);
    if (!n.authorizedAt || now.getTime() - n.authorizedAt.getTime() >= CANCEL_WINDOW_MS)
      throw new AppError(409, 'cancel_window', 'Prazo de cancelamento encerrado', NOTE_MSG.windowClosed);
    await tx.db
      .update(fiscalNotes)
      .set({
        status: 'cancelling',
        cancelJustificativa: text.slice(0, 255),
        nextAttemptAt: now,
        polls: 0,
        updatedAt: now,
      })
      .where(eq(fiscalNotes.id, id));
    await addHistory(tx, id, 'cancelling', `Cancelamento pedido: ${text.slice(0, 255)}`);
  });
  return getNote(ctx, id);
}

export async function noteXml(ctx: StaffCtx, id: string) {
  const n = await noteRow(ctx, id);
  if (!n.xml) throw new AppError(409, 'no_xml', 'XML indisponível', NOTE_MSG.noXml);
  return { xml: n.xml, fileName: `NFCe-${n.chave ?? n.numero}.xml` };
}

/** The DANFE NFC-e (PDF) or its ESC/POS bytes, as the provider renders them. */
export async function noteFile(ctx: StaffCtx, id: string, kind: 'pdf' | 'escpos') {
  const n = await noteRow(ctx, id);
  if (!n.providerId || !['authorized', 'cancelling', 'cancelled'].includes(n.status))
    throw new AppError(409, 'not_authorized', 'Nota ainda não autorizada', NOTE_MSG.noXml);
  const loaded = await loadAccount(ctx.db, ctx.restaurantId);
  if (!loaded) throw notFound(NOTE_MSG.notFound);
  const provider = ctx.deps.integrations.fiscal.providerFor(loaded.account);
  try {
    const bytes =
      kind === 'pdf'
        ? await provider.pdf(loaded.account, n.providerId)
        : await provider.escpos(loaded.account, n.providerId);
    return { bytes, fileName: `NFCe-${n.chave ?? n.numero}.${kind === 'pdf' ? 'pdf' : 'bin'}` };
  } catch {
    throw new AppError(
      502,
      'provider_unavailable',
      'Nuvem Fiscal indisponível',
      'Não foi possível obter o arquivo agora. Tente novamente em instantes.',
    );
  }
}
