import brazil from './brazil.generated.json' with { type: 'json' };

/** A Brazilian state (UF) with its IBGE code. */
export type State = { code: string; name: string; ibge: number };

const states: readonly State[] = brazil.states;
const cities: Readonly<Record<string, readonly string[]>> = brazil.cities;

/** The 27 federative units (26 states and the Distrito Federal), sorted by name. */
export function listStates(): readonly State[] {
  return states;
}

/** Municipalities of a state by UF code ('SP', case-insensitive), sorted pt-BR; empty for an unknown code. */
export function listCities(code: string): readonly string[] {
  return cities[code.trim().toUpperCase()] ?? [];
}
