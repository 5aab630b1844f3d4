import { normalizeText } from '@meucardapio/domain/delivery';
import brazil from './brazil.generated.json' with { type: 'json' };

/** A Brazilian state (UF) with its IBGE code. */
export type State = { code: string; name: string; ibge: number };

const states: readonly State[] = brazil.states;
const cities: Readonly<Record<string, readonly string[]>> = brazil.cities;
const codes: Readonly<Record<string, readonly number[]>> = brazil.codes;

/** The 27 federative units (26 states and the Distrito Federal), sorted by name. */
export function listStates(): readonly State[] {
  return states;
}

/** Municipalities of a state by UF code ('SP', case-insensitive), sorted pt-BR; empty for an unknown code. */
export function listCities(code: string): readonly string[] {
  return cities[code.trim().toUpperCase()] ?? [];
}

const folded = new Map<string, Map<string, string>>();

/**
 * The official name of a municipality of a state typed with any accents, case or spacing
 * ('belo  horizonte' → 'Belo Horizonte'); null when the state has no such municipality.
 */
export function findCity(code: string, typed: string): string | null {
  const uf = code.trim().toUpperCase();
  let byName = folded.get(uf);
  if (!byName) {
    byName = new Map(listCities(uf).map((c) => [normalizeText(c), c]));
    folded.set(uf, byName);
  }
  return byName.get(normalizeText(typed)) ?? null;
}

/** The 7-digit IBGE code of a municipality by its official name ('SP', 'São Paulo' → '3550308'), or null. */
export function cityCode(uf: string, name: string): string | null {
  const code = uf.trim().toUpperCase();
  const official = findCity(code, name);
  if (!official) return null;
  return String(codes[code][listCities(code).indexOf(official)]);
}
