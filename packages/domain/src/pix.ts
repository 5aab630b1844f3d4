import { isValidCnpj, isValidCpf, isValidEmail } from '@brazilian-utils/brazilian-utils';
import { createStaticPix, hasError } from 'pix-utils';
import { fail, type RuleFailure } from './messages';
import { centsToReais } from './money';

/**
 * Static PIX BR Code ("copia e cola") generated locally, so a PDV PIX payment needs no provider (and
 * pays no fee). The payload follows the Banco Central's BR Code manual: EMV fields, the PIX key in
 * the merchant account field, the exact amount, a txid naming the sale and a CRC16 at the end.
 */

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Telefone',
  random: 'Chave aleatória',
};

/** BR Code limits: merchant name 25 characters, city 15, txid 25 alphanumerics. */
export const PIX_MERCHANT_NAME_MAX = 25;
export const PIX_MERCHANT_CITY_MAX = 15;
export const PIX_TXID_MAX = 25;

export type PixSettings = { key: string; keyType: PixKeyType; merchantName: string; merchantCity: string };

const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A PIX key in the form the DICT stores it: CPF/CNPJ as digits, e-mail lower-cased, phone as
 * +55DDDNÚMERO, random key (EVP) lower-cased; null when the key is not valid for its type.
 */
export function normalizePixKey(type: PixKeyType, key: string): string | null {
  const raw = key.trim();
  const digits = raw.replace(/\D/g, '');
  switch (type) {
    case 'cpf':
      return isValidCpf(digits) ? digits : null;
    case 'cnpj':
      return isValidCnpj(digits) ? digits : null;
    case 'email': {
      const email = raw.toLowerCase();
      return email.length <= 77 && isValidEmail(email) ? email : null;
    }
    case 'phone': {
      const national = digits.startsWith('55') && digits.length >= 12 ? digits.slice(2) : digits;
      // DDD (2 digits) + 8 or 9 digits.
      return /^[1-9]{2}\d{8,9}$/.test(national) ? `+55${national}` : null;
    }
    case 'random':
      return RANDOM_KEY.test(raw) ? raw.toLowerCase() : null;
    default:
      return null;
  }
}

const PIX_KEY_ERRORS: Record<PixKeyType, string> = {
  cpf: 'Chave PIX inválida: informe um CPF válido.',
  cnpj: 'Chave PIX inválida: informe um CNPJ válido.',
  email: 'Chave PIX inválida: informe um e-mail válido.',
  phone: 'Chave PIX inválida: informe DDD e número do celular.',
  random: 'Chave PIX inválida: a chave aleatória tem o formato 123e4567-e89b-12d3-a456-426614174000.',
};

/** Validates the settings form: key valid for its type, merchant name (≤ 25) and city (≤ 15) required. */
export function checkPixSettings(s: {
  key: string | null | undefined;
  keyType: string | null | undefined;
  merchantName: string | null | undefined;
  merchantCity: string | null | undefined;
}): { ok: true; settings: PixSettings } | RuleFailure {
  const keyType = PIX_KEY_TYPES.find((t) => t === s.keyType);
  if (!keyType)
    return fail(
      'invalid_pix_key_type',
      'Tipo de chave inválido',
      'Escolha CPF, CNPJ, e-mail, telefone ou chave aleatória.',
    );
  const key = normalizePixKey(keyType, s.key ?? '');
  if (!key) return fail('invalid_pix_key', 'Chave PIX inválida', PIX_KEY_ERRORS[keyType]);
  const merchantName = (s.merchantName ?? '').trim();
  const merchantCity = (s.merchantCity ?? '').trim();
  if (!merchantName || merchantName.length > PIX_MERCHANT_NAME_MAX)
    return fail(
      'invalid_pix_name',
      'Nome do recebedor inválido',
      `Informe o nome com até ${PIX_MERCHANT_NAME_MAX} caracteres.`,
    );
  if (!merchantCity || merchantCity.length > PIX_MERCHANT_CITY_MAX)
    return fail('invalid_pix_city', 'Cidade inválida', `Informe a cidade com até ${PIX_MERCHANT_CITY_MAX} caracteres.`);
  return { ok: true, settings: { key, keyType, merchantName, merchantCity } };
}

/** The restaurant's PIX settings when complete (key, its type, name and city), for local BR Codes. */
export function pixSettingsOf(r: {
  pixKey: string | null;
  pixKeyType: string | null;
  pixMerchantName: string | null;
  pixMerchantCity: string | null;
}): PixSettings | null {
  const keyType = PIX_KEY_TYPES.find((t) => t === r.pixKeyType);
  if (!r.pixKey || !keyType || !r.pixMerchantName || !r.pixMerchantCity) return null;
  return { key: r.pixKey, keyType, merchantName: r.pixMerchantName, merchantCity: r.pixMerchantCity };
}

/**
 * The txid of a PDV sale: 'PDV' followed by the letters and digits of the sale's reference (its
 * number, or the terminal's sale attempt key before the number exists), at most 25 characters.
 */
export function pixTxid(reference: string | number): string {
  return `PDV${String(reference).replace(/[^A-Za-z0-9]/g, '')}`.slice(0, PIX_TXID_MAX);
}

/**
 * The static BR Code for an amount in centavos. Name and city are upper-cased without accents by the
 * library, as banks expect. Returns null when the settings cannot produce a payload.
 */
export function pixBrCode(settings: PixSettings, amount: number, txid: string): string | null {
  if (!Number.isInteger(amount) || amount <= 0) return null;
  const pix = createStaticPix({
    merchantName: settings.merchantName.slice(0, PIX_MERCHANT_NAME_MAX),
    merchantCity: settings.merchantCity.slice(0, PIX_MERCHANT_CITY_MAX),
    pixKey: settings.key,
    txid: txid.replace(/[^A-Za-z0-9]/g, '').slice(0, PIX_TXID_MAX) || '***',
    transactionAmount: centsToReais(amount),
  });
  return hasError(pix) ? null : pix.toBRCode();
}
