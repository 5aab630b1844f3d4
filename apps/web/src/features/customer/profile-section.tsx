import { zodResolver } from '@hookform/resolvers/zod';
import { formatCep, formatPhone } from '@meucardapio/domain/phone';
import { type CustomerProfileSaved, customerProfileSchema } from '@meucardapio/domain/validation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AddressFields, type AddressValue, toAddressValue } from '@/components/address-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { firstFormError } from '@/lib/form-errors';
import { customerKeys, fetchProfile, saveProfile } from './customer-api';

/** Digits of a birthday field, as a number (null when cleared). */
function birthInput(value: string): number | null {
  const digits = value.replace(/\D/g, '').slice(0, 2);
  return digits ? Number(digits) : null;
}

export function ProfileSection() {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const profile = useQuery({ queryKey: customerKeys.profile, queryFn: fetchProfile });
  const [editing, setEditing] = useState(false);
  // The same schema the server parses: required name and phone, birthday day 1–31 and month 1–12.
  const form = useForm({ resolver: zodResolver(customerProfileSchema) });
  const values = form.watch();
  const errors = form.formState.errors;

  function startEdit() {
    if (!profile.data) return;
    const d = profile.data;
    form.reset({
      name: d.name,
      phone: formatPhone(d.phone ?? ''),
      ...toAddressValue(d),
      birthDay: d.birthDay,
      birthMonth: d.birthMonth,
    });
    setEditing(true);
  }

  async function save(body: CustomerProfileSaved) {
    try {
      const saved = await saveProfile(body);
      queryClient.setQueryData(customerKeys.profile, saved);
      void refresh();
      toast.success('Perfil atualizado!');
      setEditing(false);
    } catch (err) {
      toastError(err, 'Não foi possível atualizar o perfil.');
    }
  }

  const submit = form.handleSubmit(save, (invalid) => toast.error(firstFormError(invalid)));

  const p = profile.data;

  return (
    <Card className="h-fit">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="flex items-center gap-2 text-base">
          <UserRound className="size-4" aria-hidden /> Meu perfil
        </CardTitle>
        {!editing && p && (
          <Button variant="ghost" size="sm" className="h-10" onClick={startEdit}>
            <Pencil aria-hidden /> Editar
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {!p ? (
          <Skeleton className="h-24 w-full" />
        ) : editing ? (
          <form className="grid gap-3" onSubmit={submit} noValidate>
            <FormField label="Nome" htmlFor="pf-name">
              <Input id="pf-name" {...form.register('name')} />
            </FormField>
            <FormField label="Telefone" htmlFor="pf-phone">
              <Input
                id="pf-phone"
                type="tel"
                inputMode="tel"
                value={values.phone ?? ''}
                onChange={(e) => form.setValue('phone', formatPhone(e.target.value))}
              />
            </FormField>
            <AddressFields
              idPrefix="pf"
              value={toAddressValue(values)}
              onChange={(patch) => {
                for (const [k, v] of Object.entries(patch)) form.setValue(k as keyof AddressValue, v);
              }}
            />
            <div className="grid grid-cols-2 gap-3">
              <FormField label="Dia do aniversário" htmlFor="pf-bday" error={errors.birthDay?.message}>
                <Input
                  id="pf-bday"
                  inputMode="numeric"
                  placeholder="Opcional"
                  value={String(values.birthDay ?? '')}
                  aria-invalid={!!errors.birthDay}
                  onChange={(e) => form.setValue('birthDay', birthInput(e.target.value))}
                />
              </FormField>
              <FormField label="Mês do aniversário" htmlFor="pf-bmonth" error={errors.birthMonth?.message}>
                <Input
                  id="pf-bmonth"
                  inputMode="numeric"
                  placeholder="Opcional"
                  value={String(values.birthMonth ?? '')}
                  aria-invalid={!!errors.birthMonth}
                  onChange={(e) => form.setValue('birthMonth', birthInput(e.target.value))}
                />
              </FormField>
            </div>
            <div className="flex gap-2">
              <Button type="submit" variant="brand" loading={form.formState.isSubmitting}>
                Salvar
              </Button>
              <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
                Cancelar
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-2 text-sm">
            <Info label="Nome" value={p.name} />
            <Info label="E-mail" value={p.email} />
            <Info label="Telefone" value={formatPhone(p.phone ?? '')} />
            <Info
              label="Endereço"
              value={[
                p.address && `${p.address}, ${p.number ?? ''}`,
                p.complement,
                p.neighborhood,
                p.city && `${p.city}/${p.state ?? ''}`,
                p.cep && formatCep(p.cep),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            {p.birthDay && p.birthMonth ? (
              <Info
                label="Aniversário"
                value={`${String(p.birthDay).padStart(2, '0')}/${String(p.birthMonth).padStart(2, '0')}`}
              />
            ) : null}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function Info({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{value || '—'}</dd>
    </div>
  );
}
