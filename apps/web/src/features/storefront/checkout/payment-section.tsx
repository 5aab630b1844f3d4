import type { CheckoutPaymentMethod } from '@meucardapio/domain/checkout';
import { MSG } from '@meucardapio/domain/messages';
import type { ComponentType } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format';
import { Choice, Section } from './checkout-ui';
import type { Checkout } from './use-checkout-form';

type DetailsProps = { checkout: Checkout; method: CheckoutPaymentMethod };

/**
 * What a chosen method asks for under the list, in this order. A new kind of payment adds its
 * entry here (and its icon in `paymentIcon`); the list itself needs no change.
 */
const METHOD_DETAILS: { key: string; shows: (p: DetailsProps) => boolean; Details: ComponentType<DetailsProps> }[] = [
  { key: 'cash-change', shows: ({ method }) => method.requiresChange, Details: CashChangeFields },
  {
    key: 'installments',
    shows: ({ checkout }) => checkout.totals.installmentChoices.length > 1,
    Details: InstallmentsField,
  },
];

export function paymentIcon(m: CheckoutPaymentMethod): string {
  if (m.icon && !['card', 'money', 'pix'].includes(m.icon)) return m.icon;
  if (m.type === 'pix' || m.icon === 'pix') return '💠';
  if (m.type === 'cash' || m.icon === 'money') return '💵';
  return '💳';
}

function methodDetail(m: CheckoutPaymentMethod, onlineUnavailable: boolean): string | undefined {
  if (m.localPix) return 'QR Code e copia e cola após o pedido';
  if (!m.online) return undefined;
  return onlineUnavailable
    ? `${MSG.checkoutNotConfigured}: ${MSG.checkoutNotConfiguredCustomer}`
    : 'Pague online com segurança';
}

/** 'Pagamento': the restaurant's methods, then what the chosen one asks for. */
export function PaymentSection({ checkout: c }: { checkout: Checkout }) {
  const error = c.form.formState.errors.paymentMethodId?.message;
  const method = c.method;
  if (c.onTab)
    return (
      <Section title="Pagamento">
        <p className="rounded-lg border bg-muted/50 p-3 text-sm">
          <strong className="block">Na conta da Mesa {c.tableNumber}</strong>
          Este pedido entra na conta da mesa. O pagamento é feito no fim, com o garçom.
        </p>
      </Section>
    );
  return (
    <Section title="Pagamento">
      {c.options.isLoading ? (
        <div className="grid gap-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : (
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">Forma de pagamento</legend>
          {c.methods.map((m) => (
            <Choice
              key={m.id}
              name="payment"
              checked={c.values.paymentMethodId === m.id}
              onSelect={() => c.choosePaymentMethod(m.id)}
              icon={<span aria-hidden>{paymentIcon(m)}</span>}
              label={m.name}
              disabled={m.online && c.onlineUnavailable}
              detail={methodDetail(m, c.onlineUnavailable)}
            />
          ))}
        </fieldset>
      )}
      {error && <p className="text-sm text-destructive">{error}</p>}
      {method &&
        METHOD_DETAILS.filter((d) => d.shows({ checkout: c, method })).map(({ key, Details }) => (
          <Details key={key} checkout={c} method={method} />
        ))}
    </Section>
  );
}

/** Cash: how much the customer pays with, and the change it gives. */
function CashChangeFields({ checkout: c }: DetailsProps) {
  const error = c.form.formState.errors.cashInput?.message;
  const { change, total } = c.totals;
  return (
    <div className="grid gap-2">
      <FormField label="Troco para quanto?" htmlFor="co-cash" error={error}>
        <Input
          id="co-cash"
          inputMode="decimal"
          placeholder={formatMoney(total)}
          value={c.values.cashInput}
          aria-invalid={!!error}
          onChange={(e) => c.form.setValue('cashInput', e.target.value.replace(/[^\d,.]/g, ''))}
        />
      </FormField>
      {change &&
        (change.ok ? (
          <p className="text-sm">
            Troco: <strong>{formatMoney(change.change)}</strong>
          </p>
        ) : (
          <p className="text-sm text-destructive">
            <strong>{change.title}</strong> · {change.description}
          </p>
        ))}
    </div>
  );
}

/** Card paid online: the instalments the restaurant allows for this total. */
function InstallmentsField({ checkout: c }: DetailsProps) {
  return (
    <FormField label="Parcelas" htmlFor="co-installments">
      <NativeSelect
        id="co-installments"
        value={c.installments}
        onChange={(e) => c.form.setValue('installments', Number(e.target.value))}
      >
        {c.totals.installmentChoices.map((o) => (
          <option key={o.count} value={o.count}>
            {o.label}
            {o.count === 1 ? ' (à vista)' : ''}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
