import { centsText, parseBRLInput } from '@meucardapio/domain/money';
import { type AccountSettingsView, accountSettingsSchema } from '@meucardapio/domain/table-accounts-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { MoneyInput } from '@/components/money-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { api, toastError } from '@/lib/api';

const SETTINGS_URL = '/api/admin/table-accounts/settings';
const KEY = ['admin', 'settings', 'tables'] as const;

type Draft = { percent: string; couvert: string };
const draftOf = (s: AccountSettingsView): Draft => ({
  percent: String(s.servicePercent),
  couvert: s.couvertPerPerson > 0 ? centsText(s.couvertPerPerson) : '',
});

/** The draft as the server takes it, or the pt-BR message of the first field that is wrong. */
function parse(
  d: Draft,
): { ok: true; value: AccountSettingsView } | { ok: false; field: keyof Draft; message: string } {
  const couvert = d.couvert.trim() === '' ? 0 : parseBRLInput(d.couvert);
  const checked = accountSettingsSchema.safeParse({
    servicePercent: /^\d{1,3}$/.test(d.percent.trim()) ? Number(d.percent.trim()) : Number.NaN,
    couvertPerPerson: couvert ?? Number.NaN,
  });
  if (checked.success) return { ok: true, value: checked.data };
  const issue = checked.error.issues[0];
  return { ok: false, field: issue.path[0] === 'servicePercent' ? 'percent' : 'couvert', message: issue.message };
}

/**
 * Configurações → Mesas: the service charge (a whole percentage, 0–20) and the couvert per person that
 * each table's account starts with; an account already open keeps what it opened with.
 */
export function TablesTab({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: () => api.get<AccountSettingsView>(SETTINGS_URL) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<{ field: keyof Draft; message: string } | null>(null);
  const saved = settings.data ? draftOf(settings.data) : null;
  const current = draft ?? saved;
  const dirty =
    draft !== null && saved !== null && (draft.percent !== saved.percent || draft.couvert !== saved.couvert);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useMutation({
    mutationFn: (value: AccountSettingsView) => api.put<AccountSettingsView>(SETTINGS_URL, value),
    onSuccess: (next) => {
      qc.setQueryData(KEY, next);
      setDraft(null);
      toast.success('Configurações salvas!');
    },
    onError: (err) => toastError(err, 'Erro ao salvar configurações'),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!current) return;
    const parsed = parse(current);
    if (!parsed.ok) {
      setError(parsed);
      toast.error(parsed.message);
      return;
    }
    setError(null);
    save.mutate(parsed.value);
  }

  const set = (field: keyof Draft) => (e: { target: { value: string } }) => {
    if (!current) return;
    setDraft({ ...current, [field]: e.target.value });
    if (error?.field === field) setError(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Mesas e comandas</CardTitle>
        <CardDescription>
          Valem para as contas abertas a partir de agora. A taxa de serviço é opcional para o cliente e pode ser
          retirada na conta, com o motivo.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending || !current ? (
          <Skeleton className="h-40 w-full rounded-lg" />
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField
                label="Taxa de serviço (%)"
                htmlFor="service-percent"
                hint="De 0 a 20. Use 0 para não cobrar."
                error={error?.field === 'percent' ? error.message : undefined}
              >
                <Input
                  id="service-percent"
                  inputMode="numeric"
                  autoComplete="off"
                  value={current.percent}
                  onChange={set('percent')}
                />
              </FormField>
              <FormField
                label="Couvert por pessoa"
                htmlFor="couvert"
                hint="Deixe em branco para não cobrar."
                error={error?.field === 'couvert' ? error.message : undefined}
              >
                <MoneyInput id="couvert" value={current.couvert} onChange={set('couvert')} />
              </FormField>
            </div>
            <div className="flex justify-end">
              <Button type="submit" loading={save.isPending}>
                Salvar
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
