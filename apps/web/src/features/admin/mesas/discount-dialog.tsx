import { discountLimitPercent, withinDiscountLimit } from '@meucardapio/domain/cashier-discounts';
import { centsText, parseBRLInput } from '@meucardapio/domain/money';
import type { AccountView } from '@meucardapio/domain/table-accounts-api';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { type ApprovalFields, DiscountApproval, NO_APPROVAL } from '@/components/discount-approval';
import { MoneyInput } from '@/components/money-input';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toastError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useStaff } from '@/lib/staff';
import { setDiscount } from './mesas-api';

/** The bill's "Desconto" line: the amount, who gave it, and (while open) a way to give or change it. */
export function DiscountRow({
  account,
  open,
  onChange,
}: {
  account: AccountView;
  open: boolean;
  onChange: (a: AccountView) => void;
}) {
  const [editing, setEditing] = useState(false);
  const info = account.discountInfo;
  if (!open && account.bill.discount === 0) return null;
  return (
    <div className="flex items-center justify-between gap-2">
      <dt>
        Desconto
        {info && (
          <span className="block text-xs text-muted-foreground">
            {info.givenBy}
            {info.approvedBy && ` (aut. ${info.approvedBy})`}
            {info.reason && ` · ${info.reason}`}
          </span>
        )}
      </dt>
      <dd className="flex items-center gap-1 tabular-nums">
        {account.bill.discount > 0 ? `-${formatMoney(account.bill.discount)}` : '—'}
        {open && (
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
            {account.bill.discount > 0 ? 'Alterar' : 'Dar'}
          </Button>
        )}
      </dd>
      {editing && <DiscountDialog account={account} onClose={() => setEditing(false)} onChange={onChange} />}
    </div>
  );
}

/**
 * A discount on the items of the account, with the PDV's rule: within the waiter's own limit it is
 * given at once; above it, someone whose limit covers it types their password here, with a reason.
 */
function DiscountDialog({
  account,
  onClose,
  onChange,
}: {
  account: AccountView;
  onClose: () => void;
  onChange: (a: AccountView) => void;
}) {
  const { actor } = useStaff();
  const limit = discountLimitPercent(actor);
  const [text, setText] = useState(account.bill.discount > 0 ? centsText(account.bill.discount) : '');
  const [approval, setApproval] = useState<ApprovalFields>(NO_APPROVAL);
  const amount = text.trim() === '' ? 0 : parseBRLInput(text);
  const itemsTotal = account.bill.itemsTotal;
  const valid = amount !== null && amount <= itemsTotal;
  const needsApproval = valid && !withinDiscountLimit(itemsTotal, amount, limit);
  const save = useMutation({
    mutationFn: () =>
      setDiscount(account.id, {
        amount: amount ?? 0,
        reason: approval.reason.trim() || null,
        approval: needsApproval ? { email: approval.email, password: approval.password } : null,
      }),
    onSuccess: (next) => {
      toast.success(amount ? 'Desconto aplicado' : 'Desconto retirado');
      onChange(next);
      onClose();
    },
    onError: (err) => toastError(err, 'Erro ao aplicar o desconto'),
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-md">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) save.mutate();
          }}
        >
          <DialogHeader>
            <DialogTitle>Desconto na conta</DialogTitle>
            <DialogDescription>
              Sobre os itens ({formatMoney(itemsTotal)}); a taxa de serviço é calculada depois do desconto. Deixe em
              branco para retirar.
            </DialogDescription>
          </DialogHeader>
          <FormField
            label="Valor do desconto"
            htmlFor="account-discount"
            error={valid ? undefined : `Informe um valor de R$ 0,00 até ${formatMoney(itemsTotal)}.`}
          >
            <MoneyInput id="account-discount" value={text} onChange={(e) => setText(e.target.value)} autoFocus />
          </FormField>
          {needsApproval && <DiscountApproval limitPercent={limit} value={approval} onChange={setApproval} />}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Voltar
            </Button>
            <Button type="submit" disabled={!valid} loading={save.isPending}>
              {amount ? 'Aplicar desconto' : 'Retirar desconto'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
