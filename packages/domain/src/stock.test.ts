import { describe, expect, it } from 'vitest';
import {
  checkPosStock,
  INITIAL_STOCK_NOTE,
  initialStockEntry,
  ONLINE_CUSTOMER_NAME,
  returnStockEntry,
  SYSTEM_EMPLOYEE_NAME,
  saleMovement,
  stockChangeEntry,
  stockChangeNote,
  stockLevel,
  validateStockEntry,
} from './stock';

describe('stockLevel', () => {
  it('is red at or below the minimum when a minimum is set', () => {
    expect(stockLevel(10, 10)).toBe('red');
    expect(stockLevel(3, 10)).toBe('red');
    expect(stockLevel(0, 10)).toBe('red');
    expect(stockLevel(-1, 1)).toBe('red');
  });

  it('red wins over yellow inside the half-minimum band', () => {
    // ceil(10/2) = 5: the yellow band (≤ 5) lies inside red (≤ 10).
    expect(stockLevel(5, 10)).toBe('red');
    expect(stockLevel(1, 3)).toBe('red');
  });

  it('is green above the minimum', () => {
    expect(stockLevel(11, 10)).toBe('green');
    expect(stockLevel(2, 1)).toBe('green');
  });

  it('without a minimum, is yellow only when out of stock', () => {
    expect(stockLevel(0, 0)).toBe('yellow');
    expect(stockLevel(-2, 0)).toBe('yellow');
    expect(stockLevel(0, null)).toBe('yellow');
    expect(stockLevel(1, 0)).toBe('green');
    expect(stockLevel(100, undefined)).toBe('green');
  });
});

describe('stock history texts and rows', () => {
  it('has the note texts', () => {
    expect(stockChangeNote(5)).toBe('Entrada de estoque: +5');
    expect(stockChangeNote(-3)).toBe('Ajuste de estoque: -3');
    expect(INITIAL_STOCK_NOTE).toBe('Cadastro inicial do produto');
    expect(SYSTEM_EMPLOYEE_NAME).toBe('Sistema');
    expect(ONLINE_CUSTOMER_NAME).toBe('Cliente Online');
  });

  it('records an increase as register and a decrease as adjustment', () => {
    expect(stockChangeEntry(10, 15)).toEqual({
      operationType: 'register',
      quantityBefore: 10,
      quantityAfter: 15,
      quantityChanged: 5,
      notes: 'Entrada de estoque: +5',
    });
    expect(stockChangeEntry(10, 7)).toEqual({
      operationType: 'adjustment',
      quantityBefore: 10,
      quantityAfter: 7,
      quantityChanged: 3,
      notes: 'Ajuste de estoque: -3',
    });
    expect(stockChangeEntry(4, 4)).toBeNull();
  });

  it('records the initial stock of a new product', () => {
    expect(initialStockEntry(12)).toEqual({
      operationType: 'register',
      quantityBefore: 0,
      quantityAfter: 12,
      quantityChanged: 12,
      notes: 'Cadastro inicial do produto',
    });
    expect(initialStockEntry(0)).toBeNull();
  });

  it('records a sale', () => {
    expect(saleMovement(3, 'Pedido #12')).toEqual({ operationType: 'sale', quantityChanged: 3, notes: 'Pedido #12' });
  });
});

describe('returnStockEntry', () => {
  it('records the units of a cancelled order as an entry', () => {
    expect(returnStockEntry(7, 3, 12)).toEqual({
      operationType: 'register',
      quantityBefore: 7,
      quantityAfter: 10,
      quantityChanged: 3,
      notes: 'Devolução do pedido cancelado #12',
    });
  });
});

describe('validateStockEntry', () => {
  it('needs a product and a quantity above zero', () => {
    const incomplete = { ok: false, code: 'incomplete_data', title: 'Dados incompletos' };
    expect(validateStockEntry({ productId: '', quantity: 5 })).toEqual(incomplete);
    expect(validateStockEntry({ productId: 'p', quantity: 0 })).toEqual(incomplete);
    expect(validateStockEntry({ productId: 'p', quantity: null })).toEqual(incomplete);
    expect(validateStockEntry({ productId: 'p', quantity: 5 })).toEqual({ ok: true });
  });
});

describe('checkPosStock', () => {
  it('refuses a stock-controlled product with nothing left', () => {
    expect(checkPosStock({ name: 'Camiseta', controleEstoque: true, estoque: 0 })).toEqual({
      ok: false,
      code: 'out_of_stock',
      title: 'Produto sem estoque',
      description: 'Camiseta não possui estoque disponível',
    });
    expect(checkPosStock({ name: 'Camiseta', controleEstoque: true })).toMatchObject({ ok: false });
  });
  it('allows products in stock or without stock control', () => {
    expect(checkPosStock({ name: 'Camiseta', controleEstoque: true, estoque: 1 })).toEqual({ ok: true });
    expect(checkPosStock({ name: 'Pizza', controleEstoque: false, estoque: 0 })).toEqual({ ok: true });
  });
});
