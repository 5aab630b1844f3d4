import { MSG } from '@meucardapio/domain/messages';
import { Save } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { HoursGrid } from '@/components/hours-grid';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useLeaveGuard } from '@/lib/unsaved-changes';
import { useHoursEditor } from '../shared/use-hours-editor';

export default function HoursPage() {
  const { hours, week, setWeek, save, submit, dirty } = useHoursEditor();
  const leaveGuard = useLeaveGuard(dirty);
  useEffect(() => {
    if (hours.isError) toast.error('Erro ao carregar horários', { description: MSG.reloadAndRetry });
  }, [hours.isError]);

  return (
    <div className="max-w-3xl">
      {leaveGuard}
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
