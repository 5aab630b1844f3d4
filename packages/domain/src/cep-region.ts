/**
 * Where a CEP lies, worked out offline from the Correios ranges: the state (UF) of every CEP, and the
 * capital for CEPs inside a capital's own range. Anything finer (other municipalities, streets) needs
 * a CEP database this product does not ship, so callers ask the person to choose the city.
 */

/** [first 5 digits, last 5 digits, UF], inclusive. */
const STATE_RANGES: readonly (readonly [number, number, string])[] = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/** The capitals' own ranges: [first 5 digits, last 5 digits, UF, city as IBGE names it]. */
const CAPITAL_RANGES: readonly (readonly [number, number, string, string])[] = [
  [1000, 5999, 'SP', 'São Paulo'],
  [8000, 8499, 'SP', 'São Paulo'],
  [20000, 23799, 'RJ', 'Rio de Janeiro'],
  [29000, 29099, 'ES', 'Vitória'],
  [30000, 31999, 'MG', 'Belo Horizonte'],
  [40000, 42599, 'BA', 'Salvador'],
  [49000, 49098, 'SE', 'Aracaju'],
  [50000, 52999, 'PE', 'Recife'],
  [57000, 57099, 'AL', 'Maceió'],
  [58000, 58099, 'PB', 'João Pessoa'],
  [59000, 59139, 'RN', 'Natal'],
  [60000, 61599, 'CE', 'Fortaleza'],
  [64000, 64099, 'PI', 'Teresina'],
  [65000, 65109, 'MA', 'São Luís'],
  [66000, 66999, 'PA', 'Belém'],
  [68900, 68914, 'AP', 'Macapá'],
  [69000, 69099, 'AM', 'Manaus'],
  [69300, 69339, 'RR', 'Boa Vista'],
  [69900, 69923, 'AC', 'Rio Branco'],
  // The Distrito Federal is one municipality.
  [70000, 72799, 'DF', 'Brasília'],
  [73000, 73699, 'DF', 'Brasília'],
  [74000, 74899, 'GO', 'Goiânia'],
  [76800, 76834, 'RO', 'Porto Velho'],
  [77000, 77249, 'TO', 'Palmas'],
  [78000, 78109, 'MT', 'Cuiabá'],
  [79000, 79129, 'MS', 'Campo Grande'],
  [80000, 82999, 'PR', 'Curitiba'],
  [88000, 88099, 'SC', 'Florianópolis'],
  [90000, 91999, 'RS', 'Porto Alegre'],
];

/** The first five digits of a CEP with 8 digits (mask or not), or null. */
function prefixOf(cep: string): number | null {
  const digits = cep.replace(/\D/g, '');
  return digits.length === 8 ? Number(digits.slice(0, 5)) : null;
}

/** The region a CEP belongs to: its UF always, its city when the CEP is in a capital's range. */
export function cepRegion(cep: string): { state: string; capital: string | null } | null {
  const prefix = prefixOf(cep);
  if (prefix === null) return null;
  const state = STATE_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2];
  if (!state) return null;
  const capital = CAPITAL_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[3] ?? null;
  return { state, capital };
}
