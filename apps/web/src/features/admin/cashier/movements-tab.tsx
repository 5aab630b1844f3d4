import { CASHIER_MSG, checkCashMovement } from '@meucardapio/domain/cashier';
import type { CashMovementInput } from '@meucardapio/domain/cashier-api';
import type { CashMovementView } from '@meucardapio/domain/cashier-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { useState } from 'react';
import { MoneyInput, typedCents } from '@/components/money-input';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorText, isApiError } from '@/lib/api';
import { formatMoney, formatTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cashierKeys, recordSupply, recordWithdrawal } from './cashier-api';
import { toastRule } from './pdv-ui';

const KINDS = {
  withdrawal: {
    title: 'Sangria',
    description: 'Retirada de dinheiro da gaveta (ex.: depósito, pagamento de fornecedor).',
    button: 'Registrar Sangria',
    done: CASHIER_MSG.withdrawalRecorded,
    error: CASHIER_MSG.withdrawalError,
    icon: ArrowUpFromLine,
    call: recordWithdrawal,
  },
  supply: {
    title: 'Suprimento',
    description: 'Dinheiro colocado na gaveta durante o turno (ex.: reforço de troco).',
    button: 'Registrar Suprimento',
    done: CASHIER_MSG.supplyRecorded,
    error: 'Erro ao registrar suprimento',
    icon: ArrowDownToLine,
    call: recordSupply,
  },
} as const;

/** Sangria for everyone with the PDV; suprimento for owner and administrators only. */
export function MovementsTab({ canSupply, timeZone }: { canSupply: boolean; timeZone: string }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <MovementCard kind="withdrawal" timeZone={timeZone} />
      {canSupply && <MovementCard kind="supply" timeZone={timeZone} />}
    </div>
  );
}

function MovementCard({ kind, timeZone }: { kind: keyof typeof KINDS; timeZone: string }) {
  const k = KINDS[kind];
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [recent, setRecent] = useState<CashMovementView[]>([]);
  const mutation = useMutation({
    mutationFn: k.call,
    onSuccess: (m) => {
      toast.success(k.done, { description: `${formatMoney(m.amount)} · ${m.reason}` });
      setRecent((r) => [m, ...r].slice(0, 5));
      setAmount('');
      setReason('');
      void queryClient.invalidateQueries({ queryKey: cashierKeys.all });
    },
    onError: (err, body) => {
      // Above the drawer's cash the owner or an administrator is asked to confirm (decision 054).
      if (isApiError(err) && err.code === 'withdrawal_above_drawer_confirm') {
        setAboveDrawer({ body, text: err.description });
        return;
      }
      const t = errorText(err);
      toast.error(k.error, { description: [t.title, t.description].filter(Boolean).join(': ') });
    },
  });
  const [aboveDrawer, setAboveDrawer] = useState<{ body: CashMovementInput; text: string } | null>(null);

  function submit() {
    const cents = amount.trim() === '' ? null : (typedCents(amount) ?? Number.NaN);
    const checked = checkCashMovement({ amount: cents, reason });
    if (!checked.ok) return toastRule(checked);
    mutation.mutate({ amount: cents!, reason: reason.trim() });
  }

  const Icon = k.icon;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5" aria-hidden /> {k.title}
        </CardTitle>
        <CardDescription>{k.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormField label="Valor" htmlFor={`${kind}-amount`}>
            <MoneyInput
              id={`${kind}-amount`}
              autoFocus={kind === 'withdrawal'}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              className="h-12 text-lg"
            />
          </FormField>
          <FormField label="Motivo" htmlFor={`${kind}-reason`}>
            <Input
              id={`${kind}-reason`}
              maxLength={300}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className="h-12"
            />
          </FormField>
          <Button type="submit" size="xl" loading={mutation.isPending}>
            {k.button}
          </Button>
        </form>
        <ConfirmDialog
          open={aboveDrawer !== null}
          onOpenChange={(v) => !v && setAboveDrawer(null)}
          title={CASHIER_MSG.withdrawalAboveDrawer}
          description={aboveDrawer?.text}
          confirmText="Registrar mesmo assim"
          onConfirm={() =>
            aboveDrawer ? mutation.mutateAsync({ ...aboveDrawer.body, confirmAboveDrawer: true }) : undefined
          }
        />
        {recent.length > 0 && (
          <ul className="mt-4 grid gap-1 text-sm" aria-label={`${k.title}s registradas`}>
            {recent.map((m) => (
              <li key={m.id} className="flex justify-between gap-2 rounded-md bg-muted px-3 py-2">
                <span className="truncate">
                  {formatTime(m.createdAt, timeZone)} · {m.reason}
                </span>
                <span className="font-medium tabular-nums">{formatMoney(m.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
