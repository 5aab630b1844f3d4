import { describe, expect, it } from 'vitest';
import { cityCode, findCity, listCities, listStates } from './geo';

describe('geo', () => {
  it('lists the 27 federative units sorted by name', () => {
    const states = listStates();
    expect(states).toHaveLength(27);
    expect(new Set(states.map((s) => s.code)).size).toBe(27);
    expect(states.find((s) => s.code === 'SP')).toEqual({ code: 'SP', name: 'São Paulo', ibge: 35 });
    const names = states.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });

  it('lists the municipalities of a state with accents and without duplicates', () => {
    const sp = listCities('SP');
    expect(sp).toContain('São Paulo');
    expect(sp).toContain('Guarulhos');
    expect(new Set(sp).size).toBe(sp.length);
    expect(listCities('sp')).toBe(sp);
    expect(listCities('DF')).toEqual(['Brasília']);
    expect(listCities('XX')).toEqual([]);
  });

  it('finds a typed municipality by its name, ignoring accents, case and spaces', () => {
    expect(findCity('MG', 'belo  horizonte ')).toBe('Belo Horizonte');
    expect(findCity('mg', 'BELO HORIZONTE')).toBe('Belo Horizonte');
    expect(findCity('SP', 'sao paulo')).toBe('São Paulo');
    expect(findCity('MG', 'Belo')).toBeNull();
    expect(findCity('SP', 'Belo Horizonte')).toBeNull();
    expect(findCity('XX', 'Belo Horizonte')).toBeNull();
  });

  it('holds every Brazilian municipality once', () => {
    let total = 0;
    for (const s of listStates()) {
      const list = listCities(s.code);
      expect(list.length).toBeGreaterThan(0);
      expect(new Set(list).size).toBe(list.length);
      total += list.length;
    }
    expect(total).toBe(5570);
  });
});

describe('cityCode', () => {
  it('answers the IBGE code NFC-e needs for a municipality', () => {
    expect(cityCode('SP', 'São Paulo')).toBe('3550308');
    expect(cityCode('rj', 'rio de janeiro')).toBe('3304557');
    expect(cityCode('SP', 'Rio de Janeiro')).toBeNull();
  });
});
