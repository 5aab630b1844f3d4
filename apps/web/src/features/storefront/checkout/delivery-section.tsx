import { Bike, MapPin, Store, Truck, UtensilsCrossed } from 'lucide-react';
import { AddressFields } from '@/components/address-fields';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorText } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { Choice, Section } from './checkout-ui';
import { type Checkout, OTHER_NEIGHBORHOOD } from './use-checkout-form';

/** 'Entrega': delivery or pickup (or the table), the address and, for shipped items, the freight. */
export function DeliverySection({ checkout: c }: { checkout: Checkout }) {
  return (
    <Section title="Entrega">
      {c.deliveryType === 'dine_in' ? (
        <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3">
          <UtensilsCrossed className="size-5 text-brand" aria-hidden />
          <div>
            <p className="font-semibold">Mesa {c.tableNumber}</p>
            <p className="text-sm text-muted-foreground">Seu pedido será servido na mesa.</p>
          </div>
        </div>
      ) : (
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="sr-only">Tipo de entrega</legend>
          <Choice
            name="delivery-type"
            checked={c.deliveryType === 'delivery'}
            onSelect={() => c.form.setValue('deliveryType', 'delivery')}
            icon={c.shipped ? <Truck aria-hidden /> : <Bike aria-hidden />}
            label="Entrega"
          />
          <Choice
            name="delivery-type"
            checked={c.deliveryType === 'pickup'}
            disabled={c.shipped}
            onSelect={() => c.form.setValue('deliveryType', 'pickup')}
            icon={<Store aria-hidden />}
            label="Retirada"
          />
          {c.shipped && (
            <p className="col-span-2 text-xs text-muted-foreground">
              Seu carrinho tem produtos enviados pelos Correios: a entrega é obrigatória.
            </p>
          )}
        </fieldset>
      )}
      {c.deliveryType === 'pickup' && c.options.data?.restaurant.address && (
        <p className="flex items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
          <MapPin className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
          <span>
            Retire em: <strong>{c.options.data.restaurant.address}</strong>
          </span>
        </p>
      )}
      {c.delivering && <DeliveryAddress checkout={c} />}
    </Section>
  );
}

function DeliveryAddress({ checkout: c }: { checkout: Checkout }) {
  const { errors } = c.form.formState;
  const saved = c.addresses.data ?? [];
  return (
    <div className="grid gap-3">
      {saved.length > 0 && (
        <FormField label="Endereço salvo" htmlFor="co-saved">
          <NativeSelect id="co-saved" defaultValue="" onChange={(e) => c.applySavedAddress(e.target.value)}>
            <option value="">Escolha um endereço salvo…</option>
            {saved.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} — {a.address}, {a.number}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <AddressFields
        idPrefix="co"
        value={c.address}
        onChange={c.setAddress}
        errors={{
          cep: errors.cep?.message,
          state: errors.state?.message,
          city: errors.city?.message,
          neighborhood: errors.neighborhood?.message,
          address: errors.address?.message,
          number: errors.number?.message,
        }}
        cities={{ names: c.cities.data ?? [], loading: c.cities.isLoading }}
        neighborhoodField={c.local ? <NeighborhoodChoice checkout={c} /> : undefined}
      />
      {c.shipped && <ShippingChoice checkout={c} />}
    </div>
  );
}

/** The restaurant's neighbourhoods with their fees, or "Outro bairro…" and its name. */
function NeighborhoodChoice({ checkout: c }: { checkout: Checkout }) {
  const error = c.form.formState.errors.neighborhood?.message;
  return (
    <>
      <FormField label="Bairro" htmlFor="co-hood" error={error}>
        <NativeSelect
          id="co-hood"
          value={c.hoodChoice}
          aria-invalid={!!error}
          onChange={(e) => c.chooseNeighborhood(e.target.value)}
        >
          <option value="">Selecione o bairro</option>
          {c.neighborhoods.map((n) => (
            <option key={n.id} value={n.name}>
              {n.name} — {n.deliveryFee > 0 ? formatMoney(n.deliveryFee) : 'grátis'}
            </option>
          ))}
          <option value={OTHER_NEIGHBORHOOD}>Outro bairro…</option>
        </NativeSelect>
      </FormField>
      {c.hoodChoice === OTHER_NEIGHBORHOOD && (
        <FormField label="Nome do bairro" htmlFor="co-hood-other">
          <Input
            id="co-hood-other"
            value={c.address.neighborhood}
            onChange={(e) => c.setAddress({ neighborhood: e.target.value })}
          />
        </FormField>
      )}
    </>
  );
}

/** Carrier options for shipped items, quoted once the CEP is complete. */
function ShippingChoice({ checkout: c }: { checkout: Checkout }) {
  const error = c.form.formState.errors.shippingOptionId?.message;
  return (
    <div className="grid gap-2" aria-live="polite">
      <p className="text-sm font-medium">Frete</p>
      {c.cepDigits.length !== 8 ? (
        <p className="text-sm text-muted-foreground">Informe o CEP para calcular o frete.</p>
      ) : c.quote.isLoading ? (
        <Skeleton className="h-14 w-full" />
      ) : c.quote.isError ? (
        <p className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          <strong className="block">{errorText(c.quote.error).title}</strong>
          {errorText(c.quote.error).description}
        </p>
      ) : (
        c.quote.data?.options.map((o) => (
          <Choice
            key={o.id}
            name="shipping"
            checked={c.values.shippingOptionId === o.id}
            onSelect={() => c.form.setValue('shippingOptionId', o.id)}
            icon={<Truck aria-hidden />}
            label={`${o.company} ${o.name}`}
            detail={`${o.deliveryTime} dia(s) úteis`}
            trailing={formatMoney(o.price)}
          />
        ))
      )}
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  );
}
