import { z } from 'zod';
import { fail, type RuleFailure } from './messages';
import type { ProfileType, StaffActor } from './permissions';

/**
 * How far each person may discount a PDV sale on their own. A profile stores its own maximum
 * percentage of the subtotal; without one it gets its type's default: Administrador (and the owner)
 * 100 %, Caixa a small allowance for rounding a price at the counter, every other type nothing. Above
 * the limit the sale needs someone whose own limit covers the discount to type their password on the
 * terminal, and a reason.
 */

export const DEFAULT_MAX_DISCOUNT_PERCENT: Record<ProfileType, number> = {
  admin: 100,
  cashier: 5,
  counter: 0,
  kitchen: 0,
  waiter: 0,
  custom: 0,
};

export const DISCOUNT_MSG = {
  approvalRequired: 'Desconto acima do seu limite',
  approvalRequiredDescription: (limit: number) =>
    `Seu limite é ${limit}% do subtotal. Peça a um gerente que autorize com a senha dele e informe o motivo.`,
  reasonRequired: 'Informe o motivo do desconto',
  approverRefused: 'Autorização recusada',
  approverRefusedDescription: 'E-mail ou senha do autorizador incorretos, ou o limite dele não cobre este desconto.',
  approvalTitle: 'Autorizar desconto',
  approverEmail: 'E-mail de quem autoriza',
  approverPassword: 'Senha de quem autoriza',
  reason: 'Motivo do desconto',
  limitLabel: 'Desconto máximo no PDV (%)',
} as const;

/** The discount limit of a staff member: 100 for the owner and administrators, else the profile's own or its type's. */
export function discountLimitPercent(actor: StaffActor): number {
  if (actor.kind === 'owner') return 100;
  const profile = actor.profile;
  if (!actor.employeeActive || !profile?.active) return 0;
  if (profile.type === 'admin') return 100;
  return profile.maxDiscountPercent ?? DEFAULT_MAX_DISCOUNT_PERCENT[profile.type] ?? 0;
}

/** Whether `discount` is at most `limitPercent` % of `subtotal` (exact, in integer centavos). */
export function withinDiscountLimit(subtotal: number, discount: number, limitPercent: number): boolean {
  if (discount <= 0) return true;
  return discount * 100 <= subtotal * limitPercent;
}

/** The discount as a percentage of the subtotal with one decimal, for lists and reports. */
export function discountPercent(subtotal: number, discount: number): number {
  if (subtotal <= 0 || discount <= 0) return 0;
  return Math.round((discount * 1000) / subtotal) / 10;
}

export type DiscountApproval = { email: string; password: string };

/**
 * The discount check of a sale. Within the giver's limit nothing more is asked; above it the sale needs
 * an approval and a reason (the approver's password and limit are checked by the server).
 */
export function checkSaleDiscount(input: {
  subtotal: number;
  discount: number;
  limitPercent: number;
  approval: DiscountApproval | null;
  reason: string | null;
}): { ok: true; needsApproval: boolean } | RuleFailure {
  if (withinDiscountLimit(input.subtotal, input.discount, input.limitPercent))
    return { ok: true, needsApproval: false };
  if (!input.approval)
    return fail(
      'discount_above_limit',
      DISCOUNT_MSG.approvalRequired,
      DISCOUNT_MSG.approvalRequiredDescription(input.limitPercent),
    );
  if (!input.reason?.trim()) return fail('discount_reason_required', DISCOUNT_MSG.reasonRequired);
  return { ok: true, needsApproval: true };
}

/** The approval typed on the terminal: the approver's e-mail and password. */
export const discountApprovalSchema = z.object({
  email: z.string({ error: 'Informe o e-mail de quem autoriza' }).trim().toLowerCase().min(3).max(254),
  password: z.string({ error: 'Informe a senha de quem autoriza' }).min(1, 'Informe a senha de quem autoriza').max(200),
});

/** A profile's own limit: 0–100, or null for its type's default. */
export const maxDiscountPercentSchema = z
  .number({ error: 'Desconto máximo inválido' })
  .int('Use um número inteiro de 0 a 100')
  .min(0, 'Use um número inteiro de 0 a 100')
  .max(100, 'Use um número inteiro de 0 a 100')
  .nullish()
  .transform((v) => v ?? null);
