import { formatBRL } from './money';

export const DEFAULT_MAX_INSTALLMENTS = 12;
/** One installment is allowed per R$ 100,00 of the total. */
export const CENTS_PER_INSTALLMENT = 10000;

export type InstallmentOption = { count: number /** Centavos, rounded. */; value: number; label: string };

function clampMax(max: number | null | undefined): number {
  if (max === null || max === undefined || !Number.isFinite(max)) return DEFAULT_MAX_INSTALLMENTS;
  return Math.min(DEFAULT_MAX_INSTALLMENTS, Math.max(1, Math.trunc(max)));
}

/**
 * How many installments a card payment may be split into on the storefront:
 * min(max_installments (default 12, never above 12), floor(total in reais / 100)), at least 1.
 * The spec's "floor(total / 100)" is in reais, so R$ 250,00 allows 2x.
 */
export function maxInstallmentsFor(totalCents: number, maxInstallments?: number | null): number {
  const byTotal = Math.floor(totalCents / CENTS_PER_INSTALLMENT);
  return Math.max(1, Math.min(clampMax(maxInstallments), byTotal));
}

/** '3x de R$ 33,33'. */
export function installmentLabel(count: number, value: number): string {
  return `${count}x de ${formatBRL(value)}`;
}

/**
 * The installment choices 1…n for a total, each worth total / count rounded to the centavo. The values
 * are for display: the full total is what is charged, so rounding never changes what is paid.
 */
export function installmentOptions(totalCents: number, maxInstallments?: number | null): InstallmentOption[] {
  const n = maxInstallmentsFor(totalCents, maxInstallments);
  return Array.from({ length: n }, (_, i) => {
    const count = i + 1;
    const value = Math.round(totalCents / count);
    return { count, value, label: installmentLabel(count, value) };
  });
}

/**
 * Installment choices at the POS, which do not depend on the total: 1…max_installments when the
 * method allows more than one, otherwise just 1.
 */
export function posInstallmentChoices(maxInstallments: number | null | undefined): number[] {
  const max = maxInstallments && maxInstallments > 1 ? clampMax(maxInstallments) : 1;
  return Array.from({ length: max }, (_, i) => i + 1);
}
