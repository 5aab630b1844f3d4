import { useNoteCounts } from './fiscal-api';

/** The sidebar's count of notes not yet authorised: queued or rejected, the ones that need a look. */
export function FiscalNotesBadge() {
  const counts = useNoteCounts().data;
  const stuck = counts ? counts.pending + counts.rejected : 0;
  if (stuck === 0) return null;
  return (
    <span className="ml-auto group-data-[collapsible=icon]:hidden rounded-full bg-warning px-1.5 text-xs font-medium text-warning-foreground tabular-nums">
      {stuck}
      <span className="sr-only"> nota(s) pendente(s)</span>
    </span>
  );
}
