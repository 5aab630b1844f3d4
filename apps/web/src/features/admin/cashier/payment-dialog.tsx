import { addPayment, checkCustomerCpf, type PdvPayment } from '@meucardapio/domain/cashier';
import type { PdvItemInput } from '@meucardapio/domain/cashier-api';
import { DISCOUNT_MSG, withinDiscountLimit } from '@meucardapio/domain/cashier-discounts';
import { OFFLINE_MSG, offeredOffline } from '@meucardapio/domain/cashier-offline';
import type { FinalizedSale, PdvCatalog, PdvPaymentMethod } from '@meucardapio/domain/cashier-views';
import { centsText } from '@meucardapio/domain/money';
import { checkPaymentsCover, remainingToPay } from '@meucardapio/domain/payment';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type ApprovalFields, DiscountApproval, NO_APPROVAL } from '@/components/discount-approval';
import { typedCents } from '@/components/money-input';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast';
import { newSaleKey } from './cashier-api';
import type { QueuedSale } from './offline-sale-queue';
import { PaymentAmountForm } from './payment-amount-form';
import { PaymentCustomerFields } from './payment-customer-fields';
import { PaymentMethodPicker } from './payment-method-picker';
import { AddedPayments, PaymentSummary } from './payment-parts';
import { PaymentPix } from './payment-pix';
import { Kbd, toastRule } from './pdv-ui';
import { type OfflineSelling, paymentInputs, useSendSale } from './use-send-sale';

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
  offline: OfflineSelling;
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
  // Offline, only what needs no server: cash, a standalone card machine, the static PIX QR ("a conferir").
  const methods = offline.active ? offeredOffline(catalog.paymentMethods) : catalog.paymentMethods;
  const hiddenOffline = catalog.paymentMethods.length - methods.length;
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

  const { finalize, keepOnTerminal, sending } = useSendSale({
    saleKey,
    total,
    discount,
    change,
    methods,
    payments,
    customerName,
    offline,
    onFinalized,
    onKept,
  });

  function confirm() {
    if (sending) return;
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
    finalize({
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

  return (
    <div className="grid min-w-0 gap-4" onKeyDown={onKeyDown}>
      <DialogHeader>
        <DialogTitle>Pagamento</DialogTitle>
        <DialogDescription>
          Escolha a forma (teclas 1–{Math.min(9, methods.length)}), informe o valor e confirme com Enter.
        </DialogDescription>
      </DialogHeader>

      <PaymentSummary total={total} remaining={remaining} change={change + pendingChange} />

      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 content-start gap-4">
          <PaymentMethodPicker
            ref={methodsRef}
            methods={methods}
            selectedId={method?.id}
            disabled={remaining === 0}
            offline={offline.active}
            hiddenOffline={hiddenOffline}
            onChoose={chooseMethod}
          />
          <PaymentAmountForm
            method={method}
            amountText={amountText}
            onAmountText={setAmountText}
            amountRef={amountRef}
            receivedText={receivedText}
            onReceivedText={setReceivedText}
            receivedRef={receivedRef}
            pendingChange={pendingChange}
            installments={installments}
            onInstallments={setInstallments}
            covered={remaining === 0}
            onAdd={add}
          />
        </div>

        <div className="grid min-w-0 content-start gap-3">
          <PaymentPix
            method={method}
            pix={catalog.pix}
            amount={amount}
            remaining={remaining}
            saleKey={saleKey}
            offline={offline.active}
          />
          <div>
            <h3 className="mb-2 text-sm font-medium">Pagamentos</h3>
            <AddedPayments
              payments={payments}
              onRemove={(i) => setPayments((list) => list.filter((_, n) => n !== i))}
            />
          </div>
        </div>
      </div>

      <PaymentCustomerFields
        customerName={customerName}
        onCustomerName={setCustomerName}
        cpf={cpf}
        cpfError={cpfError}
        onCpf={(v) => {
          setCpf(v);
          setCpfError(undefined);
        }}
      />

      {needsApproval && !offline.active && (
        <DiscountApproval limitPercent={discountLimitPercent} value={approval} onChange={setApproval} />
      )}

      <Button
        ref={confirmRef}
        size="xl"
        variant="success"
        className="h-14 w-full text-lg"
        loading={sending}
        onClick={confirm}
      >
        Finalizar Venda · {formatMoney(total)} <Kbd tone="dark">F4</Kbd>
      </Button>
    </div>
  );
}
