import { parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { isLocalPixOrder, localPixConfirmation, orderPixTxid, pendingLocalPix } from './order-pix';
import { pixBrCode } from './pix';

describe('orderPixTxid', () => {
  it('names the order by its number, within the 25 characters of a txid', () => {
    expect(orderPixTxid(42)).toBe('PEDIDO42');
    expect(orderPixTxid(123456789)).toBe('PEDIDO123456789');
  });

  it("an order's BR Code carries its exact total and its txid", () => {
    const code = pixBrCode(
      { key: '52998224725', keyType: 'cpf', merchantName: 'Pizzaria Bella', merchantCity: 'Campinas' },
      8790,
      orderPixTxid(57),
    );
    expect(parsePix(code!)).toMatchObject({
      type: 'STATIC',
      pixKey: '52998224725',
      transactionAmount: 87.9,
      txid: 'PEDIDO57',
    });
  });
});

describe('pendingLocalPix', () => {
  const data = { local_pix: true, pix_br_code: '000201...', pix_txid: 'PEDIDO7' };

  it('shows the code while the order is neither paid nor cancelled', () => {
    expect(pendingLocalPix({ status: 'pending', paymentStatus: 'pending', paymentData: data })).toEqual({
      brCode: '000201...',
      txid: 'PEDIDO7',
    });
    expect(pendingLocalPix({ status: 'preparing', paymentStatus: 'approved', paymentData: data })).toBeNull();
    expect(pendingLocalPix({ status: 'cancelled', paymentStatus: 'pending', paymentData: data })).toBeNull();
  });

  it('only for local PIX orders with a code', () => {
    expect(
      pendingLocalPix({ status: 'pending', paymentStatus: 'pending', paymentData: { pix_br_code: 'x' } }),
    ).toBeNull();
    expect(
      pendingLocalPix({ status: 'pending', paymentStatus: 'pending', paymentData: { local_pix: true } }),
    ).toBeNull();
    expect(isLocalPixOrder({ paymentData: data })).toBe(true);
    expect(isLocalPixOrder({ paymentData: { local_pix: 'true' } })).toBe(false);
    expect(isLocalPixOrder({ paymentData: null })).toBe(false);
  });
});

describe('localPixConfirmation', () => {
  it('reads who confirmed the payment and when', () => {
    const at = '2026-11-23T14:00:00.000Z';
    expect(localPixConfirmation({ pix_confirmed_by: { id: 'e1', name: 'Ana' }, pix_confirmed_at: at })).toEqual({
      name: 'Ana',
      at,
    });
    expect(localPixConfirmation({ pix_confirmed_by: 'Ana', pix_confirmed_at: at })).toBeNull();
    expect(localPixConfirmation({})).toBeNull();
  });
});
