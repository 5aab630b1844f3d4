import { describe, expect, it } from 'vitest';
import {
  formatCoordinates,
  isHexColor,
  isValidGoogleRating,
  isValidTimezone,
  parseCoordinates,
  slugify,
  slugProblem,
} from './restaurant-settings';

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

describe('the restaurant on the map', () => {
  it('reads the coordinates an owner pastes from a map', () => {
    expect(parseCoordinates('-23.561414, -46.655881')).toEqual({ latitude: -23.561414, longitude: -46.655881 });
    expect(parseCoordinates(' -23.5614144 -46.6558813 ')).toEqual({ latitude: -23.561414, longitude: -46.655881 });
    expect(parseCoordinates('-23,561414; -46,655881')).toEqual({ latitude: -23.561414, longitude: -46.655881 });
    expect(parseCoordinates('-23,561414 -46,655881')).toEqual({ latitude: -23.561414, longitude: -46.655881 });
    expect(parseCoordinates('')).toBeNull();
    expect(parseCoordinates(null)).toBeNull();
  });

  it('refuses what is not a point on Earth, and 0, 0', () => {
    expect(parseCoordinates('-23.56')).toBe('invalid');
    expect(parseCoordinates('91, 10')).toBe('invalid');
    expect(parseCoordinates('10, -181')).toBe('invalid');
    expect(parseCoordinates('0, 0')).toBe('invalid');
    expect(parseCoordinates('Rua Augusta, 10')).toBe('invalid');
    expect(parseCoordinates('1, 2, 3')).toBe('invalid');
  });

  it('writes them back as they are read', () => {
    expect(formatCoordinates({ latitude: -23.561414, longitude: -46.655881 })).toBe('-23.561414, -46.655881');
    expect(parseCoordinates(formatCoordinates({ latitude: -23.5, longitude: -46.6 }))).toEqual({
      latitude: -23.5,
      longitude: -46.6,
    });
    expect(formatCoordinates({ latitude: null, longitude: null })).toBeNull();
  });
});
