import { describe, expect, it } from 'vitest';
import { cloneOverrides, FIRST_SKU, nextSku } from './sku';

describe('nextSku', () => {
  it("is '001' when there is no SKU", () => {
    expect(FIRST_SKU).toBe('001');
    expect(nextSku([])).toBe('001');
    expect(nextSku([null, undefined, ''])).toBe('001');
    expect(nextSku(['ABC'])).toBe('001');
  });

  it('adds one to the highest and pads to the same length', () => {
    expect(nextSku(['001'])).toBe('002');
    expect(nextSku(['007', '003'])).toBe('008');
    expect(nextSku(['0099'])).toBe('0100');
  });

  it('compares numerically, not as text', () => {
    expect(nextSku(['9', '10', '002'])).toBe('11');
    expect(nextSku(['099', '100'])).toBe('101');
  });

  it('grows past the padding when needed', () => {
    expect(nextSku(['999'])).toBe('1000');
  });

  it('keeps letters around the number', () => {
    expect(nextSku(['P-009'])).toBe('P-010');
    expect(nextSku(['CAM-0042-G', '007'])).toBe('CAM-0043-G');
  });

  it('handles numbers beyond safe integers', () => {
    expect(nextSku(['7891234567890123456'])).toBe('7891234567890123457');
  });

  it('accepts any iterable', () => {
    expect(nextSku(new Set(['001', '002']))).toBe('003');
  });
});

describe('cloneOverrides', () => {
  it("adds ' Cópia', zeroes the stock, clears the barcode and gives a new SKU", () => {
    expect(cloneOverrides({ name: 'Camiseta' }, ['001', '002'])).toEqual({
      name: 'Camiseta Cópia',
      estoque: 0,
      codigoBarras: null,
      sku: '003',
    });
  });
});
