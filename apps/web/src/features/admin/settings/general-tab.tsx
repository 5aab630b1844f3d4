import { formatCnpj } from '@brazilian-utils/brazilian-utils';
import { MONEY_DESTINATION_MSG } from '@meucardapio/domain/money-destination';
import {
  BRAZIL_TIMEZONES,
  COORDINATES_PROBLEM,
  parseCoordinates,
  SLUG_PROBLEM_TEXT,
  slugify,
  slugProblem,
} from '@meucardapio/domain/restaurant-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ImageUploadField } from '@/components/image-upload-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { api, errorText } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { maskCep, maskPhone } from '@/lib/format';
import { useStaff } from '@/lib/staff';
import { AppearanceCard } from './appearance-card';
import { addressOf, formOf } from './general-form';
import { type PixDraftState, PixSettingsCard } from './pix-settings-card';
import { RestaurantAddressCard } from './restaurant-address-card';
import { type GeneralSettings, SETTINGS_KEY, type Settings } from './settings-api';

/**
 * Informações Gerais, the restaurant's address and (for who runs the till) its PIX key: one form with
 * one "Salvar alterações", so nothing typed on the page is left behind by saving another part of it.
 */
export function GeneralTab({
  initial,
  pix,
  onDirtyChange,
}: {
  initial: GeneralSettings;
  /** The PIX card's draft, when the actor may set the PIX key. */
  pix?: PixDraftState;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const [baseline, setBaseline] = useState(() => ({ form: formOf(initial), address: addressOf(initial) }));
  const [form, setForm] = useState(baseline.form);
  const [address, setAddress] = useState(baseline.address);
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => setForm((f) => ({ ...f, [k]: v }));
  const problem = slugProblem(form.slug);
  const coordinatesProblem = parseCoordinates(form.coordinates) === 'invalid';
  const dirty = JSON.stringify({ form, address }) !== JSON.stringify(baseline) || Boolean(pix?.dirty);
  const { isOwner } = useStaff();
  // Where the money goes: anyone but the owner confirms such a change with their own password (decision 048).
  const [password, setPassword] = useState('');
  const needsPassword =
    !isOwner && (form.appClientReferrer.trim() !== baseline.form.appClientReferrer.trim() || Boolean(pix?.keyChanged));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useMutation({
    mutationFn: async (pixSettings: Parameters<PixDraftState['save']>[0] | null) => {
      const data = await api.put<Settings>('/api/admin/settings/general', {
        ...form,
        addressCep: address.cep,
        addressStreet: address.address,
        addressNumber: address.number,
        addressComplement: address.complement,
        addressNeighborhood: address.neighborhood,
        addressCity: address.city,
        addressState: address.state,
        currentPassword: needsPassword ? password : null,
      });
      queryClient.setQueryData(SETTINGS_KEY, data);
      setBaseline({ form, address });
      if (pixSettings && pix) await pix.save(pixSettings, needsPassword ? password : null);
    },
    onSuccess: () => {
      setPassword('');
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
    if (coordinatesProblem) {
      toast.error('Localização inválida', { description: COORDINATES_PROBLEM });
      return;
    }
    if (needsPassword && !password) {
      toast.error('Confirme sua senha', { description: MONEY_DESTINATION_MSG.passwordRequired });
      return;
    }
    const pixSettings = pix ? pix.checked() : null;
    if (pixSettings === false) return;
    save.mutate(pixSettings);
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

      <AppearanceCard form={form} onChange={set} />

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

      <RestaurantAddressCard
        address={address}
        onAddress={setAddress}
        coordinates={form.coordinates}
        coordinatesProblem={coordinatesProblem}
        onCoordinates={(v) => set('coordinates', v)}
      />

      {pix && <PixSettingsCard pix={pix} />}

      {needsPassword && (
        <Card className="border-amber-300 bg-amber-50/60 dark:bg-amber-950/20">
          <CardContent className="grid gap-2 pt-6">
            <FormField
              label="Sua senha"
              htmlFor="settings-money-password"
              hint="A chave PIX ou o identificador do pagamento online mudou: confirme com a sua senha. O dono verá a alteração."
            >
              <Input
                id="settings-money-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                maxLength={200}
              />
            </FormField>
          </CardContent>
        </Card>
      )}

      <div className="sticky bottom-0 z-10 -mx-1 flex items-center justify-end gap-3 border-t bg-background/95 px-1 py-3 backdrop-blur">
        {dirty && <span className="text-sm text-muted-foreground">Alterações não salvas</span>}
        <Button type="submit" loading={save.isPending} disabled={!form.name.trim()}>
          Salvar alterações
        </Button>
      </div>
    </form>
  );
}
