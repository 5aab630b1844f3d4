import { describe, expect, it } from 'vitest';
import {
  formatCep,
  formatPhone,
  isValidCep,
  isValidPhoneBR,
  last4,
  lastDigits,
  nationalNumberBR,
  onlyDigits,
  toE164BR,
  toWhatsAppNumber,
} from './phone';

describe('digits', () => {
  it('keeps only digits', () => {
    expect(onlyDigits('+55 (11) 98765-4321')).toBe('5511987654321');
    expect(onlyDigits('abc')).toBe('');
  });
  it('takes the last digits', () => {
    expect(last4('(11) 98765-4321')).toBe('4321');
    expect(lastDigits('12', 4)).toBe('12');
    expect(lastDigits('(11) 3456-7890', 2)).toBe('90');
  });
});

describe('formatPhone', () => {
  it('formats mobiles and landlines', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
  });
  it('reformats already formatted or prefixed input', () => {
    expect(formatPhone('(11) 98765-4321')).toBe('(11) 98765-4321');
    expect(formatPhone('+55 11 98765 4321')).toBe('(11) 98765-4321');
  });
  it('formats partial input progressively', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('1')).toBe('(1');
    expect(formatPhone('11')).toBe('(11');
    expect(formatPhone('119')).toBe('(11) 9');
    expect(formatPhone('119876')).toBe('(11) 9876');
    expect(formatPhone('1198765')).toBe('(11) 9876-5');
  });
  it('cuts extra digits', () => {
    expect(formatPhone('119876543219999')).toBe('(11) 98765-4321');
  });
});

describe('nationalNumberBR / isValidPhoneBR', () => {
  it('normalises the common ways of writing a number', () => {
    for (const p of ['11987654321', '(11) 98765-4321', '+55 11 98765-4321', '5511987654321', '011 98765-4321']) {
      expect(nationalNumberBR(p)).toBe('11987654321');
    }
    expect(nationalNumberBR('(11) 3456-7890')).toBe('1134567890');
    expect(nationalNumberBR('+55 11 3456-7890')).toBe('1134567890');
  });
  it('refuses implausible numbers', () => {
    for (const p of ['', '12345', '98765-4321', '11887654321', '0987654321', '1098765432', '119876543210000']) {
      expect(isValidPhoneBR(p)).toBe(false);
    }
  });
});

describe('toE164BR / toWhatsAppNumber', () => {
  it('prefixes +55', () => {
    expect(toE164BR('(11) 98765-4321')).toBe('+5511987654321');
    expect(toE164BR('+55 (11) 98765-4321')).toBe('+5511987654321');
    expect(toE164BR('21 3456-7890')).toBe('+552134567890');
  });
  it('is null for an invalid phone', () => {
    expect(toE164BR('123')).toBeNull();
  });
  it('gives the WhatsApp form without +', () => {
    expect(toWhatsAppNumber('(11) 98765-4321')).toBe('5511987654321');
    expect(toWhatsAppNumber('abc')).toBeNull();
  });
});

describe('CEP', () => {
  it('formats progressively', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('01310-100')).toBe('01310-100');
    expect(formatCep('013')).toBe('013');
    expect(formatCep('013101')).toBe('01310-1');
    expect(formatCep('013101009')).toBe('01310-100');
  });
  it('validates 8 digits with or without the hyphen', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep(' 01310-100 ')).toBe(true);
    expect(isValidCep('1310-100')).toBe(false);
    expect(isValidCep('01310-1000')).toBe(false);
    expect(isValidCep('0131o-100')).toBe(false);
    expect(isValidCep('')).toBe(false);
  });
});
