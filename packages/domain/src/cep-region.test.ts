import { describe, expect, it } from 'vitest';
import { cepRegion } from './cep-region';

describe('cepRegion', () => {
  it('names the state of any CEP and the capital inside its range', () => {
    expect(cepRegion('30130-010')).toEqual({ state: 'MG', capital: 'Belo Horizonte' });
    expect(cepRegion('01310100')).toEqual({ state: 'SP', capital: 'São Paulo' });
    expect(cepRegion('70040-010')).toEqual({ state: 'DF', capital: 'Brasília' });
    expect(cepRegion('90010-000')).toEqual({ state: 'RS', capital: 'Porto Alegre' });
  });
  it('leaves the city to the person outside a capital', () => {
    expect(cepRegion('13010-000')).toEqual({ state: 'SP', capital: null }); // Campinas
    expect(cepRegion('36010-000')).toEqual({ state: 'MG', capital: null }); // Juiz de Fora
  });
  it('follows the states that share a block of CEPs', () => {
    expect(cepRegion('69301-000')?.state).toBe('RR');
    expect(cepRegion('69400-000')?.state).toBe('AM');
    expect(cepRegion('72800-000')?.state).toBe('GO');
    expect(cepRegion('73000-000')?.state).toBe('DF');
    expect(cepRegion('76801-000')?.state).toBe('RO');
  });
  it('is null for a CEP without 8 digits or outside every range', () => {
    expect(cepRegion('3013')).toBeNull();
    expect(cepRegion('')).toBeNull();
    expect(cepRegion('00000-000')).toBeNull();
  });
});
