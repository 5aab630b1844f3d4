import type { AccountView } from '@meucardapio/domain/table-accounts-api';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
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
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { joinWith, transferTo } from './mesas-api';

type Props = { account: AccountView; open: boolean; onClose: () => void; onDone: (a: AccountView) => void };

const tableNumber = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null);

/** Transferir: chosen items to another table, or (nothing chosen) the whole account to a free table. */
export function TransferDialog({ account, open, onClose, onDone }: Props) {
  const [to, setTo] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const items = account.rounds.flatMap((r) => r.items.filter((i) => !i.cancelled));
  const target = tableNumber(to);
  const move = useMutation({
    mutationFn: () => transferTo(account.id, target!, chosen.length ? chosen : undefined),
    onSuccess: (next) => {
      toast.success(
        chosen.length ? `Itens transferidos para a mesa ${target}` : `Conta transferida para a mesa ${target}`,
      );
      setChosen([]);
      setTo('');
      onDone(next);
    },
    onError: (err) => toastError(err, 'Erro ao transferir'),
  });
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-md">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            move.mutate();
          }}
        >
          <DialogHeader>
            <DialogTitle>Transferir da {account.label}</DialogTitle>
            <DialogDescription>
              Marque os itens a mover, ou nenhum para levar a conta inteira a uma mesa livre.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Mesa de destino" htmlFor="transfer-to">
            <Input id="transfer-to" inputMode="numeric" value={to} onChange={(e) => setTo(e.target.value)} />
          </FormField>
          {items.length > 0 && (
            <fieldset className="grid max-h-60 gap-1 overflow-y-auto">
              <legend className="mb-1 text-sm font-medium">Itens</legend>
              {items.map((i) => (
                <label key={i.id} className="flex min-h-10 items-center gap-2 rounded-md px-2 text-sm hover:bg-accent">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={chosen.includes(i.id)}
                    onChange={(e) => setChosen((c) => (e.target.checked ? [...c, i.id] : c.filter((x) => x !== i.id)))}
                  />
                  <span className="flex-1">
                    {i.quantity}× {i.name}
                  </span>
                  <span className="tabular-nums text-muted-foreground">{formatMoney(i.totalPrice)}</span>
                </label>
              ))}
            </fieldset>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Voltar
            </Button>
            <Button type="submit" disabled={target === null || move.isPending}>
              {chosen.length
                ? `Transferir ${chosen.length} ${chosen.length === 1 ? 'item' : 'itens'}`
                : 'Transferir conta'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Juntar mesas: another open table's account (items and payments) joins this one. */
export function JoinDialog({ account, open, onClose, onDone }: Props) {
  const [other, setOther] = useState('');
  const number = tableNumber(other);
  const join = useMutation({
    mutationFn: () => joinWith(account.id, number!),
    onSuccess: (next) => {
      toast.success(`Mesa ${number} juntada à ${account.label}`);
      setOther('');
      onDone(next);
    },
    onError: (err) => toastError(err, 'Erro ao juntar mesas'),
  });
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-sm">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            join.mutate();
          }}
        >
          <DialogHeader>
            <DialogTitle>Juntar à {account.label}</DialogTitle>
            <DialogDescription>
              A conta da outra mesa (itens e pagamentos) passa para esta, e ela fica livre.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Mesa a juntar" htmlFor="join-number">
            <Input id="join-number" inputMode="numeric" value={other} onChange={(e) => setOther(e.target.value)} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Voltar
            </Button>
            <Button type="submit" disabled={number === null || join.isPending}>
              Juntar mesas
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
