import { formatCpf } from '@brazilian-utils/brazilian-utils';
import { addPayment, CASH_GROUP, CASHIER_MSG, checkCustomerCpf, type PdvPayment } from '@meucardapio/domain/cashier';
import type { FinalizedSale, PdvCatalog, PdvItemInput, PdvPaymentMethod } from '@meucardapio/domain/cashier-api';
import { DISCOUNT_MSG, withinDiscountLimit } from '@meucardapio/domain/cashier-discounts';
import { OFFLINE_MSG, type OfflineSaleInput, offeredOffline } from '@meucardapio/domain/cashier-offline';
import { posInstallmentChoices } from '@meucardapio/domain/installments';
import { checkPaymentsCover, paymentGroupLabel, remainingToPay } from '@meucardapio/domain/payment';
import { pixBrCode, pixTxid } from '@meucardapio/domain/pix';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Banknote, CreditCard, QrCode } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type ApprovalFields, DiscountApproval, NO_APPROVAL } from '@/components/discount-approval';
import { centsText, MoneyInput, typedCents } from '@/components/money-input';
import { PixQr } from '@/components/pix-qr';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorText, isApiError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { cashierKeys, finalizeSale, newSaleKey } from './cashier-api';
import type { QueuedSale } from './offline-sale-queue';
import { AddedPayments, Figure } from './payment-parts';
import type { offlineSaleItems } from './pdv-cart';
import { Kbd, toastRule } from './pdv-ui';

const METHOD_ICON = { money: Banknote, pix: QrCode, card: CreditCard } as const;

/** The payments as the server takes them (it recomputes names and change). */
const paymentInputs = (payments: readonly PdvPayment[]) =>
  payments.map((p) => ({ methodId: p.methodId, amount: p.amount, received: p.received, installments: p.installments }));

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  catalog: PdvCatalog;
  items: PdvItemInput[];
  discount: number;
  total: number;
  /** Above it the sale needs someone else's approval (their password typed here) and a reason. */
  discountLimitPercent: number;
  customerName: string;
  onFinalized: (result: FinalizedSale) => void;
  /** Selling without the server (decision 057): the sale is kept on the terminal and sent later. */
  offline: {
    active: boolean;
    items: ReturnType<typeof offlineSaleItems>;
    sessionId: string;
    soldById: string;
    keep: (body: OfflineSaleInput, figures: { total: number; cash: number }) => Promise<QueuedSale>;
    /** A send got no answer: the next sales go to the terminal's queue. */
    onNoAnswer: () => void;
  };
  onKept: (sale: QueuedSale, change: number) => void;
};

/**
 * Pagamento: one or more payments until the total is covered (method, amount ≤ remaining, received and
 * change for cash, installments), optional customer name and CPF, then Finalizar. The rules are the
 * domain's (addPayment, checkPaymentsCover), the same the server checks again.
 */
export function PaymentDialog(props: Props) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-1rem)] max-w-4xl gap-3 p-4 sm:p-6">
        {props.open && <PaymentForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function PaymentForm({
  catalog,
  items,
  discount,
  total,
  discountLimitPercent,
  customerName: initialName,
  onFinalized,
  offline,
  onKept,
}: Props) {
  const needsApproval = !withinDiscountLimit(total + discount, discount, discountLimitPercent);
  const [approval, setApproval] = useState<ApprovalFields>(NO_APPROVAL);
  const queryClient = useQueryClient();
  // Offline, only what needs no server: cash, a standalone card machine, the static PIX QR ("a conferir").
  const methods = offline.active ? offeredOffline(catalog.paymentMethods) : catalog.paymentMethods;
  const hiddenOffline = catalog.paymentMethods.length - methods.length;
  const [keeping, setKeeping] = useState(false);
  const [payments, setPayments] = useState<PdvPayment[]>([]);
  const [method, setMethod] = useState<PdvPaymentMethod | null>(null);
  const [amountText, setAmountText] = useState(centsText(total));
  const [receivedText, setReceivedText] = useState('');
  const [installments, setInstallments] = useState(1);
  const [customerName, setCustomerName] = useState(initialName);
  const [cpf, setCpf] = useState('');
  const [cpfError, setCpfError] = useState<string | undefined>();
  // One key per sale attempt, kept while this dialog is open so a retry never records two sales.
  const [saleKey] = useState(newSaleKey);
  const methodsRef = useRef<HTMLDivElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const receivedRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  const remaining = remainingToPay(total, payments);
  const change = payments.reduce((s, p) => s + p.change, 0);
  const amount = typedCents(amountText);
  const received = typedCents(receivedText);
  const pendingChange = method?.requiresChange && amount && received && received >= amount ? received - amount : 0;
  const pixCode = useMemo(
    () =>
      method?.pixQr && catalog.pix && amount && amount > 0 && amount <= remaining
        ? pixBrCode(catalog.pix, amount, pixTxid(saleKey))
        : null,
    [method, catalog.pix, amount, remaining, saleKey],
  );

  useEffect(() => {
    // Focus the first method so a digit picks one at once.
    requestAnimationFrame(() => methodsRef.current?.querySelector('button')?.focus());
  }, []);

  function chooseMethod(m: PdvPaymentMethod) {
    setMethod(m);
    setInstallments(1);
    setReceivedText('');
    setAmountText(centsText(remaining));
    requestAnimationFrame(() => amountRef.current?.select());
  }

  function add(): boolean {
    const added = addPayment(
      payments,
      total,
      { methodId: method?.id, amount, received: method?.requiresChange ? received : null, installments },
      methods,
    );
    if (!added.ok) {
      toastRule(added);
      if (added.code === 'received_insufficient') receivedRef.current?.focus();
      return false;
    }
    setPayments(added.payments);
    const left = remainingToPay(total, added.payments);
    setMethod(null);
    setReceivedText('');
    setAmountText(centsText(left));
    requestAnimationFrame(() =>
      left === 0 ? confirmRef.current?.focus() : methodsRef.current?.querySelector('button')?.focus(),
    );
    return true;
  }

  /** Whether this sale can be kept on the terminal: nothing in it needs the server. */
  const keepable =
    discount === 0 && payments.every((p) => methods.some((m) => m.id === p.methodId && !m.infinitepayEnabled));

  async function keepOnTerminal(customerCpf: string | null) {
    setKeeping(true);
    try {
      const body: OfflineSaleInput = {
        // The attempt's key: if the online try did reach the server, the resend is answered by that sale.
        clientSaleId: saleKey,
        soldAt: new Date().toISOString(),
        sessionId: offline.sessionId,
        soldById: offline.soldById,
        items: offline.items,
        payments: paymentInputs(payments),
        customerName: customerName.trim() || null,
        customerCpf,
      };
      const cash = payments
        .filter((p) => paymentGroupLabel(p.methodName) === CASH_GROUP)
        .reduce((s, p) => s + p.amount, 0);
      onKept(await offline.keep(body, { total, cash }), change);
    } catch {
      toast.error(CASHIER_MSG.paymentError, { description: OFFLINE_MSG.storageWarning });
    } finally {
      setKeeping(false);
    }
  }

  const finalize = useMutation({
    mutationFn: (body: Parameters<typeof finalizeSale>[0]) => finalizeSale(body, saleKey),
    onSuccess: onFinalized,
    onError: (err, body) => {
      // No answer at all: the connection dropped mid-sale. Keep it on the terminal under the same key.
      if (isApiError(err) && err.status === 0 && keepable) {
        offline.onNoAnswer();
        void keepOnTerminal(body.customerCpf ?? null);
        return;
      }
      const t = errorText(err);
      toast.error(CASHIER_MSG.paymentError, { description: [t.title, t.description].filter(Boolean).join(': ') });
      // The session may have been closed, or stock taken, by another terminal.
      void queryClient.invalidateQueries({ queryKey: cashierKeys.state });
      void queryClient.invalidateQueries({ queryKey: cashierKeys.catalog });
    },
  });

  function confirm() {
    if (finalize.isPending || keeping) return;
    const covered = checkPaymentsCover(total, payments);
    if (!covered.ok) {
      toastRule(covered);
      return;
    }
    const checkedCpf = checkCustomerCpf(cpf);
    if (!checkedCpf.ok) {
      setCpfError(checkedCpf.title);
      toastRule(checkedCpf);
      return;
    }
    setCpfError(undefined);
    if (offline.active) {
      if (discount > 0) {
        toast.error(OFFLINE_MSG.needsServer, { description: OFFLINE_MSG.discountHidden });
        return;
      }
      void keepOnTerminal(checkedCpf.cpf);
      return;
    }
    if (needsApproval && !(approval.reason.trim() && approval.email.trim() && approval.password)) {
      toast.error(DISCOUNT_MSG.approvalRequired, {
        description: DISCOUNT_MSG.approvalRequiredDescription(discountLimitPercent),
      });
      return;
    }
    finalize.mutate({
      items,
      discount,
      payments: paymentInputs(payments),
      customerName: customerName.trim() || null,
      customerCpf: checkedCpf.cpf,
      ...(needsApproval
        ? {
            discountReason: approval.reason.trim(),
            discountApproval: { email: approval.email.trim(), password: approval.password },
          }
        : {}),
    });
  }

  // F4 is heard on the window, not on the dialog's content: the cash "Valor recebido" field unmounts once
  // the sale is covered, leaving focus on the page until the next frame, and an F4 typed then must count.
  const confirmLatest = useRef(confirm);
  confirmLatest.current = confirm;
  useEffect(() => {
    function onF4(e: globalThis.KeyboardEvent) {
      if (e.key !== 'F4') return;
      e.preventDefault();
      confirmLatest.current();
    }
    window.addEventListener('keydown', onF4);
    return () => window.removeEventListener('keydown', onF4);
  }, []);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const inField = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
    const digit = /^[1-9]$/.test(e.key) ? Number(e.key) : null;
    if (digit && (!inField || e.altKey) && methods[digit - 1]) {
      e.preventDefault();
      chooseMethod(methods[digit - 1]);
    }
  }

  const showInstallments = method && method.maxInstallments > 1;

  return (
    <div className="grid min-w-0 gap-4" onKeyDown={onKeyDown}>
      <DialogHeader>
        <DialogTitle>Pagamento</DialogTitle>
        <DialogDescription>
          Escolha a forma (teclas 1–{Math.min(9, methods.length)}), informe o valor e confirme com Enter.
        </DialogDescription>
      </DialogHeader>

      <dl className="grid grid-cols-3 gap-2 text-center">
        <Figure label="Total" value={formatMoney(total)} />
        <Figure label="Restante" value={formatMoney(remaining)} strong={remaining > 0} />
        <Figure label="Troco" value={formatMoney(change + pendingChange)} accent={change + pendingChange > 0} />
      </dl>

      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 content-start gap-4">
          <div
            ref={methodsRef}
            role="radiogroup"
            aria-label="Forma de pagamento"
            className="grid grid-cols-2 gap-2 sm:grid-cols-3"
          >
            {methods.map((m, i) => {
              const Icon = METHOD_ICON[m.icon];
              const selected = method?.id === m.id;
              return (
                <button
                  key={m.id}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  disabled={remaining === 0}
                  onClick={() => chooseMethod(m)}
                  className={cn(
                    'relative flex min-h-16 flex-col items-center justify-center gap-1 rounded-lg border-2 p-2 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50',
                    selected ? 'border-primary bg-primary/5' : 'border-border hover:bg-accent',
                  )}
                >
                  {i < 9 && <Kbd className="absolute top-1 left-1">{i + 1}</Kbd>}
                  <Icon className="size-5" aria-hidden />
                  <span className="line-clamp-2 text-center leading-tight">{m.name}</span>
                  {m.infinitepayEnabled && <span className="text-[10px] text-muted-foreground">link de pagamento</span>}
                  {offline.active && m.icon === 'pix' && (
                    <span className="text-[10px] font-semibold text-warning-foreground">{OFFLINE_MSG.pixToCheck}</span>
                  )}
                </button>
              );
            })}
          </div>
          {offline.active && hiddenOffline > 0 && (
            <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
              {OFFLINE_MSG.needsServer}: {OFFLINE_MSG.hostedHidden}
            </p>
          )}

          <form
            className="grid items-start gap-3 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              add();
            }}
          >
            <FormField label="Valor" htmlFor="pay-amount">
              <MoneyInput
                id="pay-amount"
                ref={amountRef}
                value={amountText}
                onChange={(e) => setAmountText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && method?.requiresChange) {
                    e.preventDefault();
                    receivedRef.current?.focus();
                  }
                }}
                className="h-12 text-lg"
              />
            </FormField>
            {method?.requiresChange && (
              <FormField
                label="Valor recebido"
                htmlFor="pay-received"
                hint={pendingChange > 0 ? `Troco: ${formatMoney(pendingChange)}` : undefined}
              >
                <MoneyInput
                  id="pay-received"
                  ref={receivedRef}
                  value={receivedText}
                  onChange={(e) => setReceivedText(e.target.value)}
                  className="h-12 text-lg"
                />
              </FormField>
            )}
            {showInstallments && (
              <FormField label="Parcelas" htmlFor="pay-installments">
                <Select value={String(installments)} onValueChange={(v) => setInstallments(Number(v))}>
                  <SelectTrigger id="pay-installments" className="h-12">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {posInstallmentChoices(method.maxInstallments).map((n) => (
                      <SelectItem key={n} value={String(n)}>
                        {n === 1 ? 'À vista' : `${n}x`}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </FormField>
            )}
            <div className="flex items-end sm:col-span-2">
              <Button type="submit" size="lg" variant="secondary" className="w-full" disabled={remaining === 0}>
                {method?.pixQr ? 'Confirmar recebimento PIX' : 'Adicionar pagamento'} <Kbd>Enter</Kbd>
              </Button>
            </div>
          </form>
        </div>

        <div className="grid min-w-0 content-start gap-3">
          {pixCode ? (
            <>
              <PixQr code={pixCode} caption={`PIX de ${formatMoney(amount ?? 0)}`} />
              {offline.active && <p className="text-xs text-muted-foreground">{OFFLINE_MSG.pixToCheckDescription}</p>}
            </>
          ) : method?.pixQr === false && method.icon === 'pix' && !method.infinitepayEnabled ? (
            <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
              Cadastre a chave PIX em Configurações para mostrar o QR Code.
            </p>
          ) : null}
          <div>
            <h3 className="mb-2 text-sm font-medium">Pagamentos</h3>
            <AddedPayments
              payments={payments}
              onRemove={(i) => setPayments((list) => list.filter((_, n) => n !== i))}
            />
          </div>
        </div>
      </div>

      <div className="grid items-start gap-3 sm:grid-cols-2">
        <FormField label="Nome do cliente (opcional)" htmlFor="pay-customer">
          <Input
            id="pay-customer"
            value={customerName}
            maxLength={120}
            onChange={(e) => setCustomerName(e.target.value)}
          />
        </FormField>
        <FormField label="CPF na nota (opcional)" htmlFor="pay-cpf" error={cpfError}>
          <Input
            id="pay-cpf"
            inputMode="numeric"
            placeholder="000.000.000-00"
            value={cpf}
            maxLength={14}
            aria-invalid={cpfError ? true : undefined}
            aria-describedby={cpfError ? 'pay-cpf-error' : undefined}
            onChange={(e) => {
              setCpf(formatCpf(e.target.value.replace(/\D/g, '').slice(0, 11)));
              setCpfError(undefined);
            }}
          />
        </FormField>
      </div>

      {needsApproval && !offline.active && (
        <DiscountApproval limitPercent={discountLimitPercent} value={approval} onChange={setApproval} />
      )}

      <Button
        ref={confirmRef}
        size="xl"
        variant="success"
        className="h-14 w-full text-lg"
        loading={finalize.isPending || keeping}
        onClick={confirm}
      >
        Finalizar Venda · {formatMoney(total)} <Kbd tone="dark">F4</Kbd>
      </Button>
    </div>
  );
}
