import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, openSecret, sealSecret, useSecretsKey } from './secret-box';

describe('secret box', () => {
  it('seals a value so that only the same key opens it, differently every time', () => {
    const keyA = randomBytes(32);
    useSecretsKey(keyA);
    const sealed = sealSecret('token-da-nuvem-fiscal');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('token-da-nuvem-fiscal');
    expect(sealSecret('token-da-nuvem-fiscal')).not.toBe(sealed);
    expect(openSecret(sealed)).toBe('token-da-nuvem-fiscal');
    useSecretsKey(randomBytes(32));
    expect(() => openSecret(sealed)).toThrow();
    useSecretsKey(keyA);
  });

  it('reads a value stored before sealing as it is', () => {
    useSecretsKey(randomBytes(32));
    expect(openSecret('chave-antiga')).toBe('chave-antiga');
  });

  it('refuses a key of the wrong size', () => {
    expect(() => useSecretsKey(randomBytes(16))).toThrow('32 bytes');
  });
});
