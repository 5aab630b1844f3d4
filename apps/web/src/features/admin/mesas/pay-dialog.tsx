import type { PdvPaymentMethod } from '@meucardapio/domain/cashier-views';
import { centsText } from '@meucardapio/domain/money';
import type { AccountPaymentView, AccountView } from '@meucardapio/domain/table-accounts-api';
import { useMutation } from '@tanstack/react-query';
import { Banknote, CreditCard, QrCode } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { MoneyInput, typedCents } from '@/components/money-input';
import { PixQr } from '@/components/pix-qr';
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
import { cn } from '@/lib/utils';
import { newPaymentKey, payPart } from './mesas-api';

const ICONS = { money: Banknote, card: CreditCard, pix: QrCode } as const;

/**
 * Pays one part of the bill: a method, the amount (the part, or any other amount up to what is left),
 * the cash handed over (change shown) — and, for PIX with the restaurant's key, the part's own QR.
 */
export function PayDialog({
  account,
  amount,
  title,
  methods,
  onClose,
  onPaid,
}: {
  account: AccountView;
  amount: number | null;
  title: string;
  methods: PdvPaymentMethod[];
  onClose: () => void;
  onPaid: (account: AccountView) => void;
}) {
  const open = amount !== null;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      {open && (
        <DialogContent className="max-w-md">
          <PayForm
            key={`${title}-${amount}`}
            account={account}
            amount={amount}
            title={title}
            methods={methods}
            onClose={onClose}
            onPaid={onPaid}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function PayForm({
  account,
  amount,
  title,
  methods,
  onClose,
  onPaid,
}: {
  account: AccountView;
  amount: number;
  title: string;
  methods: PdvPaymentMethod[];
  onClose: () => void;
  onPaid: (account: AccountView) => void;
}) {
  const ids = { amount: useId(), received: useId() };
  // One key per attempt: a retry after a lost answer pays once.
  const [key] = useState(newPaymentKey);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [amountText, setAmountText] = useState(centsText(amount));
  const [receivedText, setReceivedText] = useState('');
  const [paid, setPaid] = useState<AccountPaymentView | null>(null);
  const method = methods.find((m) => m.id === methodId) ?? null;
  const cents = typedCents(amountText);
  const received = typedCents(receivedText);
  const change = method?.requiresChange && cents !== null && received !== null ? received - cents : null;

  const pay = useMutation({
    mutationFn: () =>
      payPart(
        account.id,
        { methodId: methodId ?? '', amount: cents ?? 0, received: method?.requiresChange ? received : null },
        key,
      ),
    onSuccess: (res) => {
      onPaid(res.account);
      if (res.payment.pixBrCode) {
        setPaid(res.payment);
        return;
      }
      toast.success('Pagamento registrado', {
        description:
          res.payment.change > 0 ? `Troco: ${formatMoney(res.payment.change)}` : formatMoney(res.payment.amount),
      });
      onClose();
    },
    onError: (err) => toastError(err, 'Erro ao registrar pagamento'),
  });

  if (paid?.pixBrCode)
    return (
      <>
        <DialogHeader>
          <DialogTitle>PIX de {formatMoney(paid.amount)}</DialogTitle>
          <DialogDescription>Mostre o QR Code ao cliente. O pagamento já foi lançado na conta.</DialogDescription>
        </DialogHeader>
        <PixQr code={paid.pixBrCode} caption={`PIX de ${formatMoney(paid.amount)}`} className="justify-self-center" />
        <DialogFooter>
          <Button onClick={onClose}>Concluir</Button>
        </DialogFooter>
      </>
    );

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        pay.mutate();
      }}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {account.label} · falta {formatMoney(account.remaining)}
        </DialogDescription>
      </DialogHeader>
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-2 text-sm font-medium">Forma de pagamento</legend>
        {methods.map((m) => {
          const Icon = ICONS[m.icon];
          return (
            <button
              key={m.id}
              type="button"
              aria-pressed={methodId === m.id}
              onClick={() => setMethodId(m.id)}
              className={cn(
                'flex min-h-12 items-center gap-2 rounded-lg border-2 px-3 text-left text-sm font-medium transition-colors',
                methodId === m.id ? 'border-brand bg-brand/10' : 'hover:bg-accent',
              )}
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              {m.name}
            </button>
          );
        })}
      </fieldset>
      <FormField label="Valor" htmlFor={ids.amount}>
        <MoneyInput id={ids.amount} value={amountText} onChange={(e) => setAmountText(e.target.value)} />
      </FormField>
      {method?.requiresChange && (
        <FormField label="Valor recebido" htmlFor={ids.received}>
          <MoneyInput id={ids.received} value={receivedText} onChange={(e) => setReceivedText(e.target.value)} />
        </FormField>
      )}
      {change !== null && change >= 0 && (
        <p className="rounded-lg bg-muted p-3 text-center text-lg font-semibold tabular-nums" aria-live="polite">
          Troco: {formatMoney(change)}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" variant="success" disabled={!methodId || !cents || pay.isPending}>
          Registrar pagamento
        </Button>
      </DialogFooter>
    </form>
  );
}
