import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api, errorText } from '@/lib/api';
import { type FiscalSettings, SETTINGS_KEY, type Settings } from './settings-api';

const SECRET_FIELDS = [
  { key: 'nuvemfiscalApiToken', label: 'Token da API (Nuvem Fiscal)' },
  { key: 'nuvemfiscalClientId', label: 'Client ID (Nuvem Fiscal)' },
  { key: 'nuvemfiscalClientSecret', label: 'Client Secret (Nuvem Fiscal)' },
] as const;

export function FiscalTab({
  initial,
  onDirtyChange,
}: {
  initial: FiscalSettings;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    nomeRazaoSocial: initial.nomeRazaoSocial ?? '',
    inscricaoMunicipal: initial.inscricaoMunicipal ?? '',
    inscricaoEstadual: initial.inscricaoEstadual ?? '',
    nuvemfiscalApiToken: '',
    nuvemfiscalClientId: '',
    nuvemfiscalClientSecret: '',
  });
  const set = (k: keyof typeof form, v: string) => setForm((f) => ({ ...f, [k]: v }));
  const configured = initial.configured;
  const dirty =
    form.nomeRazaoSocial !== (initial.nomeRazaoSocial ?? '') ||
    form.inscricaoMunicipal !== (initial.inscricaoMunicipal ?? '') ||
    form.inscricaoEstadual !== (initial.inscricaoEstadual ?? '') ||
    Boolean(form.nuvemfiscalApiToken || form.nuvemfiscalClientId || form.nuvemfiscalClientSecret);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useMutation({
    mutationFn: () => api.put<Settings>('/api/admin/settings/fiscal', form),
    onSuccess: (data) => {
      queryClient.setQueryData(SETTINGS_KEY, data);
      // Secrets are write-only: clear them from the form once saved.
      setForm((f) => ({ ...f, nuvemfiscalApiToken: '', nuvemfiscalClientId: '', nuvemfiscalClientSecret: '' }));
      toast.success('Configurações salvas!');
    },
    onError: (err) => {
      const t = errorText(err);
      toast.error('Erro ao atualizar restaurante', { description: t.description || t.title });
    },
  });

  return (
    <form
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>Dados fiscais</CardTitle>
          <CardDescription>Usados na emissão de notas fiscais. O CNPJ fica em Informações Gerais.</CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-4 md:grid-cols-2">
          <FormField label="Nome / Razão social" htmlFor="fiscal-razao" className="md:col-span-2">
            <Input
              id="fiscal-razao"
              value={form.nomeRazaoSocial}
              onChange={(e) => set('nomeRazaoSocial', e.target.value)}
              maxLength={200}
            />
          </FormField>
          <FormField label="Inscrição municipal" htmlFor="fiscal-im">
            <Input
              id="fiscal-im"
              value={form.inscricaoMunicipal}
              onChange={(e) => set('inscricaoMunicipal', e.target.value)}
              maxLength={30}
            />
          </FormField>
          <FormField label="Inscrição estadual" htmlFor="fiscal-ie">
            <Input
              id="fiscal-ie"
              value={form.inscricaoEstadual}
              onChange={(e) => set('inscricaoEstadual', e.target.value)}
              maxLength={30}
            />
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Credenciais da Nuvem Fiscal</CardTitle>
          <CardDescription>
            Por segurança, as credenciais salvas nunca são exibidas. Deixe em branco para manter a atual.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {SECRET_FIELDS.map((f) => (
            <FormField
              key={f.key}
              label={f.label}
              htmlFor={`fiscal-${f.key}`}
              hint={
                configured[f.key] ? (
                  <span className="inline-flex items-center gap-1 text-success">
                    <CheckCircle2 className="size-3.5" aria-hidden /> configurado
                  </span>
                ) : (
                  'Não configurado'
                )
              }
            >
              <Input
                id={`fiscal-${f.key}`}
                type="password"
                autoComplete="off"
                placeholder={configured[f.key] ? '••••••••' : ''}
                value={form[f.key]}
                onChange={(e) => set(f.key, e.target.value)}
              />
            </FormField>
          ))}
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          Salvar alterações
        </Button>
      </div>
    </form>
  );
}
