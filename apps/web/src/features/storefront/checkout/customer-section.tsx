import type { CheckoutFormValues } from '@meucardapio/domain/checkout';
import { formatBuyerDocument } from '@meucardapio/domain/fiscal-format';
import { formatPhone } from '@meucardapio/domain/phone';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Section } from './checkout-ui';

/** 'Seus dados': the name and phone the restaurant calls, and the optional CPF for the NFC-e. */
export function CustomerSection({ form }: { form: UseFormReturn<CheckoutFormValues> }) {
  const { errors } = form.formState;
  return (
    <Section title="Seus dados">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Nome" htmlFor="co-name" error={errors.name?.message}>
          <Input id="co-name" autoComplete="name" aria-invalid={!!errors.name} {...form.register('name')} />
        </FormField>
        <FormField label="Telefone" htmlFor="co-phone" error={errors.phone?.message}>
          <Controller
            control={form.control}
            name="phone"
            render={({ field }) => (
              <Input
                id="co-phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="(11) 98765-4321"
                aria-invalid={!!errors.phone}
                {...field}
                onChange={(e) => field.onChange(formatPhone(e.target.value))}
              />
            )}
          />
        </FormField>
        <FormField
          label="CPF na nota? (opcional)"
          htmlFor="co-cpf"
          error={errors.cpf?.message}
          className="sm:col-span-2"
        >
          <Controller
            control={form.control}
            name="cpf"
            render={({ field }) => (
              <Input
                id="co-cpf"
                inputMode="numeric"
                autoComplete="off"
                placeholder="000.000.000-00"
                aria-invalid={!!errors.cpf}
                aria-describedby={errors.cpf ? 'co-cpf-error' : undefined}
                {...field}
                onChange={(e) => field.onChange(formatBuyerDocument(e.target.value))}
              />
            )}
          />
        </FormField>
      </div>
    </Section>
  );
}
