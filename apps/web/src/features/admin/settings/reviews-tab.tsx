import { isValidGoogleRating } from '@meucardapio/domain/restaurant-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { api, errorText } from '@/lib/api';
import { type ReviewsSettings, SETTINGS_KEY, type Settings } from './settings-api';

export function ReviewsTab({
  initial,
  onDirtyChange,
}: {
  initial: ReviewsSettings;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [show, setShow] = useState(initial.showReviewsOnMenu);
  const [approval, setApproval] = useState(initial.requireReviewApproval);
  const [rating, setRating] = useState(initial.googleRating === null ? '' : String(initial.googleRating));
  const [count, setCount] = useState(initial.googleReviewsCount === null ? '' : String(initial.googleReviewsCount));
  const [url, setUrl] = useState(initial.googleMyBusinessUrl ?? '');

  const ratingNum = rating.trim() ? Number(rating.replace(',', '.')) : null;
  const countNum = count.trim() ? Number(count) : null;
  const dirty =
    show !== initial.showReviewsOnMenu ||
    approval !== initial.requireReviewApproval ||
    ratingNum !== initial.googleRating ||
    countNum !== initial.googleReviewsCount ||
    (url.trim() || null) !== (initial.googleMyBusinessUrl || null);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const ratingError =
    ratingNum !== null && !isValidGoogleRating(ratingNum) ? 'Informe uma nota de 1 a 5 (ex.: 4,5).' : undefined;
  const countError =
    countNum !== null && !(Number.isInteger(countNum) && countNum >= 0)
      ? 'Informe um número inteiro, 0 ou maior.'
      : undefined;

  const save = useMutation({
    mutationFn: () =>
      api.put<Settings>('/api/admin/settings/reviews', {
        showReviewsOnMenu: show,
        requireReviewApproval: approval,
        googleRating: ratingNum,
        googleReviewsCount: countNum,
        googleMyBusinessUrl: url.trim() || null,
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(SETTINGS_KEY, (old: Settings | undefined) => ({ ...old, ...data }));
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
        if (!ratingError && !countError) save.mutate();
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>Avaliações</CardTitle>
          <CardDescription>Como as avaliações dos clientes aparecem no cardápio.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex items-center justify-between gap-4 rounded-lg border px-3 py-2.5">
            <Label htmlFor="reviews-show">Mostrar avaliações no cardápio</Label>
            <Switch id="reviews-show" checked={show} onCheckedChange={setShow} />
          </div>
          <div className="flex items-center justify-between gap-4 rounded-lg border px-3 py-2.5">
            <div>
              <Label htmlFor="reviews-approval">Exigir aprovação</Label>
              <p className="text-xs text-muted-foreground">Novas avaliações só aparecem depois de aprovadas.</p>
            </div>
            <Switch id="reviews-approval" checked={approval} onCheckedChange={setApproval} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Nota no Google"
              htmlFor="reviews-rating"
              error={ratingError}
              hint="De 1 a 5. O cardápio mostra o bloco do Google quando a nota e o número de avaliações estão preenchidos."
            >
              <Input
                id="reviews-rating"
                type="number"
                min={1}
                max={5}
                step={0.1}
                value={rating}
                onChange={(e) => setRating(e.target.value)}
                aria-invalid={Boolean(ratingError) || undefined}
              />
            </FormField>
            <FormField label="Número de avaliações no Google" htmlFor="reviews-count" error={countError}>
              <Input
                id="reviews-count"
                type="number"
                min={0}
                step={1}
                value={count}
                onChange={(e) => setCount(e.target.value)}
                aria-invalid={Boolean(countError) || undefined}
              />
            </FormField>
          </div>
          <FormField label="Link do Google Meu Negócio" htmlFor="reviews-url">
            <Input
              id="reviews-url"
              inputMode="url"
              placeholder="https://g.page/..."
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </FormField>
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} disabled={Boolean(ratingError || countError)}>
          Salvar alterações
        </Button>
      </div>
    </form>
  );
}
