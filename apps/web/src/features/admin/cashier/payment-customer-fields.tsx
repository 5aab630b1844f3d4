import { formatCpf } from '@brazilian-utils/brazilian-utils';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** The sale's optional customer: a name, and a CPF for the note. */
export function PaymentCustomerFields({
  customerName,
  onCustomerName,
  cpf,
  cpfError,
  onCpf,
}: {
  customerName: string;
  onCustomerName: (name: string) => void;
  cpf: string;
  cpfError: string | undefined;
  onCpf: (cpf: string) => void;
}) {
  return (
    <div className="grid items-start gap-3 sm:grid-cols-2">
      <FormField label="Nome do cliente (opcional)" htmlFor="pay-customer">
        <Input
          id="pay-customer"
          value={customerName}
          maxLength={120}
          onChange={(e) => onCustomerName(e.target.value)}
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
          onChange={(e) => onCpf(formatCpf(e.target.value.replace(/\D/g, '').slice(0, 11)))}
        />
      </FormField>
    </div>
  );
}
