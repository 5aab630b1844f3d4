import { DEFAULT_TIMEZONE, localParts } from '@meucardapio/domain/hours';
import { formatBRL } from '@meucardapio/domain/money';
import { onlyDigits as domainOnlyDigits, formatCep, formatPhone } from '@meucardapio/domain/phone';

export { DEFAULT_TIMEZONE };

/** Centavos → 'R$ 1.234,56' (the domain's formatter, so web and server print the same). */
export function formatMoney(cents: number | null | undefined): string {
  return formatBRL(cents ?? 0);
}

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'dd/mm/aaaa HH:mm' in the given timezone (the restaurant's; São Paulo by default). */
export function formatDateTime(value: Date | string | number | null | undefined, timeZone = DEFAULT_TIMEZONE): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  // The domain's wall clock, the one the opening hours and the reports read.
  const { date, time } = localParts(d, timeZone);
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time}`;
}

/** 'dd/mm/aaaa' in the given timezone. */
export function formatDate(value: Date | string | number | null | undefined, timeZone = DEFAULT_TIMEZONE): string {
  return formatDateTime(value, timeZone).slice(0, 10);
}

/** 'HH:mm' in the given timezone. */
export function formatTime(value: Date | string | number | null | undefined, timeZone = DEFAULT_TIMEZONE): string {
  return formatDateTime(value, timeZone).slice(11);
}

/** Keeps only the digits of a string. */
export function onlyDigits(value: string | null | undefined): string {
  return domainOnlyDigits(value ?? '');
}

/**
 * Brazilian phone mask, applied while typing: '(11) 98765-4321' for mobiles (11 digits),
 * '(11) 3456-7890' for landlines (10 digits). A leading country code 55 is dropped.
 */
export function maskPhone(value: string | null | undefined): string {
  return formatPhone(value ?? '');
}

/** CEP mask: '01310-100'. */
export function maskCep(value: string | null | undefined): string {
  return formatCep(value ?? '');
}

/** 'item' / 'itens' style plural. */
export function plural(count: number, singular: string, pluralForm: string): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
