/** Applies a digit mask ('0' = a digit) progressively, stopping at the last typed digit. */
function mask(value: string, pattern: string): string {
  const digits = value.replace(/\D/g, '');
  let out = '';
  let i = 0;
  for (const ch of pattern) {
    if (i >= digits.length) break;
    if (ch === '0') out += digits[i++];
    else out += ch;
  }
  return out;
}

export const NCM_MASK = '0000.00.00';
export const CEST_MASK = '00.000.00';

/** NCM as typed: digits only, at most 8, shown as 0000.00.00 ('22030000' → '2203.00.00'). */
export function formatNcm(value: string): string {
  return mask(value, NCM_MASK);
}

/** CEST as typed: digits only, at most 7, shown as 00.000.00 ('0300100' → '03.001.00'). */
export function formatCest(value: string): string {
  return mask(value, CEST_MASK);
}

/**
 * "CPF na nota?" as typed: a CPF mask (000.000.000-00) up to 11 digits, a CNPJ mask past them, so a CNPJ
 * typed there reads as one and is answered with why the NFC-e takes none.
 */
export function formatBuyerDocument(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 14);
  return mask(digits, digits.length <= 11 ? '000.000.000-00' : '00.000.000/0000-00');
}

/** A complete NCM has 8 digits (formatted or not). */
export function isCompleteNcm(value: string): boolean {
  return /^\d{4}\.?\d{2}\.?\d{2}$/.test(value.trim());
}

/** A complete CEST has 7 digits (formatted or not). */
export function isCompleteCest(value: string): boolean {
  return /^\d{2}\.?\d{3}\.?\d{2}$/.test(value.trim());
}

/** Origem da mercadoria (ICMS origin codes 0–8) with their official meaning, shortened. */
export const ORIGIN_OPTIONS = [
  { value: 0, label: '0 - Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8' },
  { value: 1, label: '1 - Estrangeira - Importação direta, exceto a indicada no código 6' },
  { value: 2, label: '2 - Estrangeira - Adquirida no mercado interno, exceto a indicada no código 7' },
  { value: 3, label: '3 - Nacional, com conteúdo de importação superior a 40% e inferior ou igual a 70%' },
  { value: 4, label: '4 - Nacional, produzida conforme processos produtivos básicos' },
  { value: 5, label: '5 - Nacional, com conteúdo de importação inferior ou igual a 40%' },
  { value: 6, label: '6 - Estrangeira - Importação direta, sem similar nacional (lista CAMEX)' },
  { value: 7, label: '7 - Estrangeira - Adquirida no mercado interno, sem similar nacional (lista CAMEX)' },
  { value: 8, label: '8 - Nacional, com conteúdo de importação superior a 70%' },
] as const;

/** Whether a value is an origin code 0–8. */
export function isOriginCode(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 8;
}

export const UNIT_OPTIONS = [
  { value: 'KG', label: 'KG - Quilograma' },
  { value: 'LT', label: 'LT - Litro' },
  { value: 'MT', label: 'MT - Metro' },
  { value: 'MT²', label: 'MT² - Metro quadrado' },
  { value: 'MT³', label: 'MT³ - Metro cúbico' },
  { value: 'PC', label: 'PC - Peça' },
  { value: 'PR', label: 'PR - Par' },
  { value: 'UN', label: 'UN - Unidade' },
] as const;

export type UnitCode = (typeof UNIT_OPTIONS)[number]['value'];

/** Whether a value is one of the 8 unit codes. */
export function isUnitCode(value: unknown): value is UnitCode {
  return UNIT_OPTIONS.some((u) => u.value === value);
}
