import { DISCOUNT_MSG } from '@meucardapio/domain/cashier-discounts';
import { ShieldCheck } from 'lucide-react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export type ApprovalFields = { email: string; password: string; reason: string };
export const NO_APPROVAL: ApprovalFields = { email: '', password: '', reason: '' };

/**
 * A discount above the cashier's limit: the reason, and the e-mail and password of someone whose limit
 * covers it, typed on this terminal (the server checks both before the sale is written).
 */
export function DiscountApproval({
  limitPercent,
  value,
  onChange,
}: {
  limitPercent: number;
  value: ApprovalFields;
  onChange: (next: ApprovalFields) => void;
}) {
  const set = (key: keyof ApprovalFields) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  return (
    <fieldset className="grid gap-3 rounded-lg border border-warning/50 bg-warning/10 p-3">
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold">
        <ShieldCheck className="size-4" aria-hidden /> {DISCOUNT_MSG.approvalTitle}
      </legend>
      <p className="text-sm text-muted-foreground">{DISCOUNT_MSG.approvalRequiredDescription(limitPercent)}</p>
      <FormField label={DISCOUNT_MSG.reason} htmlFor="discount-reason">
        <Input id="discount-reason" maxLength={200} value={value.reason} onChange={set('reason')} />
      </FormField>
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <FormField label={DISCOUNT_MSG.approverEmail} htmlFor="discount-approver-email">
          <Input
            id="discount-approver-email"
            type="email"
            autoComplete="off"
            value={value.email}
            onChange={set('email')}
          />
        </FormField>
        <FormField label={DISCOUNT_MSG.approverPassword} htmlFor="discount-approver-password">
          <Input
            id="discount-approver-password"
            type="password"
            autoComplete="off"
            value={value.password}
            onChange={set('password')}
          />
        </FormField>
      </div>
    </fieldset>
  );
}
