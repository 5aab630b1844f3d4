import { Badge } from '@/components/ui/badge';
import { type NoteStatus, STATUS_LABEL, STATUS_VARIANT } from './fiscal-api';

export function NoteStatusBadge({ status }: { status: NoteStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{STATUS_LABEL[status]}</Badge>;
}
