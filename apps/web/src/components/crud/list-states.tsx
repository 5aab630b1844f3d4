import { MSG } from '@meucardapio/domain/messages';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorText } from '@/lib/api';
import { cn } from '@/lib/utils';

/** A list that failed to load: a centred panel asking to reload. */
export function LoadErrorPanel({ title }: { title: string }) {
  return (
    <div role="alert" className="rounded-lg border border-destructive/30 p-6 text-center">
      <p className="font-semibold">{title}</p>
      <p className="text-sm text-muted-foreground">{MSG.reloadAndRetry}</p>
    </div>
  );
}

/** A screen that failed to load: a tinted notice with the server's description. */
export function LoadErrorNotice({ title, error, className }: { title: string; error: unknown; className?: string }) {
  return (
    <div role="alert" className={cn('rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm', className)}>
      <p className="font-medium text-destructive">{title}</p>
      <p className="text-muted-foreground">{errorText(error).description}</p>
    </div>
  );
}

/** Placeholder rows while a table's query is pending. `className` sizes each skeleton (e.g. 'h-8'). */
export function TableSkeletonRows({
  colSpan,
  rows = 1,
  className,
}: {
  colSpan: number;
  rows?: number;
  className: string;
}) {
  return Array.from({ length: rows }, (_, i) => (
    <TableRow key={i}>
      <TableCell colSpan={colSpan}>
        <Skeleton className={cn('w-full', className)} />
      </TableCell>
    </TableRow>
  ));
}
