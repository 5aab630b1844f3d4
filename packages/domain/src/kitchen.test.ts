import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KITCHEN_THRESHOLDS,
  kitchenElapsedLabel,
  kitchenMaySeeChange,
  kitchenThresholdsInput,
  kitchenTimerLevel,
  stationInput,
  stationView,
} from './kitchen';

const MIN = 60_000;

describe('kitchenTimerLevel', () => {
  it('stays normal before the amber threshold, amber from it, red from the red one', () => {
    const t = DEFAULT_KITCHEN_THRESHOLDS;
    expect(kitchenTimerLevel(0, t)).toBe('ok');
    expect(kitchenTimerLevel(15 * MIN - 1, t)).toBe('ok');
    expect(kitchenTimerLevel(15 * MIN, t)).toBe('warn');
    expect(kitchenTimerLevel(25 * MIN - 1, t)).toBe('warn');
    expect(kitchenTimerLevel(25 * MIN, t)).toBe('late');
    expect(kitchenTimerLevel(5 * 60 * MIN, t)).toBe('late');
  });

  it('follows the restaurant’s own thresholds', () => {
    expect(kitchenTimerLevel(6 * MIN, { warnMinutes: 5, lateMinutes: 10 })).toBe('warn');
    expect(kitchenTimerLevel(10 * MIN, { warnMinutes: 5, lateMinutes: 10 })).toBe('late');
  });
});

describe('kitchenElapsedLabel', () => {
  it('reads minutes and seconds, then hours', () => {
    expect(kitchenElapsedLabel(45_000)).toBe('0:45');
    expect(kitchenElapsedLabel(12 * MIN + 5_000)).toBe('12:05');
    expect(kitchenElapsedLabel(62 * MIN + 30_000)).toBe('1:02:30');
  });

  it('never counts below zero when a clock runs ahead', () => {
    expect(kitchenElapsedLabel(-5_000)).toBe('0:00');
  });
});

describe('stationView', () => {
  const items = [
    { id: 'a', stationId: 'pizzas' },
    { id: 'b', stationId: 'bebidas' },
    { id: 'c', stationId: null },
    { id: 'd', stationId: 'pizzas' },
  ];

  it('shows everything under "Todas"', () => {
    expect(stationView(items, null)).toEqual({ items, otherItems: 0 });
  });

  it('shows a station only its items and counts the others', () => {
    expect(stationView(items, 'pizzas')).toEqual({ items: [items[0], items[3]], otherItems: 2 });
    expect(stationView(items, 'bebidas')).toEqual({ items: [items[1]], otherItems: 3 });
  });

  it('hides an order with nothing for the station', () => {
    expect(stationView(items, 'sobremesas')).toBeNull();
  });
});

describe('kitchenThresholdsInput', () => {
  it('accepts amber before red', () => {
    expect(kitchenThresholdsInput.parse({ warnMinutes: 10, lateMinutes: 20 })).toEqual({
      warnMinutes: 10,
      lateMinutes: 20,
    });
  });

  it('refuses red not after amber, fractions, zero and absurd values with pt-BR messages', () => {
    const bad = (v: unknown) => {
      const r = kitchenThresholdsInput.safeParse(v);
      return r.success ? null : r.error.issues[0].message;
    };
    expect(bad({ warnMinutes: 20, lateMinutes: 20 })).toBe(
      'O tempo do alerta vermelho deve ser maior que o do amarelo.',
    );
    expect(bad({ warnMinutes: 1.5, lateMinutes: 20 })).toBe('Use minutos inteiros.');
    expect(bad({ warnMinutes: 0, lateMinutes: 20 })).toBe('Use pelo menos 1 minuto.');
    expect(bad({ warnMinutes: 10, lateMinutes: 100_000 })).toBe('Use no máximo 720 minutos.');
    expect(bad({ warnMinutes: 'dez', lateMinutes: 20 })).toBe('Informe os minutos.');
  });
});

describe('stationInput', () => {
  it('trims the name and refuses an empty one', () => {
    expect(stationInput.parse({ name: '  Pizzas ' })).toEqual({ name: 'Pizzas' });
    const r = stationInput.safeParse({ name: '   ' });
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues[0].message).toBe('Informe o nome da estação.');
  });
});

describe('kitchenMaySeeChange', () => {
  it('reads the kitchen again for an order born in preparation, not for one waiting or sold at the counter', () => {
    expect(kitchenMaySeeChange({ type: 'order.created', status: 'preparing' })).toBe(true);
    expect(kitchenMaySeeChange({ type: 'order.created', status: 'pending' })).toBe(false);
    expect(kitchenMaySeeChange({ type: 'order.created', status: 'delivered' })).toBe(false);
  });

  it('reads it again when an order enters or leaves preparation, not for moves elsewhere', () => {
    expect(kitchenMaySeeChange({ type: 'order.updated', status: 'preparing', previousStatus: 'pending' })).toBe(true);
    expect(kitchenMaySeeChange({ type: 'order.updated', status: 'confirmed', previousStatus: 'preparing' })).toBe(true);
    expect(kitchenMaySeeChange({ type: 'order.updated', status: 'cancelled', previousStatus: 'preparing' })).toBe(true);
    expect(
      kitchenMaySeeChange({ type: 'order.updated', status: 'out_for_delivery', previousStatus: 'confirmed' }),
    ).toBe(false);
    expect(
      kitchenMaySeeChange({ type: 'order.updated', status: 'delivered', previousStatus: 'out_for_delivery' }),
    ).toBe(false);
  });

  it('reads it again when an update does not tell both sides of its status', () => {
    expect(kitchenMaySeeChange({ type: 'order.updated', status: 'cancelled' })).toBe(true);
    expect(kitchenMaySeeChange({ type: 'order.updated', status: 'preparing' })).toBe(true);
    expect(kitchenMaySeeChange({ type: 'order.updated' })).toBe(true);
  });
});
