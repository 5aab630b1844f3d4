import { MSG } from '@meucardapio/domain/messages';
import { formatBRL, parseBRLInput } from '@meucardapio/domain/money';
import { orderStatusLabel, sanitizeDigitsInput } from '@meucardapio/domain/order-status';
import { useId, useState } from 'react';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatDateTime } from '@/lib/format';
import type { AdminOrder, DeliveryPerson } from './orders-api';

export function ChooseDeliveryPersonDialog({
  order,
  people,
  onCancel,
  onConfirm,
}: {
  order: AdminOrder | null;
  people: DeliveryPerson[];
  onCancel: () => void;
  onConfirm: (person: DeliveryPerson) => Promise<unknown>;
}) {
  const [chosen, setChosen] = useState('');
  // Employees and couriers without a login are different tables: the key says which.
  const keyOf = (p: DeliveryPerson) => `${p.kind}:${p.id}`;
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const close = () => {
    setChosen('');
    setError('');
    onCancel();
  };
  async function confirm() {
    const person = people.find((p) => keyOf(p) === chosen);
    if (!person) {
      setError(MSG.deliveryPersonRequired);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(person);
      setChosen('');
      setError('');
    } catch {
      // The caller already showed the server's message; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={order !== null} onOpenChange={(v) => !v && !busy && close()}>
      <DialogContent variant="sheet">
        <DialogHeader>
          <DialogTitle>Escolher Entregador</DialogTitle>
          <DialogDescription>
            Pedido #{order?.number} · {order?.customerName}
          </DialogDescription>
        </DialogHeader>
        <FormField label="Entregador" htmlFor={id} error={error}>
          <Select
            value={chosen}
            onValueChange={(v) => {
              setChosen(v);
              setError('');
            }}
          >
            <SelectTrigger id={id} aria-invalid={!!error} className="h-12 text-base">
              <SelectValue placeholder="Selecione um entregador" />
            </SelectTrigger>
            <SelectContent>
              {people.map((p) => (
                <SelectItem key={keyOf(p)} value={keyOf(p)}>
                  {p.kind === 'courier' ? `${p.name} · ${p.phone}` : p.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancelar
          </Button>
          <Button onClick={confirm} disabled={busy}>
            {busy ? 'Salvando...' : 'Confirmar'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The sheet of an order's confirmation form: busy while `submit` runs, cleared by `reset` after it; on failure
 * the caller already showed the server's message (e.g. 'Telefone incorreto'), so the sheet stays open for
 * another try with the typed values.
 */
function ConfirmFormSheet({
  open,
  title,
  description,
  submitLabel,
  canSubmit = true,
  submit,
  reset,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  description: React.ReactNode;
  submitLabel: string;
  canSubmit?: boolean;
  submit: () => Promise<unknown>;
  reset: () => void;
  onCancel: () => void;
  children: React.ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const close = () => {
    reset();
    onCancel();
  };
  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await submit();
      reset();
    } catch {
      // Shown by the caller.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={(v) => !v && !busy && close()}>
      <DialogContent variant="sheet">
        <form onSubmit={confirm} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy || !canSubmit}>
              {busy ? 'Confirmando...' : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** An order's confirmation: open while `order` is set; `onConfirm` gets what the staff typed. */
type ConfirmOrderProps<T> = {
  order: AdminOrder | null;
  onCancel: () => void;
  onConfirm: (typed: T) => Promise<unknown>;
};

export function ConfirmDeliveryDialog({ order, onCancel, onConfirm }: ConfirmOrderProps<string>) {
  const [digits, setDigits] = useState('');
  const id = useId();
  return (
    <ConfirmFormSheet
      open={order !== null}
      title="Confirmar Entrega"
      description={<>Peça ao cliente os 4 últimos dígitos do telefone cadastrado no pedido #{order?.number}.</>}
      submitLabel="Confirmar Entrega"
      submit={() => onConfirm(digits)}
      reset={() => setDigits('')}
      onCancel={onCancel}
    >
      <FormField label="4 últimos dígitos do telefone" htmlFor={id}>
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          maxLength={4}
          placeholder="0000"
          value={digits}
          onChange={(e) => setDigits(sanitizeDigitsInput(e.target.value))}
          className="h-14 text-center font-mono text-3xl tracking-[0.5em]"
        />
      </FormField>
    </ConfirmFormSheet>
  );
}

export type PixReceived = { receivedAmount: number | null; endToEndId: string | null };

/**
 * "Confirmar PIX recebido": the amount seen in the bank app or the transfer's E2E id (decision 048); the
 * server checks the amount against the order's total and keeps both with the order.
 */
export function ConfirmPixDialog({ order, onCancel, onConfirm }: ConfirmOrderProps<PixReceived>) {
  const [amount, setAmount] = useState('');
  const [e2e, setE2e] = useState('');
  const amountId = useId();
  const e2eId = useId();
  return (
    <ConfirmFormSheet
      open={order !== null}
      title="Confirmar PIX recebido"
      description={
        <>
          Abra o app do banco e informe o valor que entrou para o pedido #{order?.number}
          {order ? ` (${formatBRL(order.total)})` : ''} ou o ID da transação (E2E) do comprovante.
        </>
      }
      submitLabel="Confirmar PIX"
      canSubmit={Boolean(amount.trim() || e2e.trim())}
      submit={() => onConfirm({ receivedAmount: parseBRLInput(amount), endToEndId: e2e.trim() || null })}
      reset={() => {
        setAmount('');
        setE2e('');
      }}
      onCancel={onCancel}
    >
      <FormField label="Valor recebido (R$)" htmlFor={amountId}>
        <Input
          id={amountId}
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          placeholder="0,00"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          className="h-12 text-lg"
        />
      </FormField>
      <FormField label="ID da transação (E2E)" htmlFor={e2eId}>
        <Input
          id={e2eId}
          autoComplete="off"
          maxLength={32}
          placeholder="E00000000202601011200..."
          value={e2e}
          onChange={(e) => setE2e(e.target.value)}
          className="font-mono"
        />
      </FormField>
    </ConfirmFormSheet>
  );
}

export function HistoryDialog({ order, onClose }: { order: AdminOrder | null; onClose: () => void }) {
  return (
    <Dialog open={order !== null} onOpenChange={(v) => !v && onClose()}>
      <DialogContent variant="sheet">
        <DialogHeader>
          <DialogTitle>Histórico do Pedido</DialogTitle>
          <DialogDescription>
            Pedido #{order?.number} · {order?.shortId.toUpperCase()}
          </DialogDescription>
        </DialogHeader>
        <ol className="grid gap-3">
          <li className="flex items-start justify-between gap-3 border-l-2 border-muted pl-3">
            <div>
              <p className="font-medium">Pedido recebido</p>
              <p className="text-sm text-muted-foreground">{order?.customerName}</p>
            </div>
            <time className="shrink-0 text-sm text-muted-foreground">{formatDateTime(order?.createdAt)}</time>
          </li>
          {order?.history.map((h, i) => (
            <li key={i} className="flex items-start justify-between gap-3 border-l-2 border-primary pl-3">
              <div>
                <p className="font-medium">{orderStatusLabel(h.status)}</p>
                <p className="text-sm text-muted-foreground">{h.employeeName ?? '—'}</p>
                {h.notes && <p className="text-sm">{h.notes}</p>}
              </div>
              <time className="shrink-0 text-sm text-muted-foreground">{formatDateTime(h.createdAt)}</time>
            </li>
          ))}
        </ol>
        {order && order.history.length === 0 && (
          <p className="text-sm text-muted-foreground">Nenhuma mudança de status ainda.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
