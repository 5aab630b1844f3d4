import { NOTE_STATUS_LABEL, type NoteStatus } from '@meucardapio/domain/fiscal-note';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<NoteStatus, 'destructive' | 'success' | 'warning' | 'outline'> = {
  queued: 'warning',
  processing: 'warning',
  authorized: 'success',
  rejected: 'destructive',
  denied: 'destructive',
  cancelling: 'warning',
  cancelled: 'outline',
};

/** An NFC-e's status chip ("Na fila", "Autorizada"…): the notes page and the PDV's last sale. */
export function NoteStatusBadge({ status }: { status: NoteStatus }) {
  return <Badge variant={VARIANT[status]}>{NOTE_STATUS_LABEL[status]}</Badge>;
}
