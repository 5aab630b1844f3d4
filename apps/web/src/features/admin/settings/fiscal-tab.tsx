import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { api, errorText } from '@/lib/api';
import { type FiscalSettings, SETTINGS_KEY, type Settings } from './settings-api';

const SECRET_FIELDS = [
  { key: 'nuvemfiscalApiToken', label: 'Token da API (Nuvem Fiscal)' },
  { key: 'nuvemfiscalClientId', label: 'Client ID (Nuvem Fiscal)' },
  { key: 'nuvemfiscalClientSecret', label: 'Client Secret (Nuvem Fiscal)' },
  { key: 'nfceCscToken', label: 'Código CSC (token da SEFAZ)' },
] as const;

const CRT_OPTIONS = [
  { value: 1, label: '1 — Simples Nacional' },
  { value: 2, label: '2 — Simples Nacional, excesso de sublimite' },
  { value: 3, label: '3 — Regime Normal' },
  { value: 4, label: '4 — Simples Nacional, MEI' },
] as const;

type ConnectionDiagnosis = { ok: boolean; title: string; description: string; provider: string };

function formOf(initial: FiscalSettings) {
  return {
    nomeRazaoSocial: initial.nomeRazaoSocial ?? '',
    inscricaoMunicipal: initial.inscricaoMunicipal ?? '',
    inscricaoEstadual: initial.inscricaoEstadual ?? '',
    nfceEnabled: initial.nfceEnabled,
    nfceAmbiente: initial.nfceAmbiente,
    nfceCrt: String(initial.nfceCrt),
    nfceCscId: initial.nfceCscId ?? '',
    nfceSerie: String(initial.nfceSerie),
    nfcePdvMode: initial.nfcePdvMode,
    nfceStorefrontMode: initial.nfceStorefrontMode,
    nuvemfiscalApiToken: '',
    nuvemfiscalClientId: '',
    nuvemfiscalClientSecret: '',
    nfceCscToken: '',
  };
}

export function FiscalTab({
  initial,
  onDirtyChange,
}: {
  initial: FiscalSettings;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => formOf(initial));
  const [diagnosis, setDiagnosis] = useState<ConnectionDiagnosis | null>(null);
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => setForm((f) => ({ ...f, [k]: v }));
  const configured = initial.configured;
  const saved = formOf(initial);
  const dirty = (Object.keys(form) as (keyof typeof form)[]).some((k) => form[k] !== saved[k]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useMutation({
    mutationFn: () =>
      api.put<Settings>('/api/admin/settings/fiscal', {
        ...form,
        nfceCrt: Number(form.nfceCrt),
        nfceSerie: Number(form.nfceSerie),
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(SETTINGS_KEY, data);
      // Secrets are write-only: clear them from the form once saved.
      if (data.fiscal) setForm(formOf(data.fiscal));
      setDiagnosis(null);
      toast.success('Configurações salvas!');
    },
    onError: (err) => {
      const t = errorText(err);
      toast.error('Erro ao atualizar restaurante', { description: t.description || t.title });
    },
  });

  const test = useMutation({
    mutationFn: () => api.post<ConnectionDiagnosis>('/api/admin/fiscal/test-connection', {}),
    onSuccess: setDiagnosis,
    onError: (err) => {
      const t = errorText(err);
      setDiagnosis({ ok: false, title: t.title, description: t.description ?? '', provider: '' });
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
          <CardTitle>NFC-e</CardTitle>
          <CardDescription>
            Nota fiscal do consumidor eletrônica, emitida pela Nuvem Fiscal. Comece em homologação: as notas de teste
            não têm valor fiscal.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-4 md:grid-cols-2">
          <div className="flex items-center gap-3 md:col-span-2">
            <Switch id="fiscal-enabled" checked={form.nfceEnabled} onCheckedChange={(v) => set('nfceEnabled', v)} />
            <Label htmlFor="fiscal-enabled">Emitir NFC-e</Label>
          </div>
          <FormField label="Ambiente" htmlFor="fiscal-ambiente">
            <NativeSelect
              id="fiscal-ambiente"
              value={form.nfceAmbiente}
              onChange={(e) => set('nfceAmbiente', e.target.value as FiscalSettings['nfceAmbiente'])}
            >
              <option value="homologacao">Homologação (testes, sem valor fiscal)</option>
              <option value="producao">Produção</option>
            </NativeSelect>
          </FormField>
          <FormField label="Regime tributário (CRT)" htmlFor="fiscal-crt">
            <NativeSelect id="fiscal-crt" value={form.nfceCrt} onChange={(e) => set('nfceCrt', e.target.value)}>
              {CRT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="ID do CSC" htmlFor="fiscal-csc-id" hint="Número que a SEFAZ mostra junto do código CSC.">
            <Input
              id="fiscal-csc-id"
              inputMode="numeric"
              value={form.nfceCscId}
              onChange={(e) => set('nfceCscId', e.target.value.replace(/\D/g, ''))}
              maxLength={6}
            />
          </FormField>
          <FormField label="Série" htmlFor="fiscal-serie" hint="Trocar a série recomeça a numeração dela.">
            <Input
              id="fiscal-serie"
              inputMode="numeric"
              value={form.nfceSerie}
              onChange={(e) => set('nfceSerie', e.target.value.replace(/\D/g, ''))}
              maxLength={3}
            />
          </FormField>
          <FormField label="Emissão no PDV" htmlFor="fiscal-pdv-mode">
            <NativeSelect
              id="fiscal-pdv-mode"
              value={form.nfcePdvMode}
              onChange={(e) => set('nfcePdvMode', e.target.value as FiscalSettings['nfcePdvMode'])}
            >
              <option value="automatic">Automática, a cada venda</option>
              <option value="on_request">Sob pedido do cliente</option>
            </NativeSelect>
          </FormField>
          <FormField label="Pedidos do cardápio digital" htmlFor="fiscal-storefront-mode">
            <NativeSelect
              id="fiscal-storefront-mode"
              value={form.nfceStorefrontMode}
              onChange={(e) => set('nfceStorefrontMode', e.target.value as FiscalSettings['nfceStorefrontMode'])}
            >
              <option value="on_delivery">Emitir na entrega</option>
              <option value="on_payment">Emitir no pagamento</option>
              <option value="never">Nunca emitir</option>
            </NativeSelect>
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Credenciais da Nuvem Fiscal</CardTitle>
          <CardDescription>
            Por segurança, as credenciais e o CSC salvos nunca são exibidos. Deixe em branco para manter o atual.
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
      {diagnosis && (
        <div
          role="status"
          className={
            diagnosis.ok
              ? 'rounded-lg border border-success/40 bg-success/10 p-4 text-sm'
              : 'rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm'
          }
        >
          <p className="flex items-center gap-2 font-medium">
            {diagnosis.ok ? (
              <CheckCircle2 className="size-4 text-success" aria-hidden />
            ) : (
              <XCircle className="size-4 text-destructive" aria-hidden />
            )}
            {diagnosis.title}
          </p>
          {diagnosis.description && <p className="mt-1 text-muted-foreground">{diagnosis.description}</p>}
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          loading={test.isPending}
          disabled={dirty}
          title={dirty ? 'Salve as alterações antes de testar' : undefined}
          onClick={() => test.mutate()}
        >
          Testar conexão
        </Button>
        <Button type="submit" loading={save.isPending}>
          Salvar alterações
        </Button>
      </div>
    </form>
  );
}
