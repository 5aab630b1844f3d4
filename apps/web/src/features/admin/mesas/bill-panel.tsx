import { checkBuyerDocument } from '@meucardapio/domain/fiscal-rules';
import type { AccountItemView, AccountView } from '@meucardapio/domain/table-accounts-api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Printer, Receipt, Undo2, XCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/api';
import { formatMoney, formatTime } from '@/lib/format';
import { printReceipt } from '@/lib/print';
import { useStaff } from '@/lib/staff';
import { cn } from '@/lib/utils';
import { type Split, SplitOwnerSelect, SplitTabs, splitParts } from './bill-split';
import { DiscountRow } from './discount-dialog';
import {
  cancelItem,
  closeAccount,
  fetchPaymentOptions,
  mesasKeys,
  reopen,
  requestBill,
  setServiceCharge,
} from './mesas-api';
import { PayDialog } from './pay-dialog';
import { PreBill } from './pre-bill';
import { ReasonDialog } from './reason-dialog';

/**
 * "Conta": every round and item, the service charge (removable with a reason), the couvert, the split
 * (equally, by items, or any amount), the payments taken, the pre-bill and the close.
 */
export function BillPanel({ account, onChange }: { account: AccountView; onChange: (a: AccountView) => void }) {
  const { can, restaurant } = useStaff();
  const options = useQuery({ queryKey: mesasKeys.methods, queryFn: fetchPaymentOptions });
  // The table's NFC-e is issued as it closes: the customer's CPF is asked for then.
  const [cpf, setCpf] = useState('');
  const [cpfError, setCpfError] = useState<string | undefined>();
  const asksCpf = options.data?.nfce?.pdvMode === 'automatic';
  const [split, setSplit] = useState<Split>({ kind: 'equal', people: account.people });
  const [paying, setPaying] = useState<{ amount: number; title: string } | null>(null);
  const [cancelling, setCancelling] = useState<AccountItemView | null>(null);
  const [removingService, setRemovingService] = useState(false);
  const [printing, setPrinting] = useState(false);
  const standing = account.rounds.flatMap((r) => r.items.filter((i) => !i.cancelled));
  const parts = useMemo(() => splitParts(split, account.bill, standing), [split, account.bill, standing]);
  const open = account.status !== 'closed';
  const act = useMutation({
    mutationFn: (fn: () => Promise<AccountView>) => fn(),
    onSuccess: onChange,
    onError: (err) => toastError(err, 'Não foi possível concluir'),
  });

  function print() {
    setPrinting(true);
    requestAnimationFrame(() => requestAnimationFrame(() => printReceipt()));
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_minmax(320px,380px)] lg:items-start">
      <section aria-label="Rodadas" className="grid gap-3">
        {account.rounds.length === 0 && (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            Nenhuma rodada enviada ainda.
          </p>
        )}
        {account.rounds.map((r) => (
          <article key={r.orderId} className="rounded-xl border bg-card">
            <header className="flex items-center justify-between gap-2 border-b px-3 py-2">
              <h3 className="text-sm font-semibold">{r.label}</h3>
              <span className="text-xs text-muted-foreground">
                {formatTime(r.createdAt, restaurant?.timezone)} · {r.placedBy}
              </span>
            </header>
            <ul className="divide-y">
              {r.items.map((i) => (
                <li key={i.id} className="flex items-start gap-2 px-3 py-2 text-sm">
                  <div className={cn('min-w-0 flex-1', i.cancelled && 'text-muted-foreground line-through')}>
                    <span className="font-medium">
                      {i.quantity}× {i.name}
                    </span>
                    {(i.variation || i.pizzaFlavors.length > 0 || i.addons.length > 0) && (
                      <span className="block text-xs text-muted-foreground">
                        {[
                          i.variation?.name,
                          i.pizzaFlavors.map((f) => f.name).join(' / '),
                          i.addons.map((a) => `+ ${a.name}`).join(', '),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    )}
                    {i.notes && <span className="block text-xs text-muted-foreground">Obs.: {i.notes}</span>}
                  </div>
                  {i.cancelled ? (
                    <Badge variant="outline" className="no-underline" title={i.cancelled.reason}>
                      Cancelado
                    </Badge>
                  ) : (
                    <span className="tabular-nums">{formatMoney(i.totalPrice)}</span>
                  )}
                  {!i.cancelled && account.status === 'occupied' && can('manage_orders') && (
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      aria-label={`Cancelar ${i.name}`}
                      onClick={() => setCancelling(i)}
                    >
                      <XCircle aria-hidden />
                    </Button>
                  )}
                  {split.kind === 'items' && !i.cancelled && (
                    <SplitOwnerSelect item={i} split={split} onSplit={setSplit} />
                  )}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </section>

      <aside aria-label="Conta" className="grid gap-3 rounded-xl border bg-card p-3 lg:sticky lg:top-4">
        <dl className="grid gap-1 text-sm">
          <Row label="Itens" value={formatMoney(account.bill.itemsTotal)} />
          <DiscountRow account={account} open={open} onChange={onChange} />
          <div className="flex items-center justify-between gap-2">
            <dt>
              Serviço {account.servicePercent}%
              {account.serviceRemovedReason && (
                <span className="block text-xs text-muted-foreground">Retirado: {account.serviceRemovedReason}</span>
              )}
            </dt>
            <dd className="flex items-center gap-1 tabular-nums">
              {formatMoney(account.bill.serviceCharge)}
              {open && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    account.serviceRemovedReason
                      ? act.mutate(() => setServiceCharge(account.id, false))
                      : setRemovingService(true)
                  }
                >
                  {account.serviceRemovedReason ? 'Incluir' : 'Retirar'}
                </Button>
              )}
            </dd>
          </div>
          {account.bill.couvert > 0 && (
            <Row label={`Couvert (${account.people}×)`} value={formatMoney(account.bill.couvert)} />
          )}
          <Row label="Total" value={formatMoney(account.bill.total)} strong />
          {account.paid > 0 && <Row label="Pago" value={formatMoney(account.paid)} />}
          <Row label="Falta" value={formatMoney(account.remaining)} strong accent={account.remaining > 0} />
        </dl>

        {open && account.remaining > 0 && (
          <SplitTabs
            split={split}
            onSplit={setSplit}
            parts={parts}
            paid={account.paid}
            remaining={account.remaining}
            onPay={setPaying}
          />
        )}

        {account.payments.length > 0 && (
          <section aria-label="Pagamentos">
            <h3 className="mb-1 text-sm font-semibold">Pagamentos</h3>
            <ul className="grid gap-1 text-sm">
              {account.payments.map((p) => (
                <li key={p.id} className="flex justify-between gap-2">
                  <span>
                    {p.methodName}
                    {p.change > 0 && (
                      <span className="text-xs text-muted-foreground"> · troco {formatMoney(p.change)}</span>
                    )}
                  </span>
                  <span className="tabular-nums">{formatMoney(p.amount)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}

        <div className="grid gap-2">
          {open && account.remaining > 0 && (
            <Button
              variant="outline"
              onClick={() => setPaying({ amount: account.remaining, title: 'Pagar outro valor' })}
            >
              Pagar outro valor
            </Button>
          )}
          <Button variant="outline" onClick={print}>
            <Printer aria-hidden /> Imprimir conferência
          </Button>
          {account.status === 'occupied' && (
            <Button variant="secondary" onClick={() => act.mutate(() => requestBill(account.id))}>
              <Receipt aria-hidden /> Pedir a conta
            </Button>
          )}
          {account.status === 'billing' && (
            <Button variant="ghost" onClick={() => act.mutate(() => reopen(account.id))}>
              <Undo2 aria-hidden /> Voltar a pedir
            </Button>
          )}
          {open && asksCpf && account.remaining === 0 && (
            <FormField label="CPF na nota (opcional)" htmlFor="close-cpf" error={cpfError}>
              <Input
                id="close-cpf"
                inputMode="numeric"
                autoComplete="off"
                maxLength={18}
                value={cpf}
                onChange={(e) => {
                  setCpf(e.target.value);
                  setCpfError(undefined);
                }}
              />
            </FormField>
          )}
          {open && (
            <Button
              variant="success"
              size="lg"
              disabled={account.remaining > 0 || act.isPending}
              onClick={() => {
                const buyer = checkBuyerDocument(asksCpf ? cpf : null);
                if (!buyer.ok) {
                  setCpfError(buyer.message);
                  return;
                }
                act.mutate(async () => {
                  const closed = await closeAccount(account.id, buyer.cpf);
                  toast.success(`${closed.label} liberada`);
                  return closed;
                });
              }}
            >
              Fechar conta
            </Button>
          )}
        </div>
      </aside>

      <PayDialog
        account={account}
        amount={paying?.amount ?? null}
        title={paying?.title ?? ''}
        methods={options.data?.methods ?? []}
        onClose={() => setPaying(null)}
        onPaid={onChange}
      />
      <ReasonDialog
        open={cancelling !== null}
        title={cancelling ? `Cancelar ${cancelling.quantity}× ${cancelling.name}` : ''}
        description="O motivo aparece para a cozinha."
        confirm="Cancelar item"
        onClose={() => setCancelling(null)}
        onConfirm={(reason) =>
          act.mutate(() => cancelItem(cancelling!.id, reason), { onSuccess: () => setCancelling(null) })
        }
      />
      <ReasonDialog
        open={removingService}
        title="Retirar taxa de serviço"
        description="A taxa é opcional para o cliente. Informe o motivo."
        confirm="Retirar taxa"
        onClose={() => setRemovingService(false)}
        onConfirm={(reason) =>
          act.mutate(() => setServiceCharge(account.id, true, reason), { onSuccess: () => setRemovingService(false) })
        }
      />
      {printing && (
        <PreBill
          account={account}
          parts={split.people > 1 ? parts : null}
          restaurantName={restaurant?.name ?? ''}
          timeZone={restaurant?.timezone ?? 'America/Sao_Paulo'}
        />
      )}
    </div>
  );
}

function Row({ label, value, strong, accent }: { label: string; value: string; strong?: boolean; accent?: boolean }) {
  return (
    <div
      className={cn('flex justify-between gap-2', strong && 'text-base font-semibold', accent && 'text-destructive')}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
