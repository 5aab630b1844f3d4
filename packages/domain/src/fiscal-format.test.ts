import { describe, expect, it } from 'vitest';
import {
  formatBuyerDocument,
  formatCest,
  formatNcm,
  isCompleteCest,
  isCompleteNcm,
  isOriginCode,
  isUnitCode,
  ORIGIN_OPTIONS,
  UNIT_OPTIONS,
} from './fiscal-format';

describe('formatNcm', () => {
  it('formats as 0000.00.00', () => {
    expect(formatNcm('22030000')).toBe('2203.00.00');
    expect(formatNcm('2203.00.00')).toBe('2203.00.00');
  });
  it('formats partial input without a trailing separator', () => {
    expect(formatNcm('')).toBe('');
    expect(formatNcm('2203')).toBe('2203');
    expect(formatNcm('22030')).toBe('2203.0');
    expect(formatNcm('220300')).toBe('2203.00');
    expect(formatNcm('2203001')).toBe('2203.00.1');
  });
  it('keeps digits only, at most 8 (field length 10)', () => {
    expect(formatNcm('ab22-03x0000')).toBe('2203.00.00');
    expect(formatNcm('2203000099')).toBe('2203.00.00');
    expect(formatNcm('2203000099')).toHaveLength(10);
  });
});

describe('formatCest', () => {
  it('formats as 00.000.00', () => {
    expect(formatCest('0300100')).toBe('03.001.00');
  });
  it('formats partial input', () => {
    expect(formatCest('03')).toBe('03');
    expect(formatCest('030')).toBe('03.0');
    expect(formatCest('03001')).toBe('03.001');
    expect(formatCest('030010')).toBe('03.001.0');
  });
  it('keeps digits only, at most 7 (field length 9)', () => {
    expect(formatCest('03.001.00999')).toBe('03.001.00');
    expect(formatCest('03.001.00999')).toHaveLength(9);
  });
});

describe('completeness', () => {
  it('needs 8 NCM digits and 7 CEST digits', () => {
    expect(isCompleteNcm('2203.00.00')).toBe(true);
    expect(isCompleteNcm('22030000')).toBe(true);
    expect(isCompleteNcm('2203.00.0')).toBe(false);
    expect(isCompleteCest('03.001.00')).toBe(true);
    expect(isCompleteCest('0300100')).toBe(true);
    expect(isCompleteCest('03.001.0')).toBe(false);
  });
});

describe('origin and unit options', () => {
  it('offers origins 0 to 8 with labels', () => {
    expect(ORIGIN_OPTIONS.map((o) => o.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    for (const o of ORIGIN_OPTIONS) expect(o.label.startsWith(`${o.value} - `)).toBe(true);
    expect(isOriginCode(0)).toBe(true);
    expect(isOriginCode(8)).toBe(true);
    expect(isOriginCode(9)).toBe(false);
    expect(isOriginCode(-1)).toBe(false);
    expect(isOriginCode(1.5)).toBe(false);
    expect(isOriginCode('1')).toBe(false);
  });

  it('offers the 8 units', () => {
    expect(UNIT_OPTIONS.map((u) => u.value)).toEqual(['KG', 'LT', 'MT', 'MT²', 'MT³', 'PC', 'PR', 'UN']);
    expect(isUnitCode('MT²')).toBe(true);
    expect(isUnitCode('UN')).toBe(true);
    expect(isUnitCode('un')).toBe(false);
    expect(isUnitCode('CX')).toBe(false);
  });
});

describe('formatBuyerDocument', () => {
  it('masks a CPF while typed and a CNPJ once past 11 digits', () => {
    expect(formatBuyerDocument('5299')).toBe('529.9');
    expect(formatBuyerDocument('52998224725')).toBe('529.982.247-25');
    expect(formatBuyerDocument('529.982.247-25x')).toBe('529.982.247-25');
    expect(formatBuyerDocument('112223330001')).toBe('11.222.333/0001');
    expect(formatBuyerDocument('11222333000181999')).toBe('11.222.333/0001-81');
    expect(formatBuyerDocument('')).toBe('');
  });
});
