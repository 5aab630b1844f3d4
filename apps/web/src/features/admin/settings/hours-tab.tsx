import { defaultWeek, type HoursRow, weekForSave } from '@meucardapio/domain/hours';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { HoursGrid } from '@/components/hours-grid';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { api, toastError } from '@/lib/api';

// Same cache key as the Horários page, so both screens stay in step.
const KEY = ['admin-hours'] as const;

export function HoursTab() {
  const queryClient = useQueryClient();
  const hours = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ hours: HoursRow[] }>('/api/admin/hours').then((r) => r.hours),
  });
  const [week, setWeek] = useState<HoursRow[]>(defaultWeek());
  useEffect(() => {
    if (hours.data) setWeek(hours.data);
  }, [hours.data]);

  const save = useMutation({
    mutationFn: (rows: HoursRow[]) => api.put<{ hours: HoursRow[] }>('/api/admin/hours', { hours: rows }),
    onSuccess: (r) => {
      queryClient.setQueryData(KEY, r.hours);
      toast.success('Horários salvos!');
    },
    onError: (err) => toastError(err, 'Erro ao salvar horários'),
  });

  function submit() {
    const rows = weekForSave(week);
    if (!rows) {
      toast.error('Horário inválido', { description: 'Preencha abertura e fechamento (HH:MM) nos dias abertos.' });
      return;
    }
    save.mutate(rows);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Horários de funcionamento</CardTitle>
        <CardDescription>Fora destes horários o cardápio mostra a loja como fechada.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {hours.isPending ? (
          <Skeleton className="h-96 w-full rounded-lg" />
        ) : hours.isError ? (
          <p className="text-sm text-destructive">Erro ao carregar horários. Recarregue a página e tente novamente.</p>
        ) : (
          <HoursGrid value={week} onChange={setWeek} disabled={save.isPending} />
        )}
        <div className="flex justify-end">
          <Button onClick={submit} loading={save.isPending} disabled={hours.isPending}>
            Salvar horários
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
