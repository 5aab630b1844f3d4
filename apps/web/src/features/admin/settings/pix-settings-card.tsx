import type { PixSettingsView } from '@meucardapio/domain/cashier-api';
import {
  checkPixSettings,
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  PIX_MERCHANT_CITY_MAX,
  PIX_MERCHANT_NAME_MAX,
  type PixKeyType,
} from '@meucardapio/domain/pix';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { api, errorText } from '@/lib/api';

const PIX_KEY = ['admin', 'cashier', 'pix-settings'] as const;
const PIX_URL = '/api/admin/cashier/pix-settings';

const PLACEHOLDER: Record<PixKeyType, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  email: 'pix@restaurante.com.br',
  phone: '(11) 98765-4321',
  random: '123e4567-e89b-12d3-a456-426614174000',
};

/**
 * The restaurant's PIX key for the PDV: with it, a PIX payment shows a QR Code of the exact amount
 * generated locally (no provider, no fee) and prints the "copia e cola" on the receipt.
 */
export function PixSettingsCard() {
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: PIX_KEY, queryFn: () => api.get<PixSettingsView>(PIX_URL) });
  const [keyType, setKeyType] = useState<PixKeyType>('cnpj');
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [city, setCity] = useState('');
  const [error, setError] = useState<{ field: string; text: string } | null>(null);

  useEffect(() => {
    const d = current.data;
    if (!d) return;
    setKeyType(d.keyType ?? 'cnpj');
    setKey(d.key ?? '');
    setName(d.merchantName ?? '');
    setCity(d.merchantCity ?? '');
  }, [current.data]);

  const save = useMutation({
    mutationFn: (body: { key: string; keyType: PixKeyType; merchantName: string; merchantCity: string }) =>
      api.put<PixSettingsView>(PIX_URL, body),
    onSuccess: (data) => {
      queryClient.setQueryData(PIX_KEY, data);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'cashier', 'catalog'] });
      toast.success('Configuração salva!');
    },
    onError: (err) => {
      const t = errorText(err, 'Erro ao salvar');
      toast.error(t.title, { description: t.description || undefined });
    },
  });

  function submit() {
    const checked = checkPixSettings({ key, keyType, merchantName: name, merchantCity: city });
    if (!checked.ok) {
      const field = checked.code === 'invalid_pix_name' ? 'name' : checked.code === 'invalid_pix_city' ? 'city' : 'key';
      setError({ field, text: checked.description ?? checked.title });
      toast.error(checked.title, { description: checked.description });
      return;
    }
    setError(null);
    save.mutate(checked.settings);
  }

  const err = (field: string) => (error?.field === field ? error.text : undefined);

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
        {current.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <form
            className="grid items-start gap-4 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <FormField label="Tipo de chave" htmlFor="pix-key-type">
              <Select value={keyType} onValueChange={(v) => setKeyType(v as PixKeyType)}>
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
                current.data?.configured ? (
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
                value={key}
                placeholder={PLACEHOLDER[keyType]}
                maxLength={120}
                aria-invalid={err('key') ? true : undefined}
                onChange={(e) => setKey(e.target.value)}
              />
            </FormField>
            <FormField label="Nome do recebedor" htmlFor="pix-name" error={err('name')}>
              <Input
                id="pix-name"
                value={name}
                maxLength={PIX_MERCHANT_NAME_MAX}
                aria-invalid={err('name') ? true : undefined}
                onChange={(e) => setName(e.target.value)}
              />
            </FormField>
            <FormField label="Cidade" htmlFor="pix-city" error={err('city')}>
              <Input
                id="pix-city"
                value={city}
                maxLength={PIX_MERCHANT_CITY_MAX}
                aria-invalid={err('city') ? true : undefined}
                onChange={(e) => setCity(e.target.value)}
              />
            </FormField>
            <div className="flex justify-end sm:col-span-2">
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
