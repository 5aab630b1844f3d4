import { fiscalNotes, restaurants } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { drainFiscalQueue } from '../src/modules/fiscal/fiscal-worker';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { FAKE_CREDENTIALS, startFakeNuvemFiscal } from './nuvem-fiscal-fake';

/** NFC-e test helpers: a restaurant set up to issue, and the queue driven by a clock of the test's own. */

/**
 * An app whose NFC-e go through the REAL Nuvem Fiscal client to the local fake; the background worker is
 * parked, so tests drive the queue (`settleNote`) with a clock of their own.
 */
export async function startFiscalApp() {
  const fake = await startFakeNuvemFiscal();
  const t = await createTestApp({
    NFCE_PROVIDER: 'nuvemfiscal',
    NUVEMFISCAL_API_URL: fake.url,
    NUVEMFISCAL_AUTH_URL: fake.url,
    NFCE_QUEUE_TICK_MS: '3600000',
  });
  return { fake, t };
}

/** The emitter's address and Configurações → Fiscal in homologação; blank credentials mean the simulator. */
export async function configureFiscal(t: TestApp, rid: string, client: TestClient, credentials = FAKE_CREDENTIALS) {
  await t.db
    .update(restaurants)
    .set({
      cnpj: '11.222.333/0001-81',
      addressStreet: 'Rua Augusta',
      addressNumber: '100',
      addressNeighborhood: 'Consolação',
      addressCity: 'São Paulo',
      addressState: 'SP',
      addressCep: '01304-000',
    })
    .where(eq(restaurants.id, rid));
  const res = await client.put('/api/admin/settings/fiscal', {
    nomeRazaoSocial: 'Pizzaria Teste LTDA',
    inscricaoEstadual: '110.042.490.114',
    nfceEnabled: true,
    nfceAmbiente: 'homologacao',
    nfceCrt: 1,
    nfceCscId: '1',
    nfceCscToken: 'CSC-TESTE-0001',
    nuvemfiscalClientId: credentials.clientId,
    nuvemfiscalClientSecret: credentials.clientSecret,
  });
  expect(res.status).toBe(200);
}

export const noteOfOrder = async (t: TestApp, orderId: string) =>
  (await t.db.select().from(fiscalNotes).where(eq(fiscalNotes.orderId, orderId)))[0];

export const noteOfAccount = async (t: TestApp, accountId: string) =>
  (await t.db.select().from(fiscalNotes).where(eq(fiscalNotes.tableAccountId, accountId)))[0];

/**
 * Drains the queue until the sale's note leaves it, moving `clock` past each backoff; bounded. The sale is
 * an order, or `{ account }` for a table account's note.
 */
export async function settleNote(t: TestApp, sale: string | { account: string }, clock = { at: Date.now() }) {
  const find = () => (typeof sale === 'string' ? noteOfOrder(t, sale) : noteOfAccount(t, sale.account));
  for (let i = 0; i < 30; i++) {
    await drainFiscalQueue(t.deps, { now: () => new Date(clock.at) });
    const n = await find();
    if (!['queued', 'processing', 'cancelling'].includes(n.status)) return n;
    // +1 ms: the database keeps microseconds, a JS date only milliseconds.
    clock.at = Math.max(clock.at, n.nextAttemptAt.getTime() + 1);
  }
  throw new Error('note never settled');
}
