import { describe, expect, it } from 'vitest';
import { installmentLabel, installmentOptions, maxInstallmentsFor, posInstallmentChoices } from './installments';

describe('maxInstallmentsFor', () => {
  it('allows one installment per R$ 100,00 of the total', () => {
    expect(maxInstallmentsFor(25000)).toBe(2);
    expect(maxInstallmentsFor(29999)).toBe(2);
    expect(maxInstallmentsFor(30000)).toBe(3);
  });
  it('is at least 1', () => {
    expect(maxInstallmentsFor(9999)).toBe(1);
    expect(maxInstallmentsFor(0)).toBe(1);
  });
  it('is capped by the method (default 12, never above 12)', () => {
    expect(maxInstallmentsFor(500000)).toBe(12);
    expect(maxInstallmentsFor(500000, 6)).toBe(6);
    expect(maxInstallmentsFor(500000, null)).toBe(12);
    expect(maxInstallmentsFor(500000, 24)).toBe(12);
    expect(maxInstallmentsFor(500000, 0)).toBe(1);
    expect(maxInstallmentsFor(30000, 12)).toBe(3);
  });
});

describe('installmentOptions', () => {
  it('lists 1..n with total / n rounded to the centavo', () => {
    expect(installmentOptions(30000)).toEqual([
      { count: 1, value: 30000, label: '1x de R$ 300,00' },
      { count: 2, value: 15000, label: '2x de R$ 150,00' },
      { count: 3, value: 10000, label: '3x de R$ 100,00' },
    ]);
  });
  it('rounds uneven divisions', () => {
    const options = installmentOptions(100000, 3);
    expect(options.map((o) => o.value)).toEqual([100000, 50000, 33333]);
    expect(installmentOptions(20001, 2)[1].value).toBe(10001); // 10000.5 → 10001
  });
  it('always offers a single payment', () => {
    expect(installmentOptions(5000)).toEqual([{ count: 1, value: 5000, label: '1x de R$ 50,00' }]);
  });
  it('labels an installment', () => {
    expect(installmentLabel(3, 3333)).toBe('3x de R$ 33,33');
  });
});

describe('posInstallmentChoices', () => {
  it('is 1..max when max is above 1, otherwise just 1', () => {
    expect(posInstallmentChoices(3)).toEqual([1, 2, 3]);
    expect(posInstallmentChoices(1)).toEqual([1]);
    expect(posInstallmentChoices(0)).toEqual([1]);
    expect(posInstallmentChoices(null)).toEqual([1]);
    expect(posInstallmentChoices(20)).toHaveLength(12);
  });
});
