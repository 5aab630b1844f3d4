import { describe, expect, it } from 'vitest';
import { type SetupFacts, setupSteps } from './setup-checklist';

const fresh: SetupFacts = {
  segment: 'restaurant',
  hasLogo: false,
  hasAddressAndWhatsapp: false,
  hoursSaved: false,
  neighborhoods: 0,
  deliveryStatesWithCities: 1,
  activePaymentMethods: 0,
  hasPixKey: false,
  categories: 0,
  products: 0,
  tables: 0,
  orders: 0,
};
const done: SetupFacts = {
  ...fresh,
  hasLogo: true,
  hasAddressAndWhatsapp: true,
  hoursSaved: true,
  neighborhoods: 2,
  activePaymentMethods: 3,
  hasPixKey: true,
  categories: 1,
  products: 6,
  tables: 1,
  orders: 1,
};

describe('setupSteps', () => {
  it('lists the eight steps in order, none done for a new restaurant', () => {
    const steps = setupSteps(fresh, 'pizzaria-bh');
    expect(steps.map((s) => s.key)).toEqual([
      'brand',
      'address',
      'hours',
      'delivery',
      'payments',
      'menu',
      'table',
      'order',
    ]);
    expect(steps.every((s) => !s.done)).toBe(true);
    expect(steps.at(-1)?.path).toBe('/pizzaria-bh?teste=1');
  });

  it('ticks every step from the data', () => {
    expect(setupSteps(done, 'x').every((s) => s.done)).toBe(true);
  });

  it('delivery needs neighbourhoods and a state with a city, and sends the owner to what is missing', () => {
    const noState = setupSteps({ ...done, deliveryStatesWithCities: 0 }, 'x').find((s) => s.key === 'delivery');
    expect(noState).toMatchObject({ done: false, path: '/admin/states' });
    expect(noState?.hint).toBe('Falta o estado e a cidade atendidos: sem eles nenhum pedido de entrega é aceito.');
    const noArea = setupSteps({ ...done, neighborhoods: 0 }, 'x').find((s) => s.key === 'delivery');
    expect(noArea).toMatchObject({ done: false, path: '/admin/delivery-config' });
  });

  it('payments need an active method and the PIX key', () => {
    const noPix = setupSteps({ ...done, hasPixKey: false }, 'x').find((s) => s.key === 'payments');
    expect(noPix).toMatchObject({ done: false, path: '/admin/settings' });
    const noMethod = setupSteps({ ...done, activePaymentMethods: 0 }, 'x').find((s) => s.key === 'payments');
    expect(noMethod).toMatchObject({ done: false, path: '/admin/payment-methods' });
  });

  it('the menu needs a category and a product; a shop has no table step', () => {
    expect(setupSteps({ ...done, products: 0 }, 'x').find((s) => s.key === 'menu')?.done).toBe(false);
    expect(setupSteps({ ...done, segment: 'commerce' }, 'x').map((s) => s.key)).not.toContain('table');
  });
});
