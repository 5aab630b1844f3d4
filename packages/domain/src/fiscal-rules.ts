import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { normalizeText } from './delivery';
import { isCompleteCest, isCompleteNcm } from './fiscal-format';

/**
 * The fiscal rules of a consumer receipt (NFC-e, modelo 65) for a restaurant in the Simples Nacional:
 * which CFOP a product takes, what its fiscal data must look like, how a payment is named to SEFAZ, how a
 * discount spreads over the items, who may be the buyer, and the chave de acesso's check digit.
 */

export const CFOP_OPTIONS = [
  { value: '5101', label: '5101 - Produção do estabelecimento (preparado no local)' },
  { value: '5102', label: '5102 - Revenda de mercadoria' },
  { value: '5405', label: '5405 - Revenda com substituição tributária (ST)' },
] as const;
export type Cfop = (typeof CFOP_OPTIONS)[number]['value'];

export function isCfop(value: unknown): value is Cfop {
  return CFOP_OPTIONS.some((c) => c.value === value);
}

/** CSOSN codes of the Simples Nacional an NFC-e accepts. */
export const CSOSN_OPTIONS = [
  { value: '101', label: '101 - Tributada com permissão de crédito' },
  { value: '102', label: '102 - Tributada sem permissão de crédito' },
  { value: '103', label: '103 - Isenção do ICMS para faixa de receita bruta' },
  { value: '300', label: '300 - Imune' },
  { value: '400', label: '400 - Não tributada' },
  { value: '500', label: '500 - ICMS cobrado anteriormente por ST' },
  { value: '900', label: '900 - Outros' },
] as const;

export function isCsosn(value: unknown): boolean {
  return CSOSN_OPTIONS.some((c) => c.value === value);
}

/**
 * A product's CFOP when the owner chose none: goods already taxed by substituição tributária (CSOSN 500,
 * canned drinks) are resold under 5405; anything else a restaurant sells is made on its premises (5101).
 */
export function defaultCfop(csosn: string | null | undefined): Cfop {
  return csosn === '500' ? '5405' : '5101';
}

/** The CSOSN a product is sent with when none was filled in: 500 for ST resale, else 102. */
export function defaultCsosn(cfop: string | null | undefined): string {
  return cfop === '5405' ? '500' : '102';
}

export type ProductFiscal = {
  cfop: string | null;
  codigoNcm: string | null;
  codigoCest: string | null;
  csosnIcms: string | null;
  origemMercadoria: number | null;
};

/**
 * What keeps a product off a valid NFC-e, in pt-BR, one text per problem (empty when fine). `forNote`
 * demands the NCM every note item needs; the product form checks only what is filled in.
 */
export function productFiscalProblems(p: ProductFiscal, forNote = false): string[] {
  const problems: string[] = [];
  if (p.cfop && !isCfop(p.cfop)) problems.push('CFOP inválido: use 5101, 5102 ou 5405.');
  if (p.codigoNcm ? !isCompleteNcm(p.codigoNcm) : forNote)
    problems.push('NCM inválido: informe os 8 dígitos (0000.00.00).');
  if (p.codigoCest && !isCompleteCest(p.codigoCest)) problems.push('CEST inválido: informe os 7 dígitos (00.000.00).');
  if (p.csosnIcms && !isCsosn(p.csosnIcms)) problems.push('CSOSN inválido: use 101, 102, 103, 300, 400, 500 ou 900.');
  if (
    p.origemMercadoria !== null &&
    !(Number.isInteger(p.origemMercadoria) && p.origemMercadoria >= 0 && p.origemMercadoria <= 8)
  )
    problems.push('Origem inválida: use um código de 0 a 8.');
  const cfop = p.cfop ?? defaultCfop(p.csosnIcms);
  const csosn = p.csosnIcms ?? defaultCsosn(cfop);
  if (cfop === '5405' && csosn !== '500') problems.push('CFOP 5405 (substituição tributária) pede o CSOSN 500.');
  if (csosn === '500' && cfop !== '5405' && p.cfop) problems.push('O CSOSN 500 pede o CFOP 5405.');
  if (csosn === '500' && !p.codigoCest)
    problems.push('Produto com substituição tributária (CSOSN 500) precisa do CEST.');
  return problems;
}

// ─── Payments ──────────────────────────────────────────────────────────────────────────────────

/** SEFAZ's payment codes (tPag) the restaurant's payments become. */
export const T_PAG = {
  cash: '01',
  credit: '03',
  debit: '04',
  mealVoucher: '11',
  foodVoucher: '10',
  /** Dynamic PIX of a payment provider. */
  pixProvider: '17',
  /** The restaurant's own static PIX QR (its key printed on a QR code). */
  pixStatic: '20',
  other: '99',
} as const;

/**
 * The tPag of a payment by its method's name (what the restaurant typed) and, for PIX, whether it went
 * through the restaurant's own key (20) or a provider's checkout (17). `xPag` describes a 99.
 */
export function tPagOf(methodName: string, pixKind: 'static' | 'provider'): { tPag: string; xPag?: string } {
  const n = normalizeText(methodName);
  if (n.includes('pix')) return { tPag: pixKind === 'static' ? T_PAG.pixStatic : T_PAG.pixProvider };
  if (n.includes('refeicao')) return { tPag: T_PAG.mealVoucher };
  if (n.includes('alimentacao')) return { tPag: T_PAG.foodVoucher };
  if (n.includes('debito') || n === 'debit_card') return { tPag: T_PAG.debit };
  if (n.includes('credito') || n.includes('cartao') || n === 'credit_card') return { tPag: T_PAG.credit };
  if (n.includes('dinheiro') || n === 'cash') return { tPag: T_PAG.cash };
  return { tPag: T_PAG.other, xPag: methodName.trim().slice(0, 60) || 'Outros' };
}

// ─── Amounts ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Spreads a discount over lines in proportion to their totals, in whole centavos, so the parts add up to
 * the discount exactly: each line gets its floor share, and the centavos left go to the lines with the
 * largest remainders (ties to the earlier line). No line gets more than its own total.
 */
export function prorate(lineTotals: readonly number[], discount: number): number[] {
  const sum = lineTotals.reduce((s, v) => s + v, 0);
  if (discount <= 0 || sum <= 0) return lineTotals.map(() => 0);
  const d = Math.min(discount, sum);
  const exact = lineTotals.map((v) => (v * d) / sum);
  const shares = exact.map(Math.floor);
  let left = d - shares.reduce((s, v) => s + v, 0);
  const order = exact.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if (shares[i] < lineTotals[i]) {
      shares[i]++;
      left--;
    }
  }
  return shares;
}

/** Centavos as the API's decimal reais (4290 → 42.9). */
export function reais(centavos: number): number {
  return Math.round(centavos) / 100;
}

// ─── Buyer ───────────────────────────────────────────────────────────────────────────────────────

export const BUYER_MSG = {
  invalidCpf: 'CPF inválido. Verifique os números do CPF.',
  cnpjRefused:
    'A NFC-e é a nota do consumidor: não pode ser emitida para CNPJ. Para uma empresa, informe o CPF de quem compra ou emita uma NF-e fora do sistema.',
};

/**
 * "CPF na nota?": blank means an anonymous consumer; a CPF is kept as its 11 digits; a CNPJ is refused
 * with its own message (NFC-e serves consumers; companies get an NF-e, which this product does not issue).
 */
/** How the PDV (and the tables, which close through it) issues NFC-e; null when the restaurant issues none. */
export type PdvNfce = { pdvMode: 'automatic' | 'on_request' } | null;

export function pdvNfceOf(r: { nfceEnabled: boolean; nfcePdvMode: string }): PdvNfce {
  return r.nfceEnabled ? { pdvMode: r.nfcePdvMode === 'on_request' ? 'on_request' : 'automatic' } : null;
}

export function checkBuyerDocument(
  value: string | null | undefined,
): { ok: true; cpf: string | null } | { ok: false; message: string } {
  const digits = (value ?? '').replace(/\D/g, '');
  if (!digits) return { ok: true, cpf: null };
  if (digits.length === 14 && isValidCnpj(digits)) return { ok: false, message: BUYER_MSG.cnpjRefused };
  if (digits.length !== 11 || !isValidCpf(digits)) return { ok: false, message: BUYER_MSG.invalidCpf };
  return { ok: true, cpf: digits };
}

// ─── Chave de acesso ─────────────────────────────────────────────────────────────────────────────

/** Módulo 11 check digit of a chave de acesso's first 43 digits (weights 2..9 from the right). */
export function mod11Digit(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export type AccessKeyParts = {
  /** IBGE code of the state (35 = SP). */
  cUF: number;
  /** When the note was issued. */
  issuedAt: Date;
  cnpj: string;
  modelo: number;
  serie: number;
  numero: number;
  tpEmis: number;
  /** The note's 8-digit random code. */
  cNF: number;
};

/** The 44-digit chave de acesso: cUF AAMM CNPJ mod série número tpEmis cNF DV. */
export function accessKey(p: AccessKeyParts): string {
  const yymm = `${String(p.issuedAt.getUTCFullYear() % 100).padStart(2, '0')}${String(p.issuedAt.getUTCMonth() + 1).padStart(2, '0')}`;
  const base = [
    String(p.cUF).padStart(2, '0'),
    yymm,
    p.cnpj.replace(/\D/g, '').padStart(14, '0'),
    String(p.modelo).padStart(2, '0'),
    String(p.serie).padStart(3, '0'),
    String(p.numero).padStart(9, '0'),
    String(p.tpEmis),
    String(p.cNF).padStart(8, '0'),
  ].join('');
  return `${base}${mod11Digit(base)}`;
}

/** Whether a 44-digit key's last digit is its check digit. */
export function isValidAccessKey(key: string): boolean {
  return /^\d{44}$/.test(key) && mod11Digit(key.slice(0, 43)) === Number(key[43]);
}

/** The key in groups of four, as printed on the DANFE. */
export function formatAccessKey(key: string): string {
  return key.replace(/(\d{4})(?=\d)/g, '$1 ');
}
