import { formatCnpj } from '@brazilian-utils/brazilian-utils';
import { BRAZIL_TIMEZONES, SLUG_PROBLEM_TEXT, slugify, slugProblem } from '@meucardapio/domain/restaurant-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ImageUploadField } from '@/components/image-upload-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { api, errorText } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { maskCep, maskPhone } from '@/lib/format';
import { type GeneralSettings, SETTINGS_KEY, type Settings } from './settings-api';

function ColorField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} (seletor)`}
          value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border bg-background p-1"
        />
        <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} maxLength={7} className="font-mono" />
      </div>
    </div>
  );
}

export function GeneralTab({ initial }: { initial: GeneralSettings }) {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const [form, setForm] = useState({
    ...initial,
    description: initial.description ?? '',
    logoUrl: initial.logoUrl ?? '',
    bannerUrl: initial.bannerUrl ?? '',
    appClientReferrer: initial.appClientReferrer ?? '',
    originPostalCode: initial.originPostalCode ?? '',
    whatsapp: maskPhone(initial.whatsapp),
    cnpj: initial.cnpj ?? '',
  });
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => setForm((f) => ({ ...f, [k]: v }));
  const problem = slugProblem(form.slug);

  const save = useMutation({
    mutationFn: () => api.put<Settings>('/api/admin/settings/general', form),
    onSuccess: (data) => {
      queryClient.setQueryData(SETTINGS_KEY, data);
      toast.success('Configurações salvas!');
      refresh();
    },
    onError: (err) => {
      const t = errorText(err);
      toast.error(t.title === 'Nome obrigatório' ? t.title : 'Erro ao atualizar restaurante', {
        description: t.description || t.title,
      });
    },
  });

  function submit() {
    if (!form.name.trim()) {
      toast.error('Nome obrigatório', { description: 'O nome do restaurante é obrigatório.' });
      return;
    }
    if (problem) {
      toast.error('Endereço inválido', { description: SLUG_PROBLEM_TEXT[problem] });
      return;
    }
    save.mutate();
  }

  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <form
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>Informações Gerais</CardTitle>
          <CardDescription>Como o seu negócio aparece no cardápio digital.</CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-4 md:grid-cols-2">
          <FormField label="Nome do restaurante" htmlFor="settings-name">
            <Input
              id="settings-name"
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              maxLength={120}
              aria-invalid={!form.name.trim() || undefined}
            />
          </FormField>
          <FormField
            label="Endereço do cardápio"
            htmlFor="settings-slug"
            error={form.slug && problem ? SLUG_PROBLEM_TEXT[problem] : undefined}
            hint={`${origin}/${form.slug || 'seu-restaurante'}`}
          >
            <div className="flex gap-2">
              <Input
                id="settings-slug"
                value={form.slug}
                onChange={(e) => set('slug', e.target.value.toLowerCase())}
                aria-invalid={Boolean(form.slug && problem) || undefined}
                aria-describedby="settings-slug-error"
                maxLength={60}
              />
              <Button
                type="button"
                variant="outline"
                onClick={() => set('slug', slugify(form.name))}
                disabled={!form.name.trim()}
              >
                Gerar
              </Button>
            </div>
          </FormField>
          <FormField label="Descrição" htmlFor="settings-description" className="md:col-span-2">
            <Textarea
              id="settings-description"
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
              rows={3}
            />
          </FormField>
          <ImageUploadField label="Logo" value={form.logoUrl} onChange={(v) => set('logoUrl', v)} />
          <ImageUploadField label="Banner" aspect="wide" value={form.bannerUrl} onChange={(v) => set('bannerUrl', v)} />
          {initial.slug && (
            <a
              href={`/${initial.slug}`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline md:col-span-2"
            >
              Ver cardápio público <ExternalLink className="size-3.5" aria-hidden />
            </a>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Aparência</CardTitle>
          <CardDescription>Cores do cabeçalho e dos botões do cardápio.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <ColorField
            id="settings-primary"
            label="Cor principal"
            value={form.primaryColor}
            onChange={(v) => set('primaryColor', v)}
          />
          <ColorField
            id="settings-secondary"
            label="Cor secundária"
            value={form.secondaryColor}
            onChange={(v) => set('secondaryColor', v)}
          />
          <ColorField
            id="settings-button"
            label="Cor dos botões"
            value={form.buttonColor}
            onChange={(v) => set('buttonColor', v)}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Negócio</CardTitle>
        </CardHeader>
        <CardContent className="grid items-start gap-4 md:grid-cols-2">
          <FormField label="Segmento" htmlFor="settings-segment" hint="Comércio oculta sabores de pizza e mesas.">
            <Select
              value={form.businessSegment}
              onValueChange={(v) => set('businessSegment', v as GeneralSettings['businessSegment'])}
            >
              <SelectTrigger id="settings-segment">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="restaurant">Restaurante</SelectItem>
                <SelectItem value="commerce">Comércio</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
          <FormField label="Fuso horário" htmlFor="settings-timezone">
            <Select value={form.timezone} onValueChange={(v) => set('timezone', v)}>
              <SelectTrigger id="settings-timezone">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(BRAZIL_TIMEZONES.includes(form.timezone)
                  ? BRAZIL_TIMEZONES
                  : [form.timezone, ...BRAZIL_TIMEZONES]
                ).map((tz) => (
                  <SelectItem key={tz} value={tz}>
                    {tz.replace('America/', '').replace('_', ' ')}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormField label="WhatsApp" htmlFor="settings-whatsapp">
            <Input
              id="settings-whatsapp"
              inputMode="tel"
              placeholder="(11) 98765-4321"
              value={form.whatsapp}
              onChange={(e) => set('whatsapp', maskPhone(e.target.value))}
            />
          </FormField>
          <FormField label="CNPJ" htmlFor="settings-cnpj">
            <Input
              id="settings-cnpj"
              inputMode="numeric"
              placeholder="00.000.000/0000-00"
              value={form.cnpj}
              maxLength={18}
              onChange={(e) => set('cnpj', formatCnpj(e.target.value))}
            />
          </FormField>
          <FormField label="CEP de origem (envios)" htmlFor="settings-cep">
            <Input
              id="settings-cep"
              inputMode="numeric"
              placeholder="01310-100"
              value={form.originPostalCode}
              onChange={(e) => set('originPostalCode', maskCep(e.target.value))}
            />
          </FormField>
          <FormField
            label="Identificador no pagamento online"
            htmlFor="settings-referrer"
            hint={
              form.appClientReferrer.trim()
                ? 'Usado no checkout de cartão/PIX.'
                : 'Configuração necessária: sem ele, o cardápio não aceita cartão/PIX online.'
            }
          >
            <Input
              id="settings-referrer"
              value={form.appClientReferrer}
              onChange={(e) => set('appClientReferrer', e.target.value)}
              maxLength={60}
            />
          </FormField>
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} disabled={!form.name.trim()}>
          Salvar alterações
        </Button>
      </div>
    </form>
  );
}
