import { DEFAULT_CLOSE_TIME, DEFAULT_OPEN_TIME, type HoursRow, WEEKDAY_LABELS } from '@meucardapio/domain/hours';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';

export type { HoursRow };

/**
 * The seven-day opening-hours grid (0 = Sunday): a "Fechado" switch and open/close times per day.
 * Controlled: the parent keeps the week and saves it (Horários page, Settings "Horários" tab).
 * Reopening a closed day brings back the default 08:00–18:00.
 */
export function HoursGrid({
  value,
  onChange,
  disabled = false,
  className,
}: {
  value: HoursRow[];
  onChange: (week: HoursRow[]) => void;
  disabled?: boolean;
  className?: string;
}) {
  const update = (day: number, patch: Partial<HoursRow>) =>
    onChange(value.map((r) => (r.dayOfWeek === day ? { ...r, ...patch } : r)));
  const rows = [...value].sort((a, b) => a.dayOfWeek - b.dayOfWeek);
  return (
    <div className={cn('divide-y rounded-lg border bg-card', className)}>
      {rows.map((row) => {
        const label = WEEKDAY_LABELS[row.dayOfWeek];
        const base = `hours-${row.dayOfWeek}`;
        return (
          <div
            key={row.dayOfWeek}
            className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 px-4 py-3 sm:grid-cols-[9rem_8rem_1fr]"
          >
            <span className="font-medium">{label}</span>
            <div className="flex items-center gap-2 justify-self-end sm:justify-self-start">
              <Switch
                id={`${base}-closed`}
                checked={row.isClosed}
                disabled={disabled}
                onCheckedChange={(closed) =>
                  update(
                    row.dayOfWeek,
                    closed
                      ? { isClosed: true }
                      : {
                          isClosed: false,
                          openTime: row.openTime ?? DEFAULT_OPEN_TIME,
                          closeTime: row.closeTime ?? DEFAULT_CLOSE_TIME,
                        },
                  )
                }
                aria-label={`${label}: fechado`}
              />
              <Label htmlFor={`${base}-closed`} className="text-sm font-normal text-muted-foreground">
                Fechado
              </Label>
            </div>
            {row.isClosed ? (
              <p className="col-span-2 text-sm text-muted-foreground sm:col-span-1">Fechado o dia todo</p>
            ) : (
              <div className="col-span-2 flex items-center gap-2 sm:col-span-1">
                <Label htmlFor={`${base}-open`} className="sr-only">
                  {label}: abre às
                </Label>
                <Input
                  id={`${base}-open`}
                  type="time"
                  value={row.openTime ?? DEFAULT_OPEN_TIME}
                  disabled={disabled}
                  onChange={(e) => update(row.dayOfWeek, { openTime: e.target.value })}
                  className="w-32"
                />
                <span className="text-sm text-muted-foreground">às</span>
                <Label htmlFor={`${base}-close`} className="sr-only">
                  {label}: fecha às
                </Label>
                <Input
                  id={`${base}-close`}
                  type="time"
                  value={row.closeTime ?? DEFAULT_CLOSE_TIME}
                  disabled={disabled}
                  onChange={(e) => update(row.dayOfWeek, { closeTime: e.target.value })}
                  className="w-32"
                />
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
