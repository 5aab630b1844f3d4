import type { PixSettingsView } from '@meucardapio/domain/cashier-views';
import {
  checkPixSettings,
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  PIX_MERCHANT_CITY_MAX,
  PIX_MERCHANT_NAME_MAX,
  type PixKeyType,
} from '@meucardapio/domain/pix';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';

const PIX_KEY = ['admin', 'cashier', 'pix-settings'] as const;
const PIX_URL = '/api/admin/cashier/pix-settings';

const PLACEHOLDER: Record<PixKeyType, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  email: 'pix@restaurante.com.br',
  phone: '(11) 98765-4321',
  random: '123e4567-e89b-12d3-a456-426614174000',
};

type PixDraft = { keyType: PixKeyType; key: string; merchantName: string; merchantCity: string };

const draftOf = (d: PixSettingsView | undefined): PixDraft => ({
  keyType: d?.keyType ?? 'cnpj',
  key: d?.key ?? '',
  merchantName: d?.merchantName ?? '',
  merchantCity: d?.merchantCity ?? '',
});

/**
 * The PIX key being edited on the general tab, saved by the tab's one "Salvar alterações": until the
 * stored settings arrive it mirrors them, so an untouched card is never "changed".
 */
export function usePixDraft(enabled: boolean) {
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: PIX_KEY, queryFn: () => api.get<PixSettingsView>(PIX_URL), enabled });
  const [edited, setEdited] = useState<PixDraft | null>(null);
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const stored = draftOf(current.data);
  const draft = edited ?? stored;
  const dirty = enabled && edited !== null && JSON.stringify(edited) !== JSON.stringify(stored);

  /** The settings to save when the card changed, null when it did not; false (with the error shown) when invalid. */
  function checked() {
    if (!dirty) return null;
    const result = checkPixSettings(draft);
    if (!result.ok) {
      const field = result.code === 'invalid_pix_name' ? 'name' : result.code === 'invalid_pix_city' ? 'city' : 'key';
      setError({ field, text: result.description ?? result.title });
      toast.error(result.title, { description: result.description });
      return false;
    }
    setError(null);
    return result.settings;
  }

  async function save(settings: Exclude<ReturnType<typeof checked>, null | false>, currentPassword: string | null) {
    const data = await api.put<PixSettingsView>(PIX_URL, { ...settings, currentPassword });
    queryClient.setQueryData(PIX_KEY, data);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'cashier', 'catalog'] });
    setEdited(null);
  }

  return {
    current,
    draft,
    dirty,
    /** The key itself changed: someone other than the owner confirms it with their password. */
    keyChanged: dirty && draft.key.trim() !== stored.key.trim(),
    error,
    set: (patch: Partial<PixDraft>) => setEdited({ ...draft, ...patch }),
    checked,
    save,
  };
}

export type PixDraftState = ReturnType<typeof usePixDraft>;

/**
 * The restaurant's PIX key for the PDV: with it, a PIX payment shows a QR Code of the exact amount
 * generated locally (no provider, no fee) and prints the "copia e cola" on the receipt.
 */
export function PixSettingsCard({ pix }: { pix: PixDraftState }) {
  const { draft, set } = pix;
  const err = (field: string) => (pix.error?.field === field ? pix.error.text : undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle>PIX do restaurante</CardTitle>
        <CardDescription>
          Com a chave cadastrada, o PDV e o cardápio online ("PIX (QR Code)") mostram um QR Code PIX com o valor exato,
          sem taxa de intermediário. Pedidos do cardápio pagos assim são confirmados no quadro de pedidos.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {pix.current.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="Tipo de chave" htmlFor="pix-key-type">
              <Select value={draft.keyType} onValueChange={(v) => set({ keyType: v as PixKeyType })}>
                <SelectTrigger id="pix-key-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PIX_KEY_TYPES.map((t) => (
                    <SelectItem key={t} value={t}>
                      {PIX_KEY_TYPE_LABELS[t]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField
              label="Chave PIX"
              htmlFor="pix-key"
              error={err('key')}
              hint={
                pix.current.data?.configured ? (
                  <span className="inline-flex items-center gap-1 text-success">
                    <CheckCircle2 className="size-3.5" aria-hidden /> configurado
                  </span>
                ) : (
                  'Não configurado'
                )
              }
            >
              <Input
                id="pix-key"
                value={draft.key}
                placeholder={PLACEHOLDER[draft.keyType]}
                maxLength={120}
                aria-invalid={err('key') ? true : undefined}
                onChange={(e) => set({ key: e.target.value })}
              />
            </FormField>
            <FormField label="Nome do recebedor" htmlFor="pix-name" error={err('name')}>
              <Input
                id="pix-name"
                value={draft.merchantName}
                maxLength={PIX_MERCHANT_NAME_MAX}
                aria-invalid={err('name') ? true : undefined}
                onChange={(e) => set({ merchantName: e.target.value })}
              />
            </FormField>
            <FormField label="Cidade" htmlFor="pix-city" error={err('city')}>
              <Input
                id="pix-city"
                value={draft.merchantCity}
                maxLength={PIX_MERCHANT_CITY_MAX}
                aria-invalid={err('city') ? true : undefined}
                onChange={(e) => set({ merchantCity: e.target.value })}
              />
            </FormField>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
