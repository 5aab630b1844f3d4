import { describe, expect, it } from 'vitest';
import { maskDestination } from './money-destination';

describe('maskDestination', () => {
  it('keeps two characters at each end of a long value', () => {
    expect(maskDestination('pix@restaurante.com')).toBe('pi•••••••••••••••om');
  });
  it('hides a short value wholly and answers null for none', () => {
    expect(maskDestination('abc')).toBe('•••');
    expect(maskDestination('  ')).toBeNull();
    expect(maskDestination(null)).toBeNull();
  });
});
