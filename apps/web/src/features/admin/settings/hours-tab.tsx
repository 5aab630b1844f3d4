import { useEffect } from 'react';
import { HoursGrid } from '@/components/hours-grid';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useHoursEditor } from '../shared/use-hours-editor';

export function HoursTab({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { hours, week, setWeek, save, submit, dirty } = useHoursEditor();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

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
