import { describe, expect, it } from 'vitest';
import { orderAnnouncement } from './new-order-sound';

describe('orderAnnouncement', () => {
  it('announces a new order the kitchen can start', () => {
    expect(orderAnnouncement('order.created', { number: 7, awaitingPayment: false })).toEqual({
      title: 'Novo pedido!',
      number: 7,
      paid: false,
    });
    expect(orderAnnouncement('order.created', { number: 8 })).toMatchObject({ title: 'Novo pedido!' });
  });

  it('stays quiet for a card/PIX order until it is paid, then announces it', () => {
    expect(orderAnnouncement('order.created', { number: 9, awaitingPayment: true })).toBeNull();
    expect(orderAnnouncement('order.updated', { number: 9, paymentStatus: 'pending' })).toBeNull();
    expect(orderAnnouncement('order.updated', { number: 9, paid: true })).toEqual({
      title: 'Pedido pago!',
      number: 9,
      paid: true,
    });
  });

  it('ignores other events and malformed data', () => {
    expect(orderAnnouncement('order.updated', { status: 'cancelled' })).toBeNull();
    expect(orderAnnouncement('chat.message', null)).toBeNull();
    expect(orderAnnouncement('order.created', null)).toMatchObject({ number: null });
  });
});
