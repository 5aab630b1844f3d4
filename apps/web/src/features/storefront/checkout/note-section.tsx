import type { CheckoutFormValues } from '@meucardapio/domain/checkout';
import { ORDER_NOTE_MAX } from '@meucardapio/domain/order-display';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { Section } from './checkout-ui';

/** 'Observações': the order's note, with its length counter. */
export function NoteSection({ form, note }: { form: UseFormReturn<CheckoutFormValues>; note: string }) {
  return (
    <Section title="Observações">
      <FormField
        label="Observações do pedido (opcional)"
        htmlFor="co-note"
        hint={`${note.length}/${ORDER_NOTE_MAX}`}
        className="[&>p]:text-right"
      >
        <Textarea
          id="co-note"
          maxLength={ORDER_NOTE_MAX}
          rows={2}
          placeholder="Ex.: tocar o interfone, troco em notas pequenas"
          {...form.register('note')}
        />
      </FormField>
    </Section>
  );
}
