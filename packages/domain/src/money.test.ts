import { describe, expect, it } from 'vitest';
import { centsText, centsToReais, formatBRL, groupThousands, parseBRLInput, reaisToCents } from './money';

describe('formatBRL', () => {
  it('formats centavos as pt-BR reais with a normal space', () => {
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
    expect(formatBRL(3990)).toBe('R$ 39,90');
    expect(formatBRL(5)).toBe('R$ 0,05');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(100000000)).toBe('R$ 1.000.000,00');
  });

  it('never contains a non-breaking space', () => {
    expect(formatBRL(990)).not.toMatch(/[\u00a0\u202f]/);
  });

  it('formats negative amounts', () => {
    expect(formatBRL(-500)).toBe('-R$ 5,00');
    expect(formatBRL(-123456789)).toBe('-R$ 1.234.567,89');
  });

  it('prints what Intl prints for reais, space aside', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const amounts = [
      ...Array.from({ length: 2001 }, (_, i) => i - 1000),
      99999,
      100000,
      999999,
      1000000,
      123456789,
      -99999999,
      900719925474099,
    ];
    for (const cents of amounts) {
      expect(formatBRL(cents)).toBe(intl.format(cents / 100).replace(/[\u00a0\u202f]/g, ' '));
    }
  });
});

describe('centsText', () => {
  it('writes centavos as typed into a money field, without thousands dots', () => {
    expect(centsText(1250)).toBe('12,50');
    expect(centsText(123456)).toBe('1234,56');
    expect(centsText(5)).toBe('0,05');
    expect(centsText(0)).toBe('0,00');
  });
  it('reads back as the same centavos', () => {
    for (const cents of [1, 99, 1250, 123456]) expect(parseBRLInput(centsText(cents))).toBe(cents);
  });
});

describe('groupThousands', () => {
  it('puts a dot between thousands', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1.000');
    expect(groupThousands(2069)).toBe('2.069');
    expect(groupThousands(1234567)).toBe('1.234.567');
  });
});

describe('parseBRLInput', () => {
  it.each([
    ['12,50', 1250],
    ['12.50', 1250],
    ['12,5', 1250],
    ['12.5', 1250],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1.234', 123400],
    ['1.234.567,89', 123456789],
    ['1234', 123400],
    ['0,99', 99],
    [',5', 50],
    ['12,', 1200],
    ['R$ 12,50', 1250],
    [' R$\u00a01.000,00 ', 100000],
    ['0', 0],
  ])('parses %j as %i centavos', (input, cents) => {
    expect(parseBRLInput(input)).toBe(cents);
  });

  it.each([
    '',
    '   ',
    'abc',
    '12,345',
    '12,5,0',
    '1.23,45',
    '1,2,3',
    '-5',
    '12a',
    '.',
    ',',
    '12.345.6',
    '99999999999999999999',
  ])('refuses %j', (input) => {
    expect(parseBRLInput(input)).toBeNull();
  });
});

describe('reaisToCents', () => {
  it('converts and rounds to the nearest centavo', () => {
    expect(reaisToCents(12.5)).toBe(1250);
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(reaisToCents(19.999)).toBe(2000);
    expect(reaisToCents(19.994)).toBe(1999);
  });

  it('rounds half up despite binary floats', () => {
    expect(reaisToCents(1.005)).toBe(101);
    expect(reaisToCents(2.675)).toBe(268);
    expect(reaisToCents(0.125)).toBe(13);
  });

  it('rounds negatives symmetrically and never returns -0', () => {
    expect(reaisToCents(-1.005)).toBe(-101);
    expect(Object.is(reaisToCents(-0.001), 0)).toBe(true);
  });

  it('refuses non-finite numbers', () => {
    expect(() => reaisToCents(Number.NaN)).toThrow(RangeError);
    expect(() => reaisToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('is the inverse of centsToReais for whole centavos', () => {
    for (const cents of [0, 1, 99, 1005, 123456]) expect(reaisToCents(centsToReais(cents))).toBe(cents);
  });
});
