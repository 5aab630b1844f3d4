import {
  checkSaleDiscount,
  DISCOUNT_MSG,
  type DiscountApproval,
  discountLimitPercent,
  withinDiscountLimit,
} from '@meucardapio/domain/cashier-discounts';
import type { StaffActor } from '@meucardapio/domain/permissions';
import { AppError } from '../../http/errors';
import type { VerifiedStaff } from './staff-password.service';

/**
 * A discount against the giver's limit (a PDV sale's, a table account's): within it nothing more; above
 * it an approval by someone whose own limit covers it (their password, checked by the caller before its
 * transaction with verifyStaffPassword) and a reason. Answers who approved, null when nobody had to.
 */
export function approvedDiscount(
  giver: StaffActor,
  given: { subtotal: number; discount: number; approval: DiscountApproval | null; reason: string | null },
  approver: VerifiedStaff | null,
): VerifiedStaff | null {
  const checked = checkSaleDiscount({
    subtotal: given.subtotal,
    discount: given.discount,
    limitPercent: discountLimitPercent(giver),
    approval: given.approval,
    reason: given.reason,
  });
  if (!checked.ok) throw new AppError(403, checked.code, checked.title, checked.description ?? '');
  if (!checked.needsApproval) return null;
  if (!approver || !withinDiscountLimit(given.subtotal, given.discount, discountLimitPercent(approver.rules)))
    throw new AppError(
      403,
      'discount_approval_refused',
      DISCOUNT_MSG.approverRefused,
      DISCOUNT_MSG.approverRefusedDescription,
    );
  return approver;
}
