import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatTime, maskCep, maskPhone, onlyDigits, plural } from './format';

describe('format', () => {
  it('formats centavos as reais', () => {
    expect(formatMoney(123456)).toBe('R$ 1.234,56');
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(null)).toBe('R$ 0,00');
  });

  it('formats dates as dd/mm/aaaa HH:mm in the restaurant timezone', () => {
    expect(formatDateTime('2025-01-05T15:04:00Z')).toBe('05/01/2025 12:04');
    expect(formatDateTime('2025-01-05T15:04:00Z', 'UTC')).toBe('05/01/2025 15:04');
    expect(formatDateTime('2025-01-01T01:30:00Z')).toBe('31/12/2024 22:30');
    expect(formatDate('2025-01-05T15:04:00Z')).toBe('05/01/2025');
    expect(formatTime('2025-01-05T00:04:00Z')).toBe('21:04');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });

  it('masks phones and CEPs while typing', () => {
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1134567890')).toBe('(11) 3456-7890');
    expect(maskPhone('+55 11 98765-4321')).toBe('(11) 98765-4321');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('')).toBe('');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('0131')).toBe('0131');
    expect(onlyDigits('(11) 9')).toBe('119');
  });

  it('pluralizes counts', () => {
    expect(plural(1, 'item', 'itens')).toBe('1 item');
    expect(plural(3, 'item', 'itens')).toBe('3 itens');
  });
});
