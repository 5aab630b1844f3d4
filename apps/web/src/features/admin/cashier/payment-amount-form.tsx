import type { PdvPaymentMethod } from '@meucardapio/domain/cashier-views';
import { posInstallmentChoices } from '@meucardapio/domain/installments';
import type { RefObject } from 'react';
import { MoneyInput } from '@/components/money-input';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatMoney } from '@/lib/format';
import { Kbd } from './pdv-ui';

/** One payment of the chosen method: its amount, the cash received (and the change it makes), installments. */
export function PaymentAmountForm({
  method,
  amountText,
  onAmountText,
  amountRef,
  receivedText,
  onReceivedText,
  receivedRef,
  pendingChange,
  installments,
  onInstallments,
  covered,
  onAdd,
}: {
  method: PdvPaymentMethod | null;
  amountText: string;
  onAmountText: (text: string) => void;
  amountRef: RefObject<HTMLInputElement | null>;
  receivedText: string;
  onReceivedText: (text: string) => void;
  receivedRef: RefObject<HTMLInputElement | null>;
  /** The change the amount and the cash received being typed make. */
  pendingChange: number;
  installments: number;
  onInstallments: (n: number) => void;
  /** Nothing is left to pay. */
  covered: boolean;
  onAdd: () => void;
}) {
  const showInstallments = method && method.maxInstallments > 1;
  return (
    <form
      className="grid items-start gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        onAdd();
      }}
    >
      <FormField label="Valor" htmlFor="pay-amount">
        <MoneyInput
          id="pay-amount"
          ref={amountRef}
          value={amountText}
          onChange={(e) => onAmountText(e.target.value)}
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
            onChange={(e) => onReceivedText(e.target.value)}
            className="h-12 text-lg"
          />
        </FormField>
      )}
      {showInstallments && (
        <FormField label="Parcelas" htmlFor="pay-installments">
          <Select value={String(installments)} onValueChange={(v) => onInstallments(Number(v))}>
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
        <Button type="submit" size="lg" variant="secondary" className="w-full" disabled={covered}>
          {method?.pixQr ? 'Confirmar recebimento PIX' : 'Adicionar pagamento'} <Kbd>Enter</Kbd>
        </Button>
      </div>
    </form>
  );
}
