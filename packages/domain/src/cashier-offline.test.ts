import { describe, expect, it } from 'vitest';
import { offeredOffline, offlineSaleSchema, refusedForGood, syncBackoffMs, unsyncedSummary } from './cashier-offline';

describe('offline PDV rules', () => {
  it('backs off doubling from 2 s up to 5 min, with jitter only downwards', () => {
    expect([0, 1, 2, 3, 20].map((n) => syncBackoffMs(n, () => 0))).toEqual([0, 2_000, 4_000, 8_000, 300_000]);
    expect(syncBackoffMs(1, () => 1)).toBe(1_600);
  });

  it('retries what the network or the server caused, keeps aside what the sale itself caused', () => {
    expect([null, 401, 403, 429, 500, 503].map(refusedForGood)).toEqual([false, false, false, false, false, false]);
    expect([400, 404, 409, 422].map(refusedForGood)).toEqual([true, true, true, true]);
  });

  it('offers offline only the methods that need no server', () => {
    const methods = [
      { id: 'a', infinitepayEnabled: false },
      { id: 'b', infinitepayEnabled: true },
    ];
    expect(offeredOffline(methods).map((m) => m.id)).toEqual(['a']);
  });

  it('adds up the banner: count, total and cash in the drawer', () => {
    expect(
      unsyncedSummary([
        { total: 1050, cash: 1050 },
        { total: 990, cash: 0 },
      ]),
    ).toEqual({
      count: 2,
      total: 2040,
      cash: 1050,
    });
  });

  it('takes a sale with a client id, its time and the prices shown; refuses a malformed one', () => {
    const sale = {
      clientSaleId: 'off-0b6f6d1e',
      soldAt: '2026-11-26T12:00:00.000Z',
      sessionId: '0b6f6d1e-3f6e-4f57-9d9b-3c4e5a6b7c8d',
      soldById: '1b6f6d1e-3f6e-4f57-9d9b-3c4e5a6b7c8d',
      items: [{ productId: '2b6f6d1e-3f6e-4f57-9d9b-3c4e5a6b7c8d', quantity: 2, unitPrice: 450 }],
      payments: [{ methodId: 'm', amount: 900, received: 1000 }],
    };
    expect(offlineSaleSchema.safeParse(sale).success).toBe(true);
    expect(offlineSaleSchema.safeParse({ ...sale, clientSaleId: 'x y' }).success).toBe(false);
    expect(offlineSaleSchema.safeParse({ ...sale, soldAt: 'ontem' }).success).toBe(false);
  });
});
