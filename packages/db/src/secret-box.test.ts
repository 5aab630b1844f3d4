import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, openSecret, sealSecret, setSecretsKey } from './secret-box';

describe('secret box', () => {
  it('seals a value so that only the same key opens it, differently every time', () => {
    const keyA = randomBytes(32);
    setSecretsKey(keyA);
    const sealed = sealSecret('token-da-nuvem-fiscal');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('token-da-nuvem-fiscal');
    expect(sealSecret('token-da-nuvem-fiscal')).not.toBe(sealed);
    expect(openSecret(sealed)).toBe('token-da-nuvem-fiscal');
    setSecretsKey(randomBytes(32));
    expect(() => openSecret(sealed)).toThrow();
    setSecretsKey(keyA);
  });

  it('reads a value stored before sealing as it is', () => {
    setSecretsKey(randomBytes(32));
    expect(openSecret('chave-antiga')).toBe('chave-antiga');
  });

  it('refuses a key of the wrong size', () => {
    expect(() => setSecretsKey(randomBytes(16))).toThrow('32 bytes');
  });
});
