import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '@meucardapio/db/client';
import { fiscalNoteHistory, fiscalNotes, restaurantSecrets, restaurants } from '@meucardapio/db/schema';
import { NoteBuildError } from '@meucardapio/domain/nfce-payload';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Deps } from '../../http/context';
import {
  type FiscalAccount,
  type FiscalDocument,
  FiscalProviderError,
  qrFromXml,
} from '../../integrations/fiscal/fiscal';
import { type RepeatingPass, startRepeatingPass } from '../../ops/repeating-pass';
import { enqueueAccountDanfe, enqueueNoteDanfe, enqueueReceiptWithoutNote } from '../printing/print-jobs.service';
import { emitterOf, loadNoteSale, notePayload, saleIdOf } from './note-source';

/**
 * The NFC-e queue's worker. A note row is claimed in a short transaction (`FOR UPDATE SKIP LOCKED`, a
 * claim token and a lease), the provider is called with no transaction open, and the result is recorded
 * in a second short transaction only while the claim is still this worker's. Any number of instances
 * may run it: a row is worked by one at a time, a worker that dies leaves a lease that runs out, and the
 * `referencia` (our sale id) makes a repeated POST answer the note already issued. Nothing leaves the
 * queue but an answer from SEFAZ: errors and outages retry with backoff, without a cap.
 */

/** Delay before sending again after an error, by consecutive failures (the last one repeats). */
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000];
/** Delay before asking again about a note the API holds as `pendente` (it has no webhooks). */
export const POLL_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000];
export const FISCAL_LEASE_MS = 2 * 60_000;

type NoteRow = typeof fiscalNotes.$inferSelect;
type RestaurantRow = typeof restaurants.$inferSelect;
type Claimed = { note: NoteRow; token: string; restaurant: RestaurantRow; account: FiscalAccount };

type Outcome =
  | { kind: 'authorized'; doc: FiscalDocument; xml: string }
  | { kind: 'pending'; doc: FiscalDocument }
  | { kind: 'rejected'; code: number | null; reason: string; providerId: string | null }
  | { kind: 'denied'; doc: FiscalDocument }
  | { kind: 'cancelled'; code: number | null; reason: string | null }
  | { kind: 'cancel_refused'; code: number | null; reason: string }
  /** The API's own `erro`: the note was not issued; the next attempt is a new emission of the same number. */
  | { kind: 'provider_error'; reason: string }
  | { kind: 'retry'; message: string; providerId?: string | null };

const delayAt = (delays: number[], step: number) => delays[Math.min(step, delays.length - 1)];

export function fiscalAccount(
  r: RestaurantRow,
  secrets: { clientId: string | null; clientSecret: string | null },
): FiscalAccount {
  return {
    cnpj: (r.cnpj ?? '').replace(/\D/g, ''),
    ambiente: r.nfceAmbiente as FiscalAccount['ambiente'],
    clientId: secrets.clientId,
    clientSecret: secrets.clientSecret,
  };
}

export async function loadAccount(db: DbOrTx, restaurantId: string) {
  const [row] = await db
    .select({
      r: restaurants,
      clientId: restaurantSecrets.nuvemfiscalClientId,
      clientSecret: restaurantSecrets.nuvemfiscalClientSecret,
      csc: restaurantSecrets.nfceCscToken,
    })
    .from(restaurants)
    .leftJoin(restaurantSecrets, eq(restaurantSecrets.restaurantId, restaurants.id))
    .where(eq(restaurants.id, restaurantId))
    .limit(1);
  if (!row) return null;
  return {
    restaurant: row.r,
    csc: row.csc ?? null,
    account: fiscalAccount(row.r, { clientId: row.clientId ?? null, clientSecret: row.clientSecret ?? null }),
  };
}

async function claimNext(db: Db, at: Date, leaseMs: number): Promise<Claimed | null> {
  const atSql = sql`${at.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const [note] = await tx
      .select()
      .from(fiscalNotes)
      .where(
        and(
          inArray(fiscalNotes.status, ['queued', 'processing', 'cancelling']),
          lte(fiscalNotes.nextAttemptAt, atSql),
          or(isNull(fiscalNotes.leaseUntil), lt(fiscalNotes.leaseUntil, atSql)),
        ),
      )
      .orderBy(asc(fiscalNotes.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!note) return null;
    const token = randomUUID();
    await tx
      .update(fiscalNotes)
      .set({ claimToken: token, leaseUntil: new Date(at.getTime() + leaseMs), attempts: note.attempts + 1 })
      .where(eq(fiscalNotes.id, note.id));
    const loaded = await loadAccount(tx, note.restaurantId);
    if (!loaded) return null;
    return { note, token, restaurant: loaded.restaurant, account: loaded.account };
  });
}

function fromDocument(doc: FiscalDocument): Outcome | null {
  switch (doc.status) {
    case 'pendente':
      return { kind: 'pending', doc };
    case 'rejeitado':
      return {
        kind: 'rejected',
        code: doc.sefazCode,
        reason: doc.sefazReason ?? 'Rejeitada pela SEFAZ',
        providerId: doc.id,
      };
    case 'denegado':
      return { kind: 'denied', doc };
    case 'cancelado':
      return { kind: 'cancelled', code: doc.sefazCode, reason: doc.sefazReason };
    case 'erro':
      return { kind: 'provider_error', reason: doc.sefazReason ?? 'A Nuvem Fiscal não conseguiu emitir a nota' };
    default:
      return null;
  }
}

/** Talks to the provider for one claimed note; never throws. */
async function work(deps: Pick<Deps, 'database' | 'integrations'>, c: Claimed, at: Date): Promise<Outcome> {
  const provider = deps.integrations.fiscal.providerFor(c.account);
  const { note } = c;
  try {
    if (note.status === 'cancelling') {
      const r = await provider.cancel(c.account, note.providerId ?? '', note.cancelJustificativa ?? '');
      if (r.status === 'registrado') return { kind: 'cancelled', code: r.sefazCode, reason: r.sefazReason };
      if (r.status === 'rejeitado')
        return {
          kind: 'cancel_refused',
          code: r.sefazCode,
          reason: r.sefazReason ?? 'Cancelamento rejeitado pela SEFAZ',
        };
      return { kind: 'retry', message: r.sefazReason ?? 'Cancelamento ainda não registrado' };
    }
    let doc: FiscalDocument;
    if (note.providerId) doc = await provider.get(c.account, note.providerId);
    else {
      const found = emitterOf(c.restaurant);
      if ('missing' in found)
        return {
          kind: 'rejected',
          code: null,
          reason: `Complete em Configurações → Fiscal: ${found.missing.join(', ')}.`,
          providerId: null,
        };
      const sale = await loadNoteSale(deps.database.db, note);
      if (!sale) return { kind: 'rejected', code: null, reason: 'Venda não encontrada', providerId: null };
      doc = await provider.emit(c.account, notePayload(note, sale, found.emitter, c.restaurant, at));
    }
    if (doc.status !== 'autorizado') return fromDocument(doc) ?? { kind: 'retry', message: `Situação ${doc.status}` };
    try {
      // The QR code is only in the XML: without it the note is not complete yet.
      return { kind: 'authorized', doc, xml: await provider.xml(c.account, doc.id) };
    } catch (err) {
      return { kind: 'retry', message: `XML da nota indisponível: ${(err as Error).message}`, providerId: doc.id };
    }
  } catch (err) {
    if (err instanceof NoteBuildError) return { kind: 'rejected', code: null, reason: err.message, providerId: null };
    if (err instanceof FiscalProviderError && err.kind === 'invalid')
      return { kind: 'rejected', code: null, reason: err.message, providerId: null };
    if (err instanceof FiscalProviderError && err.kind === 'not_found' && note.status !== 'cancelling')
      return { kind: 'retry', message: err.message, providerId: null };
    return { kind: 'retry', message: (err as Error).message || 'Falha ao falar com a Nuvem Fiscal' };
  }
}

type Change = { set: Partial<typeof fiscalNotes.$inferInsert>; history?: { status: string; message: string } };

function changeFor(c: Claimed, o: Outcome, at: Date): Change {
  const { note } = c;
  const later = (delays: number[]) => new Date(at.getTime() + delayAt(delays, note.polls));
  switch (o.kind) {
    case 'authorized': {
      const { qrCodeUrl, consultaUrl } = qrFromXml(o.xml);
      return {
        set: {
          status: 'authorized',
          providerId: o.doc.id,
          chave: o.doc.chave,
          protocolo: o.doc.protocolo,
          xml: o.xml,
          qrCodeUrl,
          consultaUrl,
          sefazCode: o.doc.sefazCode,
          sefazReason: o.doc.sefazReason,
          lastError: null,
          polls: 0,
          authorizedAt: at,
          issuedAt: note.issuedAt ?? at,
        },
        history: { status: 'authorized', message: `Autorizada: protocolo ${o.doc.protocolo ?? '—'}` },
      };
    }
    case 'pending':
      return {
        set: {
          status: 'processing',
          providerId: o.doc.id,
          chave: o.doc.chave ?? note.chave,
          polls: note.polls + 1,
          nextAttemptAt: later(POLL_DELAYS_MS),
          issuedAt: note.issuedAt ?? at,
        },
        history:
          note.status === 'processing' ? undefined : { status: 'processing', message: 'Enviada; aguardando a SEFAZ' },
      };
    case 'rejected':
      return {
        set: {
          status: 'rejected',
          providerId: o.providerId,
          sefazCode: o.code,
          sefazReason: o.reason,
          lastError: null,
          polls: 0,
        },
        history: {
          status: 'rejected',
          message: o.code ? `Rejeitada (${o.code}): ${o.reason}` : `Rejeitada: ${o.reason}`,
        },
      };
    case 'denied':
      return {
        set: {
          status: 'denied',
          providerId: o.doc.id,
          chave: o.doc.chave,
          sefazCode: o.doc.sefazCode,
          sefazReason: o.doc.sefazReason,
          polls: 0,
        },
        history: { status: 'denied', message: `Denegada: ${o.doc.sefazReason ?? ''}` },
      };
    case 'cancelled':
      return {
        set: { status: 'cancelled', cancelledAt: at, lastError: null, polls: 0 },
        history: { status: 'cancelled', message: `Cancelada${o.reason ? `: ${o.reason}` : ''}` },
      };
    case 'cancel_refused':
      return {
        set: { status: 'authorized', lastError: null, polls: 0 },
        history: { status: 'authorized', message: `Cancelamento recusado${o.code ? ` (${o.code})` : ''}: ${o.reason}` },
      };
    case 'provider_error':
      return {
        set: {
          status: 'queued',
          providerId: null,
          emission: note.emission + 1,
          referencia: `${saleIdOf(note)}-${note.emission + 1}`,
          lastError: o.reason,
          polls: note.polls + 1,
          nextAttemptAt: later(RETRY_DELAYS_MS),
        },
        history: { status: 'queued', message: `Erro na emissão, será reenviada: ${o.reason}` },
      };
    case 'retry':
      return {
        set: {
          ...(o.providerId !== undefined ? { providerId: o.providerId } : {}),
          lastError: o.message.slice(0, 500),
          polls: note.polls + 1,
          nextAttemptAt: later(RETRY_DELAYS_MS),
        },
        // One history line per distinct problem, not one per retry of an outage.
        history:
          note.lastError === o.message.slice(0, 500)
            ? undefined
            : { status: note.status, message: `Tentativa falhou, nova tentativa em breve: ${o.message}` },
      };
  }
}

/**
 * An order's paper after SEFAZ's answer: its DANFE, or the receipt the DANFE was to replace (decision 079).
 * Queued in the answer's transaction, so once; in a savepoint of it, because a ticket that cannot be
 * written must not keep SEFAZ's answer from being recorded ("Reimprimir" remains).
 */
async function queuePaper(tx: DbOrTx, log: Deps['log'], c: Claimed, o: Outcome) {
  const { restaurantId, orderId, tableAccountId } = c.note;
  let paper: ((db: DbOrTx) => Promise<unknown>) | null = null;
  if (o.kind === 'authorized')
    paper = orderId
      ? (db) => enqueueNoteDanfe(db, restaurantId, orderId)
      : tableAccountId
        ? (db) => enqueueAccountDanfe(db, restaurantId, tableAccountId)
        : null;
  // A table's rejected note leaves it the pre-bill already printed; a PDV sale gets its receipt back.
  else if ((o.kind === 'rejected' || o.kind === 'denied') && orderId)
    paper = (db) => enqueueReceiptWithoutNote(db, restaurantId, orderId);
  if (!paper) return;
  try {
    await tx.transaction((savepoint) => paper(savepoint));
  } catch (err) {
    log.error({ err, noteId: c.note.id }, 'NFC-e paper not queued');
  }
}

async function record(db: Db, log: Deps['log'], c: Claimed, o: Outcome, at: Date): Promise<void> {
  const { set, history } = changeFor(c, o, at);
  await db.transaction(async (tx) => {
    const [mine] = await tx
      .update(fiscalNotes)
      .set({ ...set, claimToken: null, leaseUntil: null, updatedAt: at })
      .where(and(eq(fiscalNotes.id, c.note.id), eq(fiscalNotes.claimToken, c.token)))
      .returning({ id: fiscalNotes.id });
    if (!mine) return;
    if (history)
      await tx.insert(fiscalNoteHistory).values({ restaurantId: c.note.restaurantId, noteId: c.note.id, ...history });
    await queuePaper(tx, log, c, o);
  });
}

/** Works every due note, one at a time; answers how many were worked. */
export async function drainFiscalQueue(
  deps: Pick<Deps, 'database' | 'integrations' | 'log'>,
  options: { now?: () => Date; max?: number; leaseMs?: number } = {},
): Promise<number> {
  const now = options.now ?? (() => new Date());
  const max = options.max ?? 50;
  let worked = 0;
  while (worked < max) {
    const claimed = await claimNext(deps.database.db, now(), options.leaseMs ?? FISCAL_LEASE_MS);
    if (!claimed) break;
    worked++;
    const outcome = await work(deps, claimed, now());
    if (outcome.kind === 'retry')
      deps.log.warn({ noteId: claimed.note.id, err: outcome.message }, 'NFC-e attempt failed');
    await record(deps.database.db, deps.log, claimed, outcome, now());
  }
  return worked;
}

/** The per-instance worker: a pass every second (an indexed look at due rows), single-flight. */
export function startFiscalWorker(
  deps: Pick<Deps, 'database' | 'integrations' | 'log'>,
  options: { tickMs: number },
): RepeatingPass {
  return startRepeatingPass(deps.log.child({ worker: 'nfce' }), 'NFC-e queue', () => drainFiscalQueue(deps), {
    everyMs: options.tickMs,
  });
}
