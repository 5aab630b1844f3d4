import { describe, expect, it } from 'vitest';
import {
  actionsForMove,
  appOrderMove,
  byOccurrence,
  cancellationCodeOf,
  channelLabel,
  connectionHealthy,
  eventEffect,
  failedCallText,
  normalizeEventType,
  pollGroups,
} from './marketplace';

describe('marketplace events', () => {
  it('reads both protocols and both spellings into one vocabulary', () => {
    expect(normalizeEventType('ORDER_CANCELLATION_REQUEST')).toBe('CANCELLATION_REQUESTED');
    expect(normalizeEventType('CANCELLED_DENIED')).toBe('CANCELLATION_DENIED');
    expect(normalizeEventType('CFM')).toBe('CONFIRMED');
    expect(normalizeEventType('PLC')).toBe('CREATED');
    expect(normalizeEventType('WHATEVER')).toBe('OTHER');
  });

  it('moves an order only forward, and never out of a final status', () => {
    expect(eventEffect('pending', 'CONFIRMED')).toEqual({ kind: 'status', status: 'preparing' });
    expect(eventEffect('out_for_delivery', 'CONFIRMED')).toEqual({ kind: 'none' });
    expect(eventEffect('preparing', 'DISPATCHED')).toEqual({ kind: 'status', status: 'out_for_delivery' });
    expect(eventEffect('delivered', 'CANCELLED')).toEqual({ kind: 'none' });
    expect(eventEffect('cancelled', 'DISPATCHED')).toEqual({ kind: 'none' });
    expect(eventEffect('preparing', 'CANCELLED')).toEqual({ kind: 'status', status: 'cancelled' });
    expect(eventEffect('preparing', 'CANCELLATION_REQUESTED')).toEqual({ kind: 'cancellation_requested' });
    expect(eventEffect('delivered', 'CANCELLATION_REQUESTED')).toEqual({ kind: 'none' });
  });

  it('polls the merchants of one credential together, at most the limit a poll, the others alone', () => {
    const c = (id: string, group: string | null) => ({ id, group });
    const polls = pollGroups(
      [c('a', 'g1'), c('b', null), c('c', 'g1'), c('d', 'g2'), c('e', 'g1'), c('f', null)],
      (x) => x.group,
      2,
    );
    expect(polls.map((p) => p.map((x) => x.id))).toEqual([['a', 'c'], ['b'], ['d'], ['e'], ['f']]);
    const many = Array.from({ length: 250 }, (_, i) => c(String(i), 'g'));
    expect(pollGroups(many, (x) => x.group, 100).map((p) => p.length)).toEqual([100, 100, 50]);
  });

  it('says which call the app did not receive, and why, in pt-BR', () => {
    expect(failedCallText('ifood', 'dispatch', 'Atualização do pedido: o iFood respondeu 400.')).toBe(
      'Não foi possível avisar o iFood que o pedido saiu para entrega: Atualização do pedido: o iFood respondeu 400.',
    );
    expect(failedCallText('keeta', 'confirm', null)).toBe('Não foi possível avisar o Keeta do aceite do pedido.');
    expect(failedCallText('ifood', 'whatever', ' ')).toBe('Não foi possível avisar o iFood.');
  });

  it('sorts events by when they happened', () => {
    const sorted = byOccurrence([
      { id: 'b', createdAt: '2026-01-01T10:00:02Z' },
      { id: 'a', createdAt: '2026-01-01T10:00:01Z' },
      { id: 'c', createdAt: '2026-01-01T10:00:01Z' },
    ]);
    expect(sorted.map((e) => e.id)).toEqual(['a', 'c', 'b']);
  });
});

describe('calls a staff move owes the app', () => {
  it('accepting confirms; a jump still confirms first', () => {
    expect(actionsForMove('pending', 'preparing')).toEqual(['confirm', 'startPreparation']);
    expect(actionsForMove('pending', 'confirmed')).toEqual(['confirm', 'startPreparation', 'readyForPickup']);
    expect(actionsForMove('confirmed', 'out_for_delivery')).toEqual(['dispatch']);
    expect(actionsForMove('out_for_delivery', 'delivered')).toEqual(['delivered']);
    expect(actionsForMove('preparing', 'cancelled')).toEqual(['requestCancellation']);
  });

  it('keeps only the standard reason codes', () => {
    expect(cancellationCodeOf('UNAVAILABLE_ITEM')).toBe('UNAVAILABLE_ITEM');
    expect(cancellationCodeOf('nope')).toBe('INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT');
  });
});

describe('channels and health', () => {
  it('names our own orders "Próprio"', () => {
    expect(channelLabel(null)).toBe('Próprio');
    expect(channelLabel('ifood')).toBe('iFood');
  });

  it('a connection is unhealthy after a failed poll or a minute without one', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(connectionHealthy({ enabled: true, lastSuccessAt: '2026-01-01T09:59:40Z', lastErrorAt: null }, now)).toBe(
      true,
    );
    expect(connectionHealthy({ enabled: true, lastSuccessAt: '2026-01-01T09:58:00Z', lastErrorAt: null }, now)).toBe(
      false,
    );
    expect(
      connectionHealthy(
        { enabled: true, lastSuccessAt: '2026-01-01T09:59:40Z', lastErrorAt: '2026-01-01T09:59:50Z' },
        now,
      ),
    ).toBe(false);
  });
});

describe('scheduled app orders', () => {
  const now = new Date('2026-05-01T18:00:00Z');
  const later = new Date('2026-05-01T19:30:00Z');
  const earlier = new Date('2026-05-01T17:30:00Z');

  it('accepted before its preparation starts: confirmed, held out of the kitchen until then', () => {
    expect(appOrderMove('pending', 'preparing', { preparationStartAt: later, heldUntil: null }, now)).toEqual({
      actions: ['confirm'],
      holdUntil: later,
      printsTickets: false,
    });
  });

  it('accepted once its preparation time has come: straight into the kitchen, as an instant order', () => {
    expect(appOrderMove('pending', 'preparing', { preparationStartAt: earlier, heldUntil: null }, now)).toEqual({
      actions: ['confirm', 'startPreparation'],
      holdUntil: null,
      printsTickets: true,
    });
    expect(appOrderMove('pending', 'preparing', { preparationStartAt: null, heldUntil: null }, now)).toEqual({
      actions: ['confirm', 'startPreparation'],
      holdUntil: null,
      printsTickets: true,
    });
  });

  it('a held order moved on by staff tells the app its preparation started first; cancelling drops the hold', () => {
    expect(appOrderMove('preparing', 'confirmed', { preparationStartAt: later, heldUntil: later }, now)).toEqual({
      actions: ['startPreparation', 'readyForPickup'],
      holdUntil: null,
      printsTickets: false,
    });
    expect(appOrderMove('preparing', 'cancelled', { preparationStartAt: later, heldUntil: later }, now)).toEqual({
      actions: ['requestCancellation'],
      holdUntil: null,
      printsTickets: false,
    });
  });
});
