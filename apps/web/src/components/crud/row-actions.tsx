import { Pencil, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { TableCell } from '@/components/ui/table';

/** The Ações cell: Editar, and Excluir behind its own confirmation. */
export function RowActionsCell({
  editLabel,
  onEdit,
  deleteLabel,
  confirmTitle,
  confirmDescription,
  onDelete,
}: {
  editLabel: string;
  onEdit: () => void;
  deleteLabel: string;
  confirmTitle: string;
  confirmDescription?: string;
  /** Return the promise (mutateAsync): the confirmation stays open if it fails. */
  onDelete: () => Promise<unknown>;
}) {
  return (
    <TableCell className="text-right">
      <div className="inline-flex gap-1">
        <Button variant="ghost" size="icon" aria-label={editLabel} onClick={onEdit}>
          <Pencil aria-hidden />
        </Button>
        <ConfirmDialog
          title={confirmTitle}
          description={confirmDescription}
          onConfirm={onDelete}
          trigger={
            <Button variant="ghost" size="icon" aria-label={deleteLabel}>
              <Trash2 aria-hidden className="text-destructive" />
            </Button>
          }
        />
      </div>
    </TableCell>
  );
}

/**
 * The compact Ações cell: Editar and, when `onDelete` is given, Excluir (which opens the page's
 * single ConfirmDialog).
 */
export function CompactRowActionsCell({
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
}: {
  editLabel: string;
  onEdit: () => void;
  deleteLabel: string;
  onDelete?: () => void;
}) {
  return (
    <TableCell>
      <div className="flex justify-end gap-1">
        <Button variant="ghost" size="icon-sm" aria-label={editLabel} onClick={onEdit}>
          <Pencil aria-hidden />
        </Button>
        {onDelete && (
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-destructive hover:text-destructive"
            aria-label={deleteLabel}
            onClick={onDelete}
          >
            <Trash2 aria-hidden />
          </Button>
        )}
      </div>
    </TableCell>
  );
}
