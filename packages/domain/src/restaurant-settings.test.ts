import { describe, expect, it } from 'vitest';
import { isHexColor, isValidGoogleRating, isValidTimezone, slugify, slugProblem } from './restaurant-settings';

describe('slugProblem', () => {
  it('accepts URL-safe slugs', () => {
    expect(slugProblem('pizzaria-do-joao')).toBeNull();
    expect(slugProblem('bar10')).toBeNull();
  });
  it('refuses bad formats', () => {
    for (const s of ['Pizzaria', 'a b', '-x', 'x-', 'a--b', 'á', 'a', 'x/y']) expect(slugProblem(s)).toBe('format');
    expect(slugProblem('')).toBe('empty');
  });
  it('refuses reserved words', () => {
    for (const s of [
      'admin',
      'auth',
      'landing',
      'customer',
      'api',
      'review',
      'payment-callback',
      'customer-dashboard',
    ]) {
      expect(slugProblem(s)).toBe('reserved');
    }
  });
});

describe('other settings rules', () => {
  it('slugify removes accents', () => expect(slugify(' Pizzaria São João! ')).toBe('pizzaria-sao-joao'));
  it('hex colours', () => {
    expect(isHexColor('#aaBB09')).toBe(true);
    expect(isHexColor('red')).toBe(false);
    expect(isHexColor('#abc')).toBe(false);
  });
  it('time zones', () => {
    expect(isValidTimezone('America/Sao_Paulo')).toBe(true);
    expect(isValidTimezone('Mars/Olympus')).toBe(false);
    expect(isValidTimezone('')).toBe(false);
  });
  it('google rating 1–5 step 0.1', () => {
    expect(isValidGoogleRating(4.5)).toBe(true);
    expect(isValidGoogleRating(5)).toBe(true);
    expect(isValidGoogleRating(0.9)).toBe(false);
    expect(isValidGoogleRating(4.55)).toBe(false);
  });
});
