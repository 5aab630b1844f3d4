import { describe, expect, it } from 'vitest';
import {
  carrierOrderCheck,
  cepMatchesPattern,
  DELIVERY_KIND_LABELS,
  type DeliveryStateConfig,
  deliveryCharge,
  deliveryFeeParts,
  hasShippingDimensions,
  isCarrierOrder,
  isValidCepPattern,
  missingDeliveryFields,
  missingDeliveryFieldText,
  normalizeText,
  shippingPackage,
  validateDeliveryArea,
} from './delivery';

describe('normalizeText', () => {
  it('removes accents, lower-cases, trims and collapses spaces', () => {
    expect(normalizeText('  São   Paulo ')).toBe('sao paulo');
    expect(normalizeText('JARDIM ÉDEN')).toBe('jardim eden');
    expect(normalizeText('Ceará-Mirim')).toBe('ceara-mirim');
    expect(normalizeText('Itaquá\tCentro')).toBe('itaqua centro');
    expect(normalizeText('')).toBe('');
  });

  it('folds a text it folded before the same way, also once more texts than it keeps came between', () => {
    expect(normalizeText(' Ceará ')).toBe('ceara');
    for (let i = 0; i < 2500; i++) expect(normalizeText(`Jardim  Ção ${i}`)).toBe(`jardim cao ${i}`);
    expect(normalizeText(' Ceará ')).toBe('ceara');
    expect(normalizeText('Jardim  Ção 7')).toBe('jardim cao 7');
  });
});

describe('validateDeliveryArea', () => {
  const states: DeliveryStateConfig[] = [
    { code: 'SP', name: 'São Paulo', cities: ['São Paulo', 'Guarulhos'], active: true },
    { code: 'RJ', name: 'Rio de Janeiro', cities: '["Niterói"]', active: true },
    { code: 'MG', name: 'Minas Gerais', cities: ['Belo Horizonte'], active: false },
  ];
  const neighborhoods = [
    { name: 'Moóca', deliveryFee: 700 },
    { name: 'Centro', deliveryFee: 500 },
    { name: 'Icaraí', deliveryFee: 0 },
  ];
  const config = { states, neighborhoods };
  const addressError = (code: string, description: string) => ({
    ok: false,
    code,
    title: 'Erro de Endereço',
    description,
  });

  it('accepts a covered address and takes the fee from the neighbourhood', () => {
    expect(validateDeliveryArea({ state: 'SP', city: 'São Paulo', neighborhood: 'Moóca' }, config)).toEqual({
      ok: true,
      fee: 700,
      state: { code: 'SP', name: 'São Paulo' },
      city: 'São Paulo',
      neighborhood: 'Moóca',
    });
  });

  it('compares ignoring accents, case and spaces, and matches the state by code or name', () => {
    expect(
      validateDeliveryArea({ state: 'sao paulo', city: ' SAO  PAULO ', neighborhood: 'mooca' }, config),
    ).toMatchObject({
      ok: true,
      fee: 700,
      neighborhood: 'Moóca',
    });
    expect(validateDeliveryArea({ state: 'sp', city: 'guarulhos', neighborhood: 'CENTRO' }, config)).toMatchObject({
      ok: true,
      fee: 500,
    });
  });

  it('reads cities stored as JSON text', () => {
    expect(validateDeliveryArea({ state: 'RJ', city: 'Niteroi', neighborhood: 'Icarai' }, config)).toMatchObject({
      ok: true,
      fee: 0,
      city: 'Niterói',
    });
  });

  it('requires state, city and neighbourhood', () => {
    const missing = addressError('delivery_area_required', 'Estado, cidade e bairro são obrigatórios para delivery.');
    expect(validateDeliveryArea({ city: 'São Paulo', neighborhood: 'Centro' }, config)).toEqual(missing);
    expect(validateDeliveryArea({ state: 'SP', city: '  ', neighborhood: 'Centro' }, config)).toEqual(missing);
    expect(validateDeliveryArea({ state: 'SP', city: 'São Paulo', neighborhood: '' }, config)).toEqual(missing);
  });

  it('refuses a state outside the area, including inactive ones', () => {
    const notServed = addressError('state_not_served', 'Este estado não está em nossa área de atendimento...');
    expect(validateDeliveryArea({ state: 'BA', city: 'Salvador', neighborhood: 'Centro' }, config)).toEqual(notServed);
    expect(validateDeliveryArea({ state: 'MG', city: 'Belo Horizonte', neighborhood: 'Centro' }, config)).toEqual(
      notServed,
    );
    expect(
      validateDeliveryArea({ state: 'SP', city: 'São Paulo', neighborhood: 'Centro' }, { ...config, states: [] }),
    ).toEqual(notServed);
  });

  it('refuses a city outside the state', () => {
    expect(validateDeliveryArea({ state: 'SP', city: 'Campinas', neighborhood: 'Centro' }, config)).toEqual(
      addressError('city_not_served', 'Esta cidade não está em nossa área de atendimento...'),
    );
    // Niterói is in RJ, not SP.
    expect(validateDeliveryArea({ state: 'SP', city: 'Niterói', neighborhood: 'Centro' }, config)).toMatchObject({
      code: 'city_not_served',
    });
  });

  it('refuses a neighbourhood outside the delivery list', () => {
    expect(validateDeliveryArea({ state: 'SP', city: 'São Paulo', neighborhood: 'Pinheiros' }, config)).toEqual(
      addressError('neighborhood_not_served', 'Este bairro não está em nossa área de entrega...'),
    );
  });

  it('treats unparsable city lists as empty', () => {
    const broken = { ...config, states: [{ code: 'SP', name: 'São Paulo', cities: 'oops', active: true }] };
    expect(validateDeliveryArea({ state: 'SP', city: 'São Paulo', neighborhood: 'Centro' }, broken)).toMatchObject({
      code: 'city_not_served',
    });
  });
});

describe('CEP patterns', () => {
  it('recognises valid patterns', () => {
    for (const p of ['01000', '0', '12345-*', '12345*', '0100*', '01310-100', '01310100', '01310-1', ' 01000 ']) {
      expect(isValidCepPattern(p)).toBe(true);
    }
  });

  it('refuses malformed patterns', () => {
    for (const p of ['', '*', 'abc', '123-45', '12345-', '012345678', '01*00', '12345-1234', '12345--*']) {
      expect(isValidCepPattern(p)).toBe(false);
    }
  });

  it('matches a prefix', () => {
    expect(cepMatchesPattern('01000-123', '01000')).toBe(true);
    expect(cepMatchesPattern('01000123', '01000')).toBe(true);
    expect(cepMatchesPattern('01001-000', '01000')).toBe(false);
  });

  it('matches a wildcard', () => {
    expect(cepMatchesPattern('12345-678', '12345-*')).toBe(true);
    expect(cepMatchesPattern('12345000', '12345-*')).toBe(true);
    expect(cepMatchesPattern('12346-000', '12345-*')).toBe(false);
    expect(cepMatchesPattern('12345-678', '123456*')).toBe(true);
  });

  it('matches a full CEP exactly', () => {
    expect(cepMatchesPattern('01310-100', '01310-100')).toBe(true);
    expect(cepMatchesPattern('01310-101', '01310100')).toBe(false);
  });

  it('never matches an invalid pattern or an incomplete CEP', () => {
    expect(cepMatchesPattern('01000-000', '')).toBe(false);
    expect(cepMatchesPattern('01000-000', 'abc')).toBe(false);
    expect(cepMatchesPattern('01000', '01000')).toBe(false);
  });
});

describe('isCarrierOrder', () => {
  const active = [
    { code: 'SP', name: 'São Paulo', active: true },
    { code: 'RJ', name: 'Rio de Janeiro' },
    { code: 'MG', name: 'Minas Gerais', active: false },
  ];

  it('is a local Delivery when the customer state is among the active states (by code or name)', () => {
    expect(isCarrierOrder('SP', active)).toBe(false);
    expect(isCarrierOrder('rio de janeiro', active)).toBe(false);
    expect(isCarrierOrder(' sp ', active)).toBe(false);
  });

  it('is Transportadora when the state is not active', () => {
    expect(isCarrierOrder('BA', active)).toBe(true);
    expect(isCarrierOrder('MG', active)).toBe(true);
    expect(isCarrierOrder('SP', [])).toBe(true);
  });

  it('is a local Delivery when the customer has no state', () => {
    expect(isCarrierOrder(null, active)).toBe(false);
    expect(isCarrierOrder(undefined, active)).toBe(false);
    expect(isCarrierOrder('  ', [])).toBe(false);
  });

  it('has the labels', () => {
    expect(DELIVERY_KIND_LABELS).toEqual({ local: 'Delivery', carrier: 'Transportadora' });
  });
});

describe('carrierOrderCheck', () => {
  it("tells every order of a page local or by carrier, against the restaurant's active states", () => {
    const isCarrier = carrierOrderCheck([
      { code: 'SP', name: 'São Paulo', active: true },
      { code: 'RJ', name: 'Rio de Janeiro' },
      { code: 'MG', name: 'Minas Gerais', active: false },
    ]);
    const expected: [string | null | undefined, boolean][] = [
      ['SP', false],
      [' são  paulo ', false],
      ['RIO DE JANEIRO', false],
      ['rj', false],
      ['MG', true],
      ['minas gerais', true],
      ['BA', true],
      ['', false],
      [' ', false],
      [null, false],
      [undefined, false],
    ];
    // Twice over: the second time each answer is the one remembered.
    for (const [state, carrier] of [...expected, ...expected]) expect(isCarrier(state), String(state)).toBe(carrier);
    expect(carrierOrderCheck([{ code: '', name: '' }])('')).toBe(false);
  });
});

describe('shippingPackage', () => {
  it('raises dimensions and weight to the minimums', () => {
    expect(shippingPackage({ id: 'p1', price: 4990 }, 3)).toEqual({
      id: 'p1',
      height: 4,
      width: 12,
      length: 17,
      weight: 0.1,
      insuranceValue: 4990,
      quantity: 3,
    });
    expect(shippingPackage({ id: 'p1', price: 4990, height: 2, width: 0, length: -1, weight: 0.05 }, 1)).toMatchObject({
      height: 4,
      width: 12,
      length: 17,
      weight: 0.1,
    });
  });

  it('keeps dimensions above the minimums', () => {
    expect(shippingPackage({ id: 'p1', price: 100, height: 10, width: 20, length: 30, weight: 1.5 }, 1)).toMatchObject({
      height: 10,
      width: 20,
      length: 30,
      weight: 1.5,
    });
  });

  it('insures a free product for R$ 1,00', () => {
    expect(shippingPackage({ id: 'p1', price: 0 }, 1).insuranceValue).toBe(100);
  });
});

describe('hasShippingDimensions', () => {
  it('needs all four above zero', () => {
    expect(hasShippingDimensions({ height: 1, width: 1, length: 1, weight: 0.2 })).toBe(true);
    expect(hasShippingDimensions({ height: 1, width: 1, length: 1, weight: 0 })).toBe(false);
    expect(hasShippingDimensions({ height: 1, width: 1, length: null, weight: 1 })).toBe(false);
    expect(hasShippingDimensions({})).toBe(false);
  });
});

describe('missingDeliveryFields', () => {
  const full = {
    cep: '01310-100',
    state: 'SP',
    city: 'São Paulo',
    neighborhood: 'Bela Vista',
    address: 'Av. Paulista',
    number: '1000',
  };
  it('a local delivery needs the CEP only when the customer has no saved address', () => {
    expect(missingDeliveryFields({ ...full, cep: '' }, { shipped: false, hasSavedAddress: false })).toEqual(['cep']);
    expect(missingDeliveryFields({ ...full, cep: '-' }, { shipped: false, hasSavedAddress: true })).toEqual([]);
    // State, city and neighbourhood are the area check's job, with its own text.
    expect(missingDeliveryFields({ ...full, neighborhood: '' }, { shipped: false, hasSavedAddress: false })).toEqual(
      [],
    );
    expect(missingDeliveryFields({ address: ' ', number: null }, { shipped: false, hasSavedAddress: true })).toEqual([
      'address',
      'number',
    ]);
  });
  it('a shipped order needs the whole address, neighbourhood included', () => {
    expect(missingDeliveryFields(full, { shipped: true, hasSavedAddress: true })).toEqual([]);
    expect(missingDeliveryFields({ ...full, neighborhood: '  ' }, { shipped: true, hasSavedAddress: true })).toEqual([
      'neighborhood',
    ]);
    expect(missingDeliveryFields({}, { shipped: true, hasSavedAddress: false })).toEqual([
      'cep',
      'state',
      'city',
      'neighborhood',
      'address',
      'number',
    ]);
  });
  it('texts: the spec CEP text for shipped products, the generic one otherwise', () => {
    expect(missingDeliveryFieldText('cep', true)).toBe('CEP é obrigatório para produtos com entrega.');
    expect(missingDeliveryFieldText('cep', false)).toBe('Preencha todos os campos obrigatórios.');
    expect(missingDeliveryFieldText('neighborhood', true)).toBe('Preencha todos os campos obrigatórios.');
  });
});

describe('deliveryFeeParts', () => {
  it('splits a mixed order into neighbourhood fee and freight', () => {
    expect(deliveryFeeParts({ deliveryFee: 2290, shippingOption: { price: 1790 } })).toEqual({
      localFee: 500,
      freight: 1790,
    });
    expect(deliveryFeeParts({ deliveryFee: 1790, shippingOption: { price: 1790 } })).toEqual({
      localFee: 0,
      freight: 1790,
    });
    expect(deliveryFeeParts({ deliveryFee: 500, shippingOption: null })).toEqual({ localFee: 500, freight: null });
  });
});

describe('deliveryCharge', () => {
  const neighborhoods = [
    { name: 'Savassi', deliveryFee: 800 },
    { name: 'Centro', deliveryFee: 0 },
  ];
  const mg: DeliveryStateConfig = { code: 'MG', name: 'Minas Gerais', cities: ['Belo Horizonte'], active: true };
  const address = { state: 'MG', city: 'Belo Horizonte', neighborhood: 'Savassi' };
  const charge = (over: Partial<Parameters<typeof deliveryCharge>[0]> = {}) =>
    deliveryCharge({
      deliveryType: 'delivery',
      localItems: true,
      shippingOption: null,
      area: address,
      config: { states: [mg], neighborhoods },
      ...over,
    });

  it('charges the neighbourhood fee of an address inside the area', () => {
    expect(charge()).toMatchObject({ ok: true, localFee: 800, freight: null, fee: 800 });
  });

  it('refuses, instead of delivering for free, when neighbourhoods have fees but no state is served', () => {
    const r = charge({ config: { states: [], neighborhoods } });
    expect(r).toMatchObject({ ok: false, code: 'state_not_served' });
    expect(r).not.toHaveProperty('fee');
  });

  it('refuses an address still without state, city or neighbourhood rather than calling it free', () => {
    expect(charge({ area: { neighborhood: 'Savassi' } })).toMatchObject({ ok: false, code: 'delivery_area_required' });
  });

  it('is free only where the owner set a zero fee', () => {
    expect(charge({ area: { ...address, neighborhood: 'centro' } })).toMatchObject({ ok: true, fee: 0 });
  });

  it('adds the freight of shipped products to the fee of the items the courier carries', () => {
    expect(charge({ shippingOption: { price: 2500 } })).toMatchObject({
      ok: true,
      localFee: 800,
      freight: 2500,
      fee: 3300,
    });
  });

  it('charges only the freight when everything is shipped, whatever the area', () => {
    expect(
      charge({ localItems: false, shippingOption: { price: 2500 }, config: { states: [], neighborhoods: [] } }),
    ).toMatchObject({ ok: true, localFee: 0, freight: 2500, fee: 2500 });
  });

  it('charges nothing for pickup and table orders', () => {
    expect(charge({ deliveryType: 'pickup', config: { states: [], neighborhoods } })).toMatchObject({
      ok: true,
      fee: 0,
    });
    expect(charge({ deliveryType: 'dine_in' })).toMatchObject({ ok: true, fee: 0 });
  });
});
