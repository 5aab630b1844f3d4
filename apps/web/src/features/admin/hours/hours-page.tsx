import { defaultWeek, type HoursRow, weekForSave } from '@meucardapio/domain/hours';
import { MSG } from '@meucardapio/domain/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { HoursGrid } from '@/components/hours-grid';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { api, toastError } from '@/lib/api';

const KEY = ['admin-hours'] as const;

export default function HoursPage() {
  const queryClient = useQueryClient();
  const hours = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ hours: HoursRow[] }>('/api/admin/hours').then((r) => r.hours),
  });
  const [week, setWeek] = useState<HoursRow[]>(defaultWeek());
  useEffect(() => {
    if (hours.data) setWeek(hours.data);
  }, [hours.data]);
  useEffect(() => {
    if (hours.isError) toast.error('Erro ao carregar horários', { description: MSG.reloadAndRetry });
  }, [hours.isError]);

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
    <div className="max-w-3xl">
      <PageHeader
        title="Horários de Funcionamento"
        description="Fora destes horários o cardápio mostra a loja como fechada (fuso do restaurante)."
        actions={
          <Button onClick={submit} disabled={save.isPending || hours.isPending}>
            <Save aria-hidden /> {save.isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        }
      />
      {hours.isPending ? (
        <Skeleton className="h-96 w-full rounded-lg" />
      ) : (
        <HoursGrid value={week} onChange={setWeek} disabled={save.isPending} />
      )}
    </div>
  );
}
