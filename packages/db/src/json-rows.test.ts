import { describe, expect, it } from 'vitest';
import { rowFromJson } from './json-rows';
import { paymentMethods } from './schema';

describe('a row handed back as JSON', () => {
  it('takes the table keys and reads each value as the query builder does', () => {
    const row = rowFromJson(paymentMethods, {
      id: 'a3a3a3a3-0000-4000-8000-000000000001',
      restaurant_id: 'b4b4b4b4-0000-4000-8000-000000000002',
      name: 'Pix',
      description: null,
      icon: 'pix',
      active: true,
      requires_change: false,
      infinitepay_enabled: false,
      max_installments: 1,
      created_at: '2026-11-28T12:00:00.123456+00:00',
    });
    expect(row).toEqual({
      id: 'a3a3a3a3-0000-4000-8000-000000000001',
      restaurantId: 'b4b4b4b4-0000-4000-8000-000000000002',
      name: 'Pix',
      description: null,
      icon: 'pix',
      active: true,
      requiresChange: false,
      infinitepayEnabled: false,
      maxInstallments: 1,
      createdAt: new Date('2026-11-28T12:00:00.123Z'),
    });
  });

  it('reads a column the JSON lacks as null', () => {
    expect(rowFromJson(paymentMethods, { id: 'x', name: 'Dinheiro' }).maxInstallments).toBeNull();
  });

  it('reads only the columns it is given, when given some', () => {
    const row = rowFromJson(paymentMethods, { name: 'Pix', created_at: '2026-11-28T12:00:00Z' }, [
      ['createdAt', paymentMethods.createdAt],
    ]);
    expect(row).toEqual({ createdAt: new Date('2026-11-28T12:00:00Z') });
  });
});
