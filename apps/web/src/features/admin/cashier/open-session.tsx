import { CASHIER_MSG, checkOpeningAmount } from '@meucardapio/domain/cashier';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { MoneyInput, typedCents } from '@/components/money-input';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { errorText } from '@/lib/api';
import { toast } from '@/lib/toast';
import { cashierKeys, openSession } from './cashier-api';
import { Kbd, toastRule } from './pdv-ui';

/** The PDV with no open session: "Caixa Fechado" and the Abrir Caixa button (focused: Enter opens it). */
export function ClosedRegister() {
  const [open, setOpen] = useState(false);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border bg-card px-6 py-14 text-center shadow-sm">
      <div className="flex size-16 items-center justify-center rounded-full bg-muted">
        <LockKeyhole className="size-8 text-muted-foreground" aria-hidden />
      </div>
      <div>
        <h2 className="text-2xl font-semibold">{CASHIER_MSG.registerClosed}</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Abra o caixa com o valor em dinheiro da gaveta para começar a vender.
        </p>
      </div>
      <Button size="xl" autoFocus className="h-14 w-full text-lg" onClick={() => setOpen(true)}>
        {CASHIER_MSG.openRegister}
      </Button>
      <OpenSessionDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}

function OpenSessionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: openSession,
    onSuccess: () => {
      toast.success(CASHIER_MSG.registerOpened);
      onOpenChange(false);
      void queryClient.invalidateQueries({ queryKey: cashierKeys.all });
    },
    onError: (err) => {
      const t = errorText(err);
      toast.error(CASHIER_MSG.openError, { description: [t.title, t.description].filter(Boolean).join(': ') });
      void queryClient.invalidateQueries({ queryKey: cashierKeys.state });
    },
  });

  function submit() {
    const typed = typedCents(amount);
    if (amount.trim() !== '' && typed === null) {
      setError('Valor inválido');
      return;
    }
    const checked = checkOpeningAmount(typed);
    if (!checked.ok) {
      setError(checked.title);
      return toastRule(checked);
    }
    setError(undefined);
    mutation.mutate({ initialAmount: checked.amount, notes: notes.trim() || null });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{CASHIER_MSG.openRegister}</DialogTitle>
            <DialogDescription>Informe o troco inicial (suprimento) que está na gaveta.</DialogDescription>
          </DialogHeader>
          <FormField label="Valor inicial" htmlFor="open-amount" error={error}>
            <MoneyInput
              id="open-amount"
              autoFocus
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={error ? true : undefined}
              className="h-12 text-lg"
            />
          </FormField>
          <FormField label="Observações" htmlFor="open-notes">
            <Textarea
              id="open-notes"
              rows={2}
              maxLength={500}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </FormField>
          <Button type="submit" size="lg" loading={mutation.isPending}>
            {CASHIER_MSG.openRegister} <Kbd tone="dark">Enter</Kbd>
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
