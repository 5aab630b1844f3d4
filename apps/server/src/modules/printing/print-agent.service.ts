import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '@meucardapio/db/client';
import { printAgents, printers, printJobs } from '@meucardapio/db/schema';
import { printRetryDelayMs } from '@meucardapio/domain/printing';
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Deps } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';

/*
 * The print agent's side (decision 061). Exactly once holds because:
 *  - a job is claimed by one agent in a short transaction (FOR UPDATE SKIP LOCKED) and stays that
 *    agent's: only it gets the job again (after a lost acknowledgement or a restart), never another agent;
 *  - the agent journals a job as delivered to the printer (fsync) before acknowledging, and on restart
 *    acknowledges journaled jobs without printing them again;
 *  - a job whose agent went silent mid-print is not guessed at: it is shown failed, for a person to
 *    look at the printer and press "Reimprimir".
 */

export const AGENT_TOKEN_PREFIX = 'mcp_';
/** A job claimed by an agent silent this long is shown failed ("confira a impressora"). */
export const ABANDONED_AFTER_MS = 120_000;
const CLAIM_BATCH = 20;
/** How often a waiting poll looks again when no notification woke it (another instance's write). */
const RECHECK_MS = 1_000;

export const hashAgentToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type Agent = { id: string; restaurantId: string; name: string };

const refused = () =>
  new AppError(
    401,
    'invalid_agent_token',
    'Token de impressão inválido ou revogado',
    'Crie um novo token em Configurações → Impressoras e inicie o agente com ele.',
  );

/** The agent a bearer token belongs to, marked as heard from now; a revoked or unknown token is refused. */
export async function authenticateAgent(db: Db, token: string | null): Promise<Agent> {
  if (!token?.startsWith(AGENT_TOKEN_PREFIX)) throw refused();
  const [agent] = await db
    .update(printAgents)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(printAgents.tokenHash, hashAgentToken(token)), isNull(printAgents.revokedAt)))
    .returning({ id: printAgents.id, restaurantId: printAgents.restaurantId, name: printAgents.name });
  if (!agent) throw refused();
  return agent;
}

const printersServed = (agent: Agent) =>
  tenant(printers, agent.restaurantId, or(isNull(printers.agentId), eq(printers.agentId, agent.id)));

/** The printers an agent prints to: it checks they answer and reports their state. */
export async function agentPrinters(db: Db, agent: Agent) {
  return db
    .select({ id: printers.id, name: printers.name, connection: printers.connection })
    .from(printers)
    .where(printersServed(agent))
    .orderBy(asc(printers.name));
}

/** A short fingerprint of the printers an agent serves: the agent sends back the one it last got. */
export const printersVersion = (list: Awaited<ReturnType<typeof agentPrinters>>) =>
  createHash('sha256').update(JSON.stringify(list)).digest('hex').slice(0, 16);

/** Jobs of agents silent for too long become failed, without an automatic retry (decision 061). */
async function markAbandoned(db: Db, restaurantId: string, now: Date) {
  const silentAgents = db
    .select({ id: printAgents.id })
    .from(printAgents)
    .where(
      and(
        eq(printAgents.restaurantId, restaurantId),
        or(
          lt(printAgents.lastSeenAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
          sql`${printAgents.revokedAt} is not null`,
        ),
      ),
    );
  const rows = await db
    .update(printJobs)
    .set({
      status: 'failed',
      retryAt: null,
      leaseUntil: null,
      lastError: 'O agente parou durante a impressão: confira a impressora e use Reimprimir se não saiu.',
    })
    .where(tenant(printJobs, restaurantId, eq(printJobs.status, 'sent'), inArray(printJobs.agentId, silentAgents)))
    .returning({ id: printJobs.id });
  return rows.length;
}

export type ClaimedJob = { id: string; printerId: string; connection: string; title: string; content: string };

/**
 * Claims what this agent should print now: its own jobs not acknowledged yet (a lost acknowledgement,
 * a restart), queued jobs, and refused jobs whose retry time came, for printers it serves.
 */
export async function claimJobs(db: Db, agent: Agent, now = new Date()): Promise<ClaimedJob[]> {
  return db.transaction(async (tx) => {
    const served = tx.select({ id: printers.id }).from(printers).where(printersServed(agent));
    const due = await tx
      .select({ id: printJobs.id })
      .from(printJobs)
      .where(
        tenant(
          printJobs,
          agent.restaurantId,
          inArray(printJobs.printerId, served),
          or(
            eq(printJobs.status, 'queued'),
            and(eq(printJobs.status, 'failed'), lte(printJobs.retryAt, now)),
            and(eq(printJobs.status, 'sent'), eq(printJobs.agentId, agent.id)),
          ),
        ),
      )
      .orderBy(asc(printJobs.createdAt), asc(printJobs.seq))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    await tx
      .update(printJobs)
      .set({
        status: 'sent',
        agentId: agent.id,
        sentAt: now,
        attempts: sql`${printJobs.attempts} + 1`,
        retryAt: null,
      })
      .where(inArray(printJobs.id, ids));
    return tx
      .select({
        id: printJobs.id,
        printerId: printJobs.printerId,
        connection: printers.connection,
        title: printJobs.title,
        content: printJobs.content,
      })
      .from(printJobs)
      .innerJoin(printers, eq(printers.id, printJobs.printerId))
      .where(inArray(printJobs.id, ids))
      .orderBy(asc(printJobs.createdAt), asc(printJobs.seq));
  });
}

/**
 * The agent's long poll: jobs as soon as there are any, the printers as soon as they change, or an empty
 * list after `waitMs`. A job queued
 * on this instance wakes the poll through the event it writes; one queued elsewhere within a second.
 */
export async function pollJobs(
  deps: Pick<Deps, 'database' | 'realtime'>,
  agent: Agent,
  waitMs: number,
  signal?: AbortSignal,
  knownPrinters?: string,
) {
  const db = deps.database.db;
  await markAbandoned(db, agent.restaurantId, new Date());
  const deadline = Date.now() + waitMs;
  let wake: (() => void) | null = null;
  const unsubscribe = deps.realtime.subscribe(agent.restaurantId, (event) => {
    if (event.type === 'print.updated') wake?.();
  });
  try {
    for (;;) {
      // A token revoked while its agent waits is refused at once, not at the next poll.
      const [live] = await db
        .select({ id: printAgents.id })
        .from(printAgents)
        .where(and(eq(printAgents.id, agent.id), isNull(printAgents.revokedAt)));
      if (!live) throw refused();
      const jobs = await claimJobs(db, agent);
      const left = deadline - Date.now();
      // Printers that changed since the agent's last answer answer at once: it checks a new one now.
      const changed = knownPrinters !== undefined && printersVersion(await agentPrinters(db, agent)) !== knownPrinters;
      if (jobs.length > 0 || changed || left <= 0 || signal?.aborted) return jobs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, RECHECK_MS));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  } finally {
    unsubscribe();
  }
}

function printEvent(db: DbOrTx, restaurantId: string, payload: { printerId: string; jobId?: string; status: string }) {
  return appendEvent(db, { restaurantId, type: 'print.updated', permission: 'manage_orders', payload });
}

const jobNotFound = () => notFound('Impressão não encontrada', 'A impressão não existe ou foi excluída.');

/**
 * The printer took the bytes. Whatever state the job is in now (even failed after a long silence), it
 * printed: it is recorded printed and never sent again. Acknowledging twice changes nothing.
 */
export async function acknowledgePrinted(db: Db, agent: Agent, jobId: string) {
  await db.transaction(async (tx) => {
    const [job] = await tx
      .select({ status: printJobs.status, printerId: printJobs.printerId })
      .from(printJobs)
      .where(tenant(printJobs, agent.restaurantId, eq(printJobs.id, jobId)))
      .for('update');
    if (!job) throw jobNotFound();
    if (job.status === 'printed') return;
    const now = new Date();
    await tx
      .update(printJobs)
      .set({ status: 'printed', printedAt: now, lastError: null, retryAt: null, agentId: agent.id })
      .where(eq(printJobs.id, jobId));
    // It printed, so it works; an online printer keeps what its agent said of it ("Papel acabando").
    await tx
      .update(printers)
      .set({ status: 'online', statusMessage: null, statusAt: now })
      .where(and(eq(printers.id, job.printerId), ne(printers.status, 'online')));
    await printEvent(tx, agent.restaurantId, { printerId: job.printerId, jobId, status: 'printed' });
  });
}

/**
 * The printer did not take the bytes (offline) or could not print them (out of paper): the job is failed,
 * shown with the printer's state, and tried again after a short wait, or at once when the agent sees the
 * printer back.
 */
export async function reportFailed(
  db: Db,
  agent: Agent,
  jobId: string,
  error: string,
  printerStatus: 'offline' | 'error' = 'offline',
) {
  await db.transaction(async (tx) => {
    const [job] = await tx
      .select({
        status: printJobs.status,
        attempts: printJobs.attempts,
        printerId: printJobs.printerId,
        agentId: printJobs.agentId,
      })
      .from(printJobs)
      .where(tenant(printJobs, agent.restaurantId, eq(printJobs.id, jobId)))
      .for('update');
    if (!job) throw jobNotFound();
    if (job.status !== 'sent' || job.agentId !== agent.id) return;
    const now = new Date();
    await tx
      .update(printJobs)
      .set({
        status: 'failed',
        lastError: error,
        retryAt: new Date(now.getTime() + printRetryDelayMs(job.attempts)),
      })
      .where(eq(printJobs.id, jobId));
    await tx
      .update(printers)
      .set({ status: printerStatus, statusMessage: error, statusAt: now })
      .where(eq(printers.id, job.printerId));
    await printEvent(tx, agent.restaurantId, { printerId: job.printerId, jobId, status: 'failed' });
  });
}

export type PrinterReport = { id: string; status: 'online' | 'offline' | 'error'; message: string | null };

/**
 * What the agent found checking its printers (and the USB and serial devices of its computer). A printer
 * that answers again has its refused jobs made due at once, so the queue prints as soon as the paper is back.
 */
export async function reportPrinters(db: Db, agent: Agent, reports: PrinterReport[], devices?: string[]) {
  if (reports.length === 0 && !devices) return;
  await db.transaction(async (tx) => {
    const now = new Date();
    if (devices) await tx.update(printAgents).set({ devices }).where(eq(printAgents.id, agent.id));
    for (const r of reports) {
      const [before] = await tx
        .select({ status: printers.status, message: printers.statusMessage })
        .from(printers)
        .where(and(printersServed(agent), eq(printers.id, r.id)));
      if (!before) continue;
      await tx
        .update(printers)
        .set({ status: r.status, statusMessage: r.message, statusAt: now })
        .where(eq(printers.id, r.id));
      if (r.status === 'online') {
        await tx
          .update(printJobs)
          .set({ retryAt: now })
          .where(
            and(eq(printJobs.printerId, r.id), eq(printJobs.status, 'failed'), sql`${printJobs.retryAt} is not null`),
          );
      }
      if (before.status !== r.status || before.message !== r.message) {
        await printEvent(tx, agent.restaurantId, { printerId: r.id, status: r.status });
      }
    }
  });
}
