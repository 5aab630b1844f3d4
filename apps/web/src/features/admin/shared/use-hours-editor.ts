import { defaultWeek, type HoursRow, weekForSave } from '@meucardapio/domain/hours';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api';

// One cache key for the Horários page and the Configurações tab, so both screens stay in step.
const KEY = ['admin-hours'] as const;

/** The opening hours being edited: loaded from the server, validated and saved by `submit`. */
export function useHoursEditor() {
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

  const dirty = hours.data !== undefined && JSON.stringify(week) !== JSON.stringify(hours.data);

  return { hours, week, setWeek, save, submit, dirty };
}
